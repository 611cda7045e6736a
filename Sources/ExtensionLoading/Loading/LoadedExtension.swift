import IntentConversation
import ExthostPosix
import CExthost
import IntentDefinition
import Synchronization

/// An extension plugin loaded into this process.
///
/// There is no way to unload it: a Swift image must never be closed, so a
/// loaded extension lives until the process ends.
public final class LoadedExtension: @unchecked Sendable {
    /// The plugin's resolved path.
    public let path: String
    /// What its descriptor says.
    public let manifest: ExtensionManifest
    /// Its whole embedded intent definition: the shapes of all its intents,
    /// for tools (`probe`, `list`). Read from tables the first time it is
    /// asked for; a request reads only its intent (``definition(forIntent:)``).
    public var definition: IntentDefinition { embedded.whole }
    /// Whether its definition is read from tables (ABI 2), not parsed from text.
    public var readsDefinitionTables: Bool { embedded.isTables }
    let embedded: EmbeddedDefinition
    /// The conversation plans of its intents, made by the first request of
    /// each from that intent's part of the definition and kept, so a warm
    /// request works nothing out from the definition.
    public let plans: ConversationPlans
    /// Its intents' definitions in the languages requests were spoken in,
    /// each made by the first such request and kept.
    public let spokenDefinitions = SpokenDefinitions()
    /// What its ended requests' sessions leave for the next ones
    /// (``SessionScratch``).
    let sessionScratches = SessionScratchPool()
    /// Names it in messages: `extension <identifier>`.
    public let label: String
    /// How long each loading phase took. `firstHandlerFor` is filled in by
    /// the first request.
    public var timings: LoadTimings { measured.withLock { $0 } }
    /// Under a lock: concurrent requests (the service's sessions) may each
    /// be the first to call `handler(for:)`.
    private let measured: Mutex<LoadTimings>
    /// Whether `firstHandlerFor` is in `measured` (``recordFirstHandlerFor(_:)``).
    private let handlerForRecorded = Atomic<Bool>(false)

    let identity: Posix.FileIdentity
    package let descriptor: UnsafePointer<exthost_extension>
    /// What `init` stored: the extension's own context.
    let context: UnsafeMutableRawPointer?

    init(
        path: String,
        identity: Posix.FileIdentity,
        manifest: ExtensionManifest,
        definition: EmbeddedDefinition,
        descriptor: UnsafePointer<exthost_extension>,
        context: UnsafeMutableRawPointer?,
        timings: LoadTimings
    ) {
        self.path = path
        self.identity = identity
        self.manifest = manifest
        self.embedded = definition
        self.plans = ConversationPlans { name in try? definition.definition(forIntent: name).0 }
        self.label = "extension \(manifest.identifier)"
        self.descriptor = descriptor
        self.context = context
        self.measured = Mutex(timings)
    }

    /// The definition a request for `intent` needs: from tables, that
    /// intent's part alone (and the shared enums, types and translations),
    /// read the first time and kept; from text, the whole definition. The
    /// first read of each intent is added to the load's `definition` phase.
    ///
    /// - Throws: ``ExtensionLoadError`` (error 5001) when the intent's part
    ///   of the tables cannot be read.
    public func definition(forIntent intent: String) throws(ExtensionLoadError) -> IntentDefinition {
        let start = Posix.monotonicNanoseconds()
        let (definition, read) = try embedded.definition(forIntent: intent)
        if read {
            let elapsed = Posix.monotonicNanoseconds() - start
            measured.withLock { $0.definition += elapsed }
        }
        return definition
    }

    /// Reads `intent`'s definition again, past what was kept: for
    /// `exthost bench`'s warm read.
    package func readDefinitionAgain(forIntent intent: String) throws(ExtensionLoadError) -> IntentDefinition {
        try embedded.readAgain(forIntent: intent)
    }

    /// Records how long the first `handler(for:)` took; later calls change nothing.
    func recordFirstHandlerFor(_ nanoseconds: UInt64) {
        // A warm request reads a flag, not the lock.
        guard !handlerForRecorded.load(ordering: .acquiring) else { return }
        measured.withLock { timings in
            if timings.firstHandlerFor == 0 { timings.firstHandlerFor = max(nanoseconds, 1) }
        }
        handlerForRecorded.store(true, ordering: .releasing)
    }
}
