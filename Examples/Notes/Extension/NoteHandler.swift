import Intents

/// Creates notes, adds to them, and searches the notebook.
final class NoteHandler: NSObject, INCreateNoteIntentHandling, INSearchForNotebookItemsIntentHandling {
    func resolveTitle(for intent: INCreateNoteIntent, with completion: @escaping (INSpeakableStringResolutionResult) -> Void) {
        guard let title = intent.title, !title.spokenPhrase.isEmpty else {
            completion(.needsValue())
            return
        }
        completion(.success(with: title))
    }

    /// Text, or an image the app can fetch (at a URL) or was given the
    /// bytes of (INImage(imageData:)): it has no images of its own to name.
    func resolveContent(for intent: INCreateNoteIntent, with completion: @escaping (INNoteContentResolutionResult) -> Void) {
        switch intent.content {
        case nil: completion(.notRequired())
        case let image as INImageNoteContent where image.image?.name != nil: completion(.unsupported())
        case let content?: completion(.success(with: content))
        }
    }

    func handle(intent: INCreateNoteIntent, completion: @escaping (INCreateNoteIntentResponse) -> Void) {
        guard let title = intent.title else {
            completion(INCreateNoteIntentResponse(code: .failure, userActivity: nil))
            return
        }
        let response = INCreateNoteIntentResponse(code: .success, userActivity: nil)
        response.createdNote = INNote(title: title, contents: intent.content.map { [$0] } ?? [], groupName: intent.groupName,
                                      createdDateComponents: nil, modifiedDateComponents: nil, identifier: "note-2")
        completion(response)
    }

    /// Notes, lists and tasks whose title or text contains the words asked for.
    func handle(intent: INSearchForNotebookItemsIntent, completion: @escaping (INSearchForNotebookItemsIntentResponse) -> Void) {
        let words = [intent.title?.spokenPhrase, intent.content].compactMap { $0?.lowercased() }
        func matches(_ texts: [String?]) -> Bool {
            let text = texts.compactMap { $0?.lowercased() }.joined(separator: " ")
            return words.allSatisfy(text.contains)
        }
        let response = INSearchForNotebookItemsIntentResponse(code: .success, userActivity: nil)
        if intent.itemType == .unknown || intent.itemType == .note {
            response.notes = Notebook.notes.filter { matches([$0.displayString] + $0.contents.map { ($0 as? INTextNoteContent)?.text }) }
        }
        if intent.itemType == .unknown || intent.itemType == .taskList {
            response.taskLists = Notebook.lists.filter { matches([$0.displayString]) }
        }
        if intent.itemType == .unknown || intent.itemType == .task {
            response.tasks = Notebook.tasks.filter { matches([$0.displayString]) && (intent.status == .unknown || $0.status == intent.status) }
        }
        response.sortType = .asIs
        completion(response)
    }
}

// iOS 15 deprecates INAppendToNoteIntent with no replacement; the app still
// answers it, in an extension that says so and so builds without warnings.
@available(*, deprecated, message: "INAppendToNoteIntent is deprecated. There is no replacement.")
extension NoteHandler: INAppendToNoteIntentHandling {
    func resolveTargetNote(for intent: INAppendToNoteIntent, with completion: @escaping (INNoteResolutionResult) -> Void) {
        let matches = Notebook.named(intent.targetNote, in: Notebook.notes)
        if intent.targetNote == nil {
            completion(.needsValue())
        } else if let note = matches.first {
            completion(.success(with: note))
        } else {
            completion(.unsupported())
        }
    }

    func handle(intent: INAppendToNoteIntent, completion: @escaping (INAppendToNoteIntentResponse) -> Void) {
        guard let note = intent.targetNote, let content = intent.content else {
            completion(INAppendToNoteIntentResponse(code: .failure, userActivity: nil))
            return
        }
        note.contents += [content]
        let response = INAppendToNoteIntentResponse(code: .success, userActivity: nil)
        response.note = note
        completion(response)
    }
}
