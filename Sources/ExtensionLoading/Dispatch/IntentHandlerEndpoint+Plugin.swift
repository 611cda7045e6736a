import ExthostABI
import IntentConversation

extension IntentHandlerEndpoint {
    /// An extension loaded into this process.
    public static func plugin(_ loaded: LoadedExtension) -> IntentHandlerEndpoint {
        IntentHandlerEndpoint(
            definition: loaded.definition,
            label: loaded.label,
            identifier: loaded.manifest.identifier,
            appIdentifier: loaded.manifest.app,
            loadTimings: { loaded.timings },
            plans: loaded.plans,
            connect: { (intent, identifier) throws(IntentsError) in
                try IntentHandlerSession(extension: loaded, intent: intent, identifier: identifier)
            }
        )
    }
}
