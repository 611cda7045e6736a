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
    /// What kind of failure that was: whether it may pass without the file
    /// changing (then it is probed again on the next scan).
    public var failure: PluginFailure?
    /// The intents it would have served, for a plugin that did not load,
    /// when that is known (its descriptor was read before init failed, or
    /// it loaded before): a request for one of them then learns why.
    public var wouldServe: [String]?
    /// The intents its definition defines, with whether each asks the user
    /// to confirm.
    public var definedIntents: [String]
    /// The title of each intent it handles, as a shortcut without values
    /// is titled from its definition (``ShortcutTitle``); an intent whose
    /// definition gives none is absent. A cache written before this field
    /// existed does not decode, so every plugin is probed again once.
    public var intentTitles: [String: String]
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
        self.intentTitles = [:]
        self.timings = timings
        self.linkedLibraries = linkedLibraries
    }

    /// True when the record describes the file as it is now and need not
    /// be probed again: a failure whose cause may have gone is retried.
    func matches(size: Int64, modified: Int64) -> Bool {
        self.size == size && self.modified == modified && !(failure?.mayPass ?? false)
    }

    /// The intents this plugin serves, or would serve had it loaded.
    var intentsClaimed: [String] {
        if let manifest { return manifest.intentsSupported + manifest.intentsRestrictedWhileLocked }
        return wouldServe ?? []
    }
}
