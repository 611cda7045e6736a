import ExthostABI
import IntentSystem
import IntentConversation
import ExtensionLoading
import ExthostPosix
import Foundation
import RequestWire

/// What one fresh process measured about one plugin: the load phases, the
/// first full request, and the warm request repeated in the loaded plugin.
/// `exthost bench-child` prints it as JSON; `StartupBenchmark` collects one
/// per run.
public struct ColdStartSample: Codable, Sendable {
    /// The load phases (nanoseconds), `firstHandlerFor` included.
    public var timings: LoadTimings
    /// The first full request (handler(for:), every stage), nanoseconds;
    /// nil without a request.
    public var firstRequest: UInt64?
    /// The median of the warm requests in this process, nanoseconds.
    public var warmRequestMedian: Double?
    /// The median of as many warm requests again, each stopped before
    /// `handle` (the resolves and confirm), when asked for and the request
    /// ends in `handle`; nanoseconds.
    public var warmWithoutHandleMedian: Double?
    /// How many warm requests the median is over.
    public var warmRequests: Int
    /// How the request ended (`success`, `needsInput`, …): a warm figure
    /// means something only for a request that ran to its end.
    public var outcome: String?
    /// How many stages the request went through (resolves, confirm, handle).
    public var stages: Int?
    /// Reading the same embedded definition a second time in this process,
    /// nanoseconds: the parse itself, without the first-use costs (Swift
    /// conformance lookups, metadata) that the cold `definition` phase pays.
    public var definitionReadAgain: UInt64?
    /// Why it failed, when it did.
    public var error: String?

    public init(timings: LoadTimings = LoadTimings(), firstRequest: UInt64? = nil, warmRequestMedian: Double? = nil,
                warmRequests: Int = 0, outcome: String? = nil, stages: Int? = nil, error: String? = nil) {
        self.timings = timings
        self.firstRequest = firstRequest
        self.warmRequestMedian = warmRequestMedian
        self.warmRequests = warmRequests
        self.outcome = outcome
        self.stages = stages
        self.error = error
    }
}

/// What one fresh process measured of the floor: `dlopen` of an empty C
/// library, timed the way the loader times a plugin's `dlopen`.
public struct FloorSample: Codable, Sendable {
    public var dlopen: UInt64
    public var error: String?
}

/// The measuring done inside a fresh process (`exthost bench-child`).
public enum ColdStartProbe {
    /// Loads `path` cold, then runs `request` once (the first request, which
    /// includes the first `handler(for:)`) and `warmRequests` more times.
    ///
    /// - Parameters:
    ///   - path: The plugin.
    ///   - request: The request to run; nil runs `handler(for:)` of the
    ///     plugin's first intent only.
    ///   - warmRequests: How many warm requests to time after the first.
    ///   - sharedContainer: The app group's container `init` receives, as
    ///     `exthost run` would give it; nil for none.
    ///   - warmWithoutHandle: The warm requests stop before `handle` (the
    ///     resolves and confirm only), for a plugin whose `handle` does I/O
    ///     that would drown the host's own cost; the first request runs whole.
    ///   - alsoWithoutHandle: After the warm requests, as many again that
    ///     stop before `handle`, timed apart (``ColdStartSample/warmWithoutHandleMedian``).
    ///   - definitionFromText: The definition is parsed from the plugin's
    ///     JSON text even when it carries tables (the version 1 read).
    /// - Returns: The sample; a load or request failure is in `error`.
    public static func measurePlugin(at path: String, request: IntentRequest?, warmRequests: Int,
                                     sharedContainer: String? = nil, warmWithoutHandle: Bool = false,
                                     alsoWithoutHandle: Bool = false, definitionFromText: Bool = false) -> ColdStartSample {
        let loader = ExtensionLoader(services: .system, readsDefinitionTables: !definitionFromText)
        let loaded: LoadedExtension
        do {
            loaded = try loader.load(path: path, sharedContainer: sharedContainer)
        } catch {
            return ColdStartSample(error: error.description)
        }
        var sample = measureRequest(loaded, request: request, warmRequests: warmRequests, withoutHandle: warmWithoutHandle,
                                    alsoWithoutHandle: alsoWithoutHandle)
        // The same read again, its first-use costs paid: the requested
        // intent's part of the tables, or the whole text parsed.
        let intent = request?.intent ?? loaded.manifest.intentsSupported.first ?? ""
        let start = Posix.monotonicNanoseconds()
        if loaded.readsDefinitionTables {
            _ = try? loaded.readDefinitionAgain(forIntent: intent)
        } else if let text = loaded.descriptor.pointee.definition {
            _ = try? ExtensionLoader.readDefinition(String(cString: text), manifest: loaded.manifest, path: path)
        }
        sample.definitionReadAgain = Posix.monotonicNanoseconds() - start
        return sample
    }

