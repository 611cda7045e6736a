import Intents

/// The extension's one export: the descriptor of `IntentHandler`, which
/// supports three of the system's media intents (no definition of its own;
/// playing is the app's, in-app).
@_cdecl("exthost_extension_entry")
public func exthostExtensionEntry() -> UnsafeRawPointer { ExtensionExport.descriptor(IntentHandler(), identifier: "com.example.media.intents", app: "com.example.media", intentsSupported: ["INAddMediaIntent", "INSearchForMediaIntent", "INUpdateMediaAffinityIntent"]) }
