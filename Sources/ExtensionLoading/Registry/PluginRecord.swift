import IntentConversation
import IntentDefinition
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
    /// The extension and app it would have served as, for a plugin that did
    /// not load, when that is known (as for ``wouldServe``): a request that
    /// names that extension or app (an intent file's `extension`, `app`)
    /// then learns why.
    public var wouldServeAs: ExtensionIdentity?
    /// Whether its claim to its app is corroborated by the app's installed
    /// manifest (``AppClaim``); set on every scan, for a plugin that loaded.
    public var appClaim: AppClaim?
    /// The intents its definition defines, with whether each asks the user
    /// to confirm.
    public var definedIntents: [String]
    /// The title of each intent it handles, as a shortcut without values
    /// is titled from its definition (``ShortcutTitle``); an intent whose
    /// definition gives none is absent. A cache written before this field
    /// existed does not decode, so every plugin is probed again once.
    public var intentTitles: [String: String]
    /// ``intentTitles`` in each language the definition has texts in
    /// (`<lang>.lproj/<Name>.strings`), by language: every such language is
    /// a key, with only the titles that differ from the base ones. A cache written before this field existed
    /// does not decode, so every plugin is probed again once.
    public var localizedIntentTitles: [String: [String: String]]
    /// The intents it handles that its definition marks deprecated
    /// (`INIntentDeprecated`): run when asked, not offered for new
    /// shortcuts. A cache written before this field existed does not
    /// decode, so every plugin is probed again once.
    public var deprecatedIntents: [String]
    /// The load timings measured when it was last loaded (fresh process).
    public var timings: LoadTimings?
    /// The shared libraries it links (ELF `DT_NEEDED`).
    public var linkedLibraries: [String]
    /// How its definition was read when it loaded: from the tables it
    /// carries (`definition_tables`, read in place, no text parsed) or
    /// parsed from its JSON text (ABI 1, tables of an older exthost, none).
    /// Nil in a record cached before this field.
    public var definitionForm: DefinitionForm?

    /// How a plugin's embedded definition is read.
    public enum DefinitionForm: String, Codable, Sendable {
        /// Its tables, read in place (`definition_tables`).
        case tables
        /// Its JSON text, parsed (`definition`).
        case text
    }

    public init(path: String, size: Int64, modified: Int64, manifest: ExtensionManifest? = nil, error: String? = nil,
                definedIntents: [String] = [], timings: LoadTimings? = nil, linkedLibraries: [String] = []) {
        self.path = path
        self.size = size
        self.modified = modified
        self.manifest = manifest
        self.error = error
        self.definedIntents = definedIntents
        self.intentTitles = [:]
        self.localizedIntentTitles = [:]
        self.deprecatedIntents = []
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

    /// The title of a shortcut of `intent` without values, in the first of
    /// `languages` the definition has texts in, else the base one.
    public func intentTitle(_ intent: String, languages: LanguagePreference) -> String? {
        if let key = languages.language(among: localizedIntentTitles.keys), let title = localizedIntentTitles[key]?[intent] {
            return title
        }
        return intentTitles[intent]
    }

    /// The extension and app this plugin is, or would be had it loaded.
    var identityClaimed: ExtensionIdentity? {
        manifest.map(ExtensionIdentity.init) ?? wouldServeAs
    }

    /// Whether this plugin, which did not load, would have served `intent`
    /// (narrowed to an extension or an app when given): nil when that is
    /// not known.
    func mayServe(_ intent: String, extensionIdentifier: String?, app: String?) -> Bool? {
        let intents = wouldServe ?? []
        guard !intents.isEmpty else { return nil }
        guard intents.contains(intent) else { return false }
        if extensionIdentifier == nil && app == nil { return true }
        guard let wouldServeAs else { return nil }
        if let extensionIdentifier, wouldServeAs.identifier != extensionIdentifier { return false }
        if let app, wouldServeAs.app != app { return false }
        return true
    }

    /// Keeps what this plugin, which did not load, would have served and as
    /// whom (from its descriptor, read before init failed, or from its
    /// record of when it last loaded); nothing for a plugin that loaded or
    /// for no intents.
    mutating func remember(wouldServe intents: [String], as identity: ExtensionIdentity?) {
        guard manifest == nil, !intents.isEmpty else { return }
        wouldServe = intents
        wouldServeAs = identity
    }
}

/// Which extension a plugin is and whose app it belongs to.
public struct ExtensionIdentity: Codable, Equatable, Sendable {
    /// The extension's identifier (`com.example.studyrecord.intents`).
    public var identifier: String
    /// The containing app's identifier.
    public var app: String

    public init(identifier: String, app: String) {
        self.identifier = identifier
        self.app = app
    }

    init(_ manifest: ExtensionManifest) {
        self.init(identifier: manifest.identifier, app: manifest.app)
    }
}
