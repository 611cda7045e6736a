import IntentConversation
/// What the system knows about one plugin file without loading it again:
/// the registry cache's entry, keyed by path, size and modification time.
public struct PluginRecord: Codable, Equatable, Sendable {
    public var path: String
    public var size: Int64
    /// Modification time, nanoseconds since the epoch.
    public var modified: Int64
    /// The manifest, when it loaded.
    public var manifest: ExtensionManifest?
    /// Why it did not load, when it did not.
    public var error: String?
    /// The intents its definition defines, with whether each asks the user
    /// to confirm.
    public var definedIntents: [String]
    /// The load timings measured when it was last loaded (fresh process).
    public var timings: LoadTimings?
    /// The shared libraries it links (ELF `DT_NEEDED`).
    public var linkedLibraries: [String]

    public init(path: String, size: Int64, modified: Int64, manifest: ExtensionManifest? = nil, error: String? = nil,
                definedIntents: [String] = [], timings: LoadTimings? = nil, linkedLibraries: [String] = []) {
        self.path = path
        self.size = size
        self.modified = modified
        self.manifest = manifest
        self.error = error
        self.definedIntents = definedIntents
        self.timings = timings
        self.linkedLibraries = linkedLibraries
    }

    /// True when the record describes the file as it is now.
    func matches(size: Int64, modified: Int64) -> Bool {
        self.size == size && self.modified == modified
    }
}
