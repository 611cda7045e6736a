import IntentConversation
/// What an extension says about itself in its descriptor: the manifest the
/// registry is built from. Copied out of the plugin, so it outlives nothing.
public struct ExtensionManifest: Codable, Equatable, Sendable {
    /// The extension's identifier, e.g. `com.example.studyrecord.intents`.
    public var identifier: String
    /// The containing app's identifier.
    public var app: String
    /// The toolchain that built it: `swift-6.3.1-RELEASE` or `c`.
    public var toolchain: String
    /// The ABI version of its descriptor.
    public var abiVersion: UInt32
    /// The intents it handles (`IntentsSupported`).
    public var intentsSupported: [String]
    /// The intents it handles only while the device is unlocked
    /// (`IntentsRestrictedWhileLocked`).
    public var intentsRestrictedWhileLocked: [String]

    public init(
        identifier: String,
        app: String,
        toolchain: String,
        abiVersion: UInt32,
        intentsSupported: [String],
        intentsRestrictedWhileLocked: [String]
    ) {
        self.identifier = identifier
        self.app = app
        self.toolchain = toolchain
        self.abiVersion = abiVersion
        self.intentsSupported = intentsSupported
        self.intentsRestrictedWhileLocked = intentsRestrictedWhileLocked
    }
}
