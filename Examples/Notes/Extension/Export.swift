import Intents

/// The extension's one export: the descriptor of `IntentHandler`, which
/// supports the system's eight lists-and-notes intents (no definition of its own).
@_cdecl("exthost_extension_entry")
public func exthostExtensionEntry() -> UnsafeRawPointer {
    ExtensionExport.descriptor(IntentHandler(), identifier: "com.example.notes.intents", app: "com.example.notes", intentsSupported: [
        "INCreateNoteIntent", "INAppendToNoteIntent", "INSearchForNotebookItemsIntent", "INAddTasksIntent",
        "INCreateTaskListIntent", "INSetTaskAttributeIntent", "INDeleteTasksIntent", "INSnoozeTasksIntent",
    ])
}