    private static func measureRequest(_ loaded: LoadedExtension, request: IntentRequest?, warmRequests: Int,
                                       withoutHandle: Bool, alsoWithoutHandle: Bool) -> ColdStartSample {
        guard let request else {
            if let first = loaded.manifest.intentsSupported.first, let intent = try? loaded.definition(forIntent: first).intent(named: first) {
                _ = try? IntentHandlerSession(extension: loaded, intent: intent, identifier: "bench")
            }
            return ColdStartSample(timings: loaded.timings)
        }
        // The request's intent alone, as `exthost run` reads it (its first
        // read is added to the load's definition phase).
        let endpoint: IntentHandlerEndpoint
        do {
            endpoint = try .plugin(loaded, forIntent: request.intent)
        } catch {
            return ColdStartSample(timings: loaded.timings, error: error.description)
        }
        guard let intent = endpoint.definition.intent(named: request.intent) else {
            return ColdStartSample(timings: loaded.timings, error: "the plugin does not define \(request.intent)")
        }
        let values: [String: IntentValue]
        do {
            values = try request.values(for: intent, in: endpoint.definition)
        } catch {
            return ColdStartSample(timings: loaded.timings, error: error.description)
        }

        /// Runs one conversation, stopped before `handle` when asked.
        /// Otherwise the engine asks nothing before a stage.
        func converse(stoppingBeforeHandle: Bool = false) -> (UInt64, ConversationResult)? {
            let start = Posix.monotonicNanoseconds()
            var stopBeforeStage: (@Sendable (String) -> IntentsError?)?
            if stoppingBeforeHandle {
                stopBeforeStage = { selector in
                    selector == HandlerSelector.handle ? IntentsError(.requestTimedOut, "stopped before handle (bench)") : nil
                }
            }
            guard let engine = try? ConversationEngine(
                endpoint: endpoint, intent: request.intent, values: values,
                prompter: ScriptedPrompter(answers: request.answers),
                options: .init(requestStart: start, stopBeforeStage: stopBeforeStage)
            ) else { return nil }
            let result = engine.run(identifier: "bench")
            return (Posix.monotonicNanoseconds() - start, result)
        }

        guard let (first, result) = converse() else {
            return ColdStartSample(timings: loaded.timings, error: "the conversation could not start")
        }
        var sample = ColdStartSample(
            timings: loaded.timings,
            firstRequest: first,
            outcome: result.outcome.rawValue,
            stages: result.stageMilliseconds.count,
            error: result.error?.description
        )
        // Without handle: the warm requests stop before the call of
        // handle, the last stage the first request called.
        if withoutHandle, result.transcript.last?.stage != .handle {
            sample.error = "the request does not end in handle, so it cannot be measured without it"
            return sample
        }
        var warm: [Double] = []
        warm.reserveCapacity(warmRequests)
        for _ in 0..<warmRequests {
            guard let (elapsed, _) = converse(stoppingBeforeHandle: withoutHandle) else { break }
            warm.append(Double(elapsed))
        }
        sample.warmRequests = warm.count
        sample.warmRequestMedian = SampleSummary(warm)?.median
        if alsoWithoutHandle, !withoutHandle, result.transcript.last?.stage == .handle {
            var partial: [Double] = []
            partial.reserveCapacity(warmRequests)
            for _ in 0..<warmRequests {
                guard let (elapsed, _) = converse(stoppingBeforeHandle: true) else { break }
                partial.append(Double(elapsed))
            }
            sample.warmWithoutHandleMedian = SampleSummary(partial)?.median
        }
        return sample
    }

    /// Times `dlopen` of the library at `path`, the way the loader times it.
    public static func measureFloor(at path: String) -> FloorSample {
        let start = Posix.monotonicNanoseconds()
        let opened = Posix.dlopenNowLocal(path)
        let elapsed = Posix.monotonicNanoseconds() - start
        if case .failure(let error) = opened {
            return FloorSample(dlopen: elapsed, error: error.message)
        }
        return FloorSample(dlopen: elapsed, error: nil)
    }
}
