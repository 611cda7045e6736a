import Intents

/// The app's notebook as the extension finds it: a note and a grocery list.
enum Notebook {
    static let notes: [INNote] = [
        INNote(title: INSpeakableString(spokenPhrase: "Trip ideas"), contents: [INTextNoteContent(text: "Lisbon in May")],
               groupName: nil, createdDateComponents: nil, modifiedDateComponents: nil, identifier: "note-1"),
    ]

    static let lists: [INTaskList] = [
        INTaskList(title: INSpeakableString(spokenPhrase: "Groceries"), tasks: [task("Milk", "task-1"), task("Bread", "task-2")],
                   groupName: nil, createdDateComponents: nil, modifiedDateComponents: nil, identifier: "list-1"),
    ]

    static var tasks: [INTask] { lists.flatMap(\.tasks) }

    /// A new, not completed task.
    static func task(_ title: String, _ identifier: String) -> INTask {
        INTask(title: INSpeakableString(spokenPhrase: title), status: .notCompleted, taskType: .completable,
               spatialEventTrigger: nil, temporalEventTrigger: nil, createdDateComponents: nil,
               modifiedDateComponents: nil, identifier: identifier, priority: .notFlagged)
    }

    /// The items whose title is the one spoken, ignoring case.
    static func named<Item: INObject>(_ spoken: INObject?, in items: [Item]) -> [Item] {
        guard let phrase = spoken?.displayString.lowercased(), !phrase.isEmpty else { return [] }
        return items.filter { $0.displayString.lowercased() == phrase }
    }
}
