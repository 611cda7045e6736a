import Intents

/// The extension's one export: the descriptor of `IntentHandler`.
@_cdecl("exthost_extension_entry")
public func exthostExtensionEntry() -> UnsafeRawPointer { ExtensionExport.descriptor(IntentHandler(), identifier: "com.example.studyrecord.intents", app: "com.example.studyrecord", definition: StudyRecordIntentDefinition.self) }
