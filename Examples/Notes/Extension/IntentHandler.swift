import Intents

/// The notes app's Intents extension: the principal class. Notes are
/// handled by one object conforming to the three note intents' protocols,
/// lists and tasks by another conforming to five, as notes apps write them.
class IntentHandler: INExtension {
    override func handler(for intent: INIntent) -> Any {
        switch intent {
        case is INCreateNoteIntent, is INAppendToNoteIntent, is INSearchForNotebookItemsIntent: return NoteHandler()
        default: return TaskHandler()
        }
    }
}
