import Foundation

/// Apple's initialisers of the notebook's items: `INNote`, `INTask`,
/// `INTaskList` and a note's contents. The classes themselves are
/// generated with the system intents (custom types of the lists-and-notes
/// domain: `INObject`s whose display string is the title), but for the
/// two kinds of content, which are written here.
///
/// `INNoteContent` (generated) is abstract, as Apple's is: what a handler
/// receives is an `INTextNoteContent` or an `INImageNoteContent`, told
/// apart by the object's image (an intent file's `"content": "milk"` is
/// text, `{"displayString": "Receipt", "image": "file:///…/receipt.png"}`
/// an image), so `content as? INTextNoteContent` reads as on iOS.
extension INNoteContent: _ExthostAbstractObject {
    /// An image content when the object has an image, else a text.
    public static func _exthostConcreteClass(image: INImage?) -> INObject.Type {
        image == nil ? INTextNoteContent.self : INImageNoteContent.self
    }
}

/// A note's text.
public final class INTextNoteContent: INNoteContent, @unchecked Sendable {
    /// A note's text.
    ///
    /// - Parameter text: The text.
    public convenience init(text: String) {
        self.init(identifier: nil, display: text, pronunciationHint: nil)
    }

    /// The text (the display string: an intent file gives it as text).
    public var text: String? { displayString }
}

/// An image in a note.
public final class INImageNoteContent: INNoteContent, @unchecked Sendable {
    /// A note's image.
    ///
    /// - Parameter image: The image (a named image of the app, or one at a
    ///   URL; across the ABI its name or URL).
    public convenience init(image: INImage) {
        self.init(identifier: nil, display: image.reference, pronunciationHint: nil)
        displayImage = image
    }

    /// The image.
    public var image: INImage? { displayImage }
}

/// What notes and task lists have alike: a title, a folder, and when they
/// were created and last changed.
protocol NotebookItem: INObject {
    var title: INSpeakableString { get set }
    var groupName: INSpeakableString? { get set }
    var createdDateComponents: DateComponents? { get set }
    var modifiedDateComponents: DateComponents? { get set }
}

extension NotebookItem {
    /// Sets the properties notes and task lists share.
    func setShared(title: INSpeakableString, groupName: INSpeakableString?, created: DateComponents?, modified: DateComponents?) {
        self.title = title
        self.groupName = groupName
        self.createdDateComponents = created
        self.modifiedDateComponents = modified
    }
}

extension INNote: NotebookItem {
    /// A note.
    ///
    /// - Parameters:
    ///   - title: Its title.
    ///   - contents: Its text.
    ///   - groupName: The folder it is in.
    ///   - createdDateComponents: When it was created.
    ///   - modifiedDateComponents: When it was last changed.
    ///   - identifier: The app's identifier for it.
    public convenience init(
        title: INSpeakableString,
        contents: [INNoteContent],
        groupName: INSpeakableString?,
        createdDateComponents: DateComponents?,
        modifiedDateComponents: DateComponents?,
        identifier: String?
    ) {
        self.init(identifier: identifier, display: title.spokenPhrase, pronunciationHint: nil)
        self.contents = contents
        setShared(title: title, groupName: groupName, created: createdDateComponents, modified: modifiedDateComponents)
    }
}

extension INTask {
    /// A task, with its priority.
    ///
    /// - Parameters:
    ///   - title: What to do.
    ///   - status: Completed or not.
    ///   - taskType: Whether it can be completed.
    ///   - spatialEventTrigger: The place that reminds of it.
    ///   - temporalEventTrigger: The time that reminds of it.
    ///   - createdDateComponents: When it was created.
    ///   - modifiedDateComponents: When it was last changed.
    ///   - identifier: The app's identifier for it.
    ///   - priority: Flagged or not.
    public convenience init(
        title: INSpeakableString,
        status: INTaskStatus,
        taskType: INTaskType,
        spatialEventTrigger: INSpatialEventTrigger?,
        temporalEventTrigger: INTemporalEventTrigger?,
        createdDateComponents: DateComponents?,
        modifiedDateComponents: DateComponents?,
        identifier: String?,
        priority: INTaskPriority
    ) {
        self.init(identifier: identifier, display: title.spokenPhrase, pronunciationHint: nil)
        self.title = title
        self.status = status
        self.taskType = taskType
        self.spatialEventTrigger = spatialEventTrigger
        self.temporalEventTrigger = temporalEventTrigger
        self.createdDateComponents = createdDateComponents
        self.modifiedDateComponents = modifiedDateComponents
        self.priority = priority
    }

    /// A task (iOS 11's initialiser: no priority).
    public convenience init(
        title: INSpeakableString,
        status: INTaskStatus,
        taskType: INTaskType,
        spatialEventTrigger: INSpatialEventTrigger?,
        temporalEventTrigger: INTemporalEventTrigger?,
        createdDateComponents: DateComponents?,
        modifiedDateComponents: DateComponents?,
        identifier: String?
    ) {
        self.init(title: title, status: status, taskType: taskType, spatialEventTrigger: spatialEventTrigger,
                  temporalEventTrigger: temporalEventTrigger, createdDateComponents: createdDateComponents,
                  modifiedDateComponents: modifiedDateComponents, identifier: identifier, priority: .unknown)
    }
}

extension INTaskList: NotebookItem {
    /// A list of tasks: `tasks` in place of a note's contents, the other
    /// parameters as `INNote`'s initialiser has them.
    public convenience init(
        title: INSpeakableString,
        tasks: [INTask],
        groupName: INSpeakableString?,
        createdDateComponents: DateComponents?,
        modifiedDateComponents: DateComponents?,
        identifier: String?
    ) {
        self.init(identifier: identifier, display: title.spokenPhrase, pronunciationHint: nil)
        self.tasks = tasks
        setShared(title: title, groupName: groupName, created: createdDateComponents, modified: modifiedDateComponents)
    }
}
