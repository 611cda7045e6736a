import IntentDefinition

/// The extension a call of `exthost_host_api.donations` comes from: each
/// extension's table has a donations function of its own
/// (``DonationsClosure``), bound to this, so the store can refuse a request
/// in another app's name or with values its definition does not allow.
public struct DonatingExtension: Sendable {
    /// The extension's identifier.
    public var identifier: String
    /// Its containing app: the only app it may donate or delete for.
    public var app: String
    /// Its intents, as its embedded definition describes them: read whole
    /// at the first donation (not when the extension loads).
    public var definition: IntentDefinition { embedded.whole }

    private let embedded: EmbeddedDefinition

    init(identifier: String, app: String, definition: EmbeddedDefinition) {
        self.identifier = identifier
        self.app = app
        self.embedded = definition
    }
}
