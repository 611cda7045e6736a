import ExthostABI
import IntentConversation

extension IntentHandlerEndpoint {
    /// An extension loaded into this process.
    public static func plugin(_ loaded: LoadedExtension) -> IntentHandlerEndpoint {
        IntentHandlerEndpoint(
            definition: loaded.definition,
            label: "extension \(loaded.manifest.identifier)",
            identifier: loaded.manifest.identifier,
            appIdentifier: loaded.manifest.app,
            loadTimings: { loaded.timings },
            connect: { (intent, identifier) throws(IntentsError) in
                try IntentHandlerSession(extension: loaded, intent: intent, identifier: identifier)
            }
        )
    }
}
