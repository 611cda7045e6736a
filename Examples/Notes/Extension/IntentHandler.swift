import Intents

/// The notes app's Intents extension: the principal class. Notes are
/// handled by one object conforming to the three note intents' protocols,
/// lists and tasks by another conforming to five, as notes apps write them.
/// iOS 15 deprecates appending to a note, creating a list and deleting
/// tasks, with no replacement: the append intent is matched by name, as its
/// class may not be named outside deprecated code.
class IntentHandler: INExtension {
    override func handler(for intent: INIntent) -> Any {
        switch intent {
        case is INCreateNoteIntent, is INSearchForNotebookItemsIntent: return NoteHandler()
        case _ where type(of: intent).intentName == "INAppendToNoteIntent": return NoteHandler()
        default: return TaskHandler()
        }
    }
}
