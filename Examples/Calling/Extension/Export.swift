import Intents

/// The extension's one export: the descriptor of `IntentHandler`, which
/// supports the system's two calling intents (no definition of its own).
@_cdecl("exthost_extension_entry")
public func exthostExtensionEntry() -> UnsafeRawPointer { ExtensionExport.descriptor(IntentHandler(), identifier: "com.example.calling.intents", app: "com.example.calling", intentsSupported: ["INStartCallIntent", "INSearchCallHistoryIntent"]) }
