import Intents

/// The extension's one export: the descriptor of `IntentHandler`, which
/// supports three of the system's messaging intents (no definition of its own).
@_cdecl("exthost_extension_entry")
public func exthostExtensionEntry() -> UnsafeRawPointer { ExtensionExport.descriptor(IntentHandler(), identifier: "com.example.messaging.intents", app: "com.example.messaging", intentsSupported: ["INSendMessageIntent", "INSearchForMessagesIntent", "INSetMessageAttributeIntent"]) }
