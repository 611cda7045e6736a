import Intents
import OurPrivateFramework

/// The extension's one export: the descriptor of `IntentHandler`.
@_cdecl("exthost_extension_entry")
public func exthostExtensionEntry() -> UnsafeRawPointer { ExtensionExport.descriptor(IntentHandler(), identifier: "jp.co.freee.accounting.intents", app: "jp.co.freee.accounting", definition: FreeeIntentDefinition.self) }
