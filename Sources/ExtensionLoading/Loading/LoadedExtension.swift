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
    /// Its embedded intent definition: the shapes of its intents.
    public let definition: IntentDefinition
    /// The conversation plans of its intents, made by the first request of
    /// each and kept, so a warm request works nothing out from the definition.
    public let plans: ConversationPlans
    /// Names it in messages: `extension <identifier>`.
    public let label: String
    /// How long each loading phase took. `firstHandlerFor` is filled in by
    /// the first request.
    public var timings: LoadTimings { measured.withLock { $0 } }
    /// Under a lock: concurrent requests (the service's sessions) may each
    /// be the first to call `handler(for:)`.
    private let measured: Mutex<LoadTimings>

    let identity: Posix.FileIdentity
    package let descriptor: UnsafePointer<exthost_extension>
    /// What `init` stored: the extension's own context.
    let context: UnsafeMutableRawPointer?

    init(
        path: String,
        identity: Posix.FileIdentity,
        manifest: ExtensionManifest,
        definition: IntentDefinition,
        descriptor: UnsafePointer<exthost_extension>,
        context: UnsafeMutableRawPointer?,
        timings: LoadTimings
    ) {
        self.path = path
        self.identity = identity
        self.manifest = manifest
        self.definition = definition
        self.plans = ConversationPlans(definition: definition)
        self.label = "extension \(manifest.identifier)"
        self.descriptor = descriptor
        self.context = context
        self.measured = Mutex(timings)
    }

    /// Records how long the first `handler(for:)` took; later calls change nothing.
    func recordFirstHandlerFor(_ nanoseconds: UInt64) {
        measured.withLock { timings in
            if timings.firstHandlerFor == 0 { timings.firstHandlerFor = max(nanoseconds, 1) }
        }
    }
}
