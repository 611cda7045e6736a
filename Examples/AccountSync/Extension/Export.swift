import AccountSyncKit
import Intents

/// The extension's one export: the descriptor of `IntentHandler`.
@_cdecl("exthost_extension_entry")
public func exthostExtensionEntry() -> UnsafeRawPointer { ExtensionExport.descriptor(IntentHandler(), identifier: "com.example.accountsync.intents", app: "com.example.accountsync", definition: AccountSyncIntentDefinition.self) }
