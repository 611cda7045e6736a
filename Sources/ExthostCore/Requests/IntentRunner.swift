import Foundation
import IntentDefinition

/// Runs one request the way the system does: find the extension that
/// handles the intent, load it (timed, counting against the first stage),
/// and hold the conversation.
public struct IntentRunner {
    /// Where plugins are and how to learn about them.
    public var catalog: PluginCatalog
    public var loader: ExtensionLoader
    public var stageDeadline: Double
    public var watchdog: StageWatchdog?

    public init(catalog: PluginCatalog, loader: ExtensionLoader, stageDeadline: Double = 10, watchdog: StageWatchdog? = nil) {
        self.catalog = catalog
        self.loader = loader
        self.stageDeadline = stageDeadline
        self.watchdog = watchdog
    }

    /// What a run can fail with before the conversation starts.
    public enum Failure: Error, CustomStringConvertible {
        /// The request is wrong (bad values, unknown parameter): fix the input.
        case request(IntentRequestError)
        /// The system could not serve it (no extension, load failed, …).
        case system(IntentsError)

        public var description: String {
            switch self {
            case .request(let error): error.description
            case .system(let error): error.description
            }
        }
    }

    /// Runs `request`, asking `prompter` whatever the conversation asks.
    ///
    /// - Parameter requestStart: When the request started (monotonic ns);
    ///   defaults to now.
    public func run(_ request: IntentRequest, prompter: ConversationPrompter, requestStart: UInt64? = nil) throws(Failure) -> ConversationResult {
        let start = requestStart ?? Posix.monotonicNanoseconds()
        let record: PluginRecord
        do {
            record = try catalog.scan().registry.plugin(for: request.intent, extensionIdentifier: request.extensionIdentifier, app: request.app)
        } catch {
            throw .system(error)
        }
        let loaded: LoadedExtension
        do {
            loaded = try loader.load(path: record.path)
        } catch {
            throw .system(IntentsError(error.code, error.description))
        }
        let loadedAt = Posix.monotonicNanoseconds()
        if Double(loadedAt - start) / 1e9 > stageDeadline {
            throw .system(IntentsError(
                .extensionLaunchingTimeout,
                "extension \(loaded.manifest.identifier) took \(String(format: "%.1f", Double(loadedAt - start) / 1e6)) ms to launch, past the \(String(format: "%g", stageDeadline)) s budget"
            ))
        }
        guard let intent = loaded.definition.intent(named: request.intent) else {
            throw .system(IntentsError(.invalidIntentName, "extension \(loaded.manifest.identifier) claims \(request.intent) but its definition does not define it"))
        }
        let values: [String: IntentValue]
        do {
            values = try request.values(for: intent, in: loaded.definition)
        } catch {
            throw .request(error)
        }
        let engine: ConversationEngine
        do {
            engine = try ConversationEngine(
                extension: loaded,
                intent: request.intent,
                values: values,
                prompter: prompter,
                options: .init(stageDeadline: stageDeadline, requestStart: start),
                watchdog: watchdog
            )
        } catch {
            throw .system(error)
        }
        let identifier = request.identifier ?? UUID().uuidString
        var result = engine.run(identifier: identifier)
        // As on iOS, a request handled through the system is donated by the
        // system: one insert after the conversation, none during it.
        if let warning = SystemDonations.record(result, app: loaded.manifest.app, identifier: identifier) {
            result.warnings.append(warning)
        }
        return result
    }
}
