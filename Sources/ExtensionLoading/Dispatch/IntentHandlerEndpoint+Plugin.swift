import ExthostABI
import IntentConversation
import IntentDefinition

extension IntentHandlerEndpoint {
    /// An extension loaded into this process, with its whole definition.
    public static func plugin(_ loaded: LoadedExtension) -> IntentHandlerEndpoint {
        plugin(loaded, definition: loaded.definition)
    }

    /// An extension loaded into this process, for a request for `intent`:
    /// with the definition that intent needs, its part alone when the
    /// plugin carries tables (``LoadedExtension/definition(forIntent:)``).
    ///
    /// - Throws: `IntentsError` 5001 when the intent's part cannot be read.
    public static func plugin(_ loaded: LoadedExtension, forIntent intent: String) throws(IntentsError) -> IntentHandlerEndpoint {
        do {
            return plugin(loaded, definition: try loaded.definition(forIntent: intent))
        } catch {
            throw IntentsError(error.code, error.description)
        }
    }

    private static func plugin(_ loaded: LoadedExtension, definition: IntentDefinition) -> IntentHandlerEndpoint {
        var endpoint = IntentHandlerEndpoint(
            definition: definition,
            label: loaded.label,
            identifier: loaded.manifest.identifier,
            appIdentifier: loaded.manifest.app,
            loadTimings: { loaded.timings },
            plans: loaded.plans,
            connect: { (intent, identifier, values) throws(IntentsError) in
                try IntentHandlerSession(extension: loaded, intent: intent, identifier: identifier, values: values)
            }
        )
        endpoint.spokenDefinitions = loaded.spokenDefinitions
        return endpoint
    }
}
