import IntentSystem
import IntentConversation
import ExtensionLoading
import Foundation
import RequestWire

/// Runs the startup-latency benchmark: every measure in fresh processes,
/// `runs` times, interleaved (run 1 of every measure, then run 2, …) so a
/// machine that slows down during the benchmark slows every measure alike,
/// after one discarded warm-up pass.
///
/// Measures:
/// - the floor: `dlopen` of an empty C library in a fresh exthost process;
/// - `/bin/true`, an exthost process that loads nothing and (when given) a
///   Swift program that only loads Foundation, as whole processes (spawn to
///   reaped);
/// - per plugin, in a fresh `exthost bench-child` process: the load phases,
///   the first full request and the median of the warm requests after it;
/// - per plugin with a request (and `measureRunCommand`): `exthost run` as a
///   whole process, registry cache warm: spawn to reaped, and spawn to its
///   answer read.
public struct StartupBenchmark {
    /// One plugin to measure.
    public struct Target: Sendable {
        public var name: String
        public var path: URL
        /// `example`, `given` or `synthetic`.
        public var origin: String
        /// The extension's identifier, when known before measuring.
        public var identifier: String?
        /// The shared container its `init` receives (as `exthost run` gives it).
        public var sharedContainer: String?
        /// The request to run after loading; nil runs `handler(for:)` only.
        public var request: IntentRequest?
        /// The request as a file, for `exthost run`.
        public var requestFile: URL?
        public var libraries: Int?
        public var initializers: Int?
        /// Also time `exthost run` as a whole process.
        public var measureRunCommand: Bool
        /// Set in the plugin's processes besides the benchmark's own (the
        /// port of a backend started for it, say).
        public var environment: [String: String] = [:]

        public init(name: String, path: URL, origin: String, identifier: String? = nil, sharedContainer: String? = nil,
                    request: IntentRequest? = nil,
                    requestFile: URL? = nil, libraries: Int? = nil, initializers: Int? = nil, measureRunCommand: Bool = false) {
            self.name = name
            self.path = path
            self.origin = origin
            self.identifier = identifier
            self.sharedContainer = sharedContainer
            self.request = request
            self.requestFile = requestFile
            self.libraries = libraries
            self.initializers = initializers
            self.measureRunCommand = measureRunCommand
        }
    }

    /// The exthost executable the fresh processes run.
    public var executable: String
    public var runs: Int
    public var warmRequests: Int
    public var budgetSeconds: Double
    /// Where plugin folders for `exthost run` and its registry cache go.
    public var outputDirectory: URL
    /// The empty library of the floor.
    public var emptyLibrary: URL
    /// A Swift program that only loads Foundation: the floor of a whole
    /// Swift process; nil leaves that baseline out.
    public var foundationProgram: URL?
    /// The share of the budget from which a plugin's linked libraries are
    /// pointed at.
    public var notableShare: Double
    /// Added to every child's environment: where the children keep what
    /// they write (donations, shared containers), so a benchmark never
    /// touches the user's own.
    public var environment: [String: String]
    /// Called with a short line as the benchmark advances.
    public var progress: (String) -> Void

    public init(executable: String, runs: Int, warmRequests: Int, budgetSeconds: Double = 10, outputDirectory: URL,
                emptyLibrary: URL, notableShare: Double = 0.01, environment: [String: String] = [:],
                progress: @escaping (String) -> Void = { _ in }) {
        self.executable = executable
        self.runs = runs
        self.warmRequests = warmRequests
        self.budgetSeconds = budgetSeconds
        self.outputDirectory = outputDirectory
        self.emptyLibrary = emptyLibrary
        self.notableShare = notableShare
        self.environment = environment
        self.progress = progress
    }

    private var budgetNanoseconds: Double { budgetSeconds * 1e9 }

    /// The samples of one plugin as they come in.
    private final class PluginSamples {
        var phases: [String: [Double]] = [:]
        var warm: [Double] = []
        var warmWithoutHandle: [Double] = []
        var run: [Double] = []
        var runAnswer: [Double] = []
        var errors: [String] = []
        var outcome: String?
        var stages: Int?

        func add(_ name: String, _ value: Double) { phases[name, default: []].append(value) }
        func note(_ error: String) { if !errors.contains(error) { errors.append(error) } }
    }

    /// Runs every measure and returns the report (without targets or chart).
    public func run(_ targets: [Target]) -> StartupBenchmarkReport {
        var floor: [Double] = []
        var execTrue: [Double] = []
        var exthostProcess: [Double] = []
        var foundationProcess: [Double] = []
        var baselineErrors: [String] = []
        let samples = targets.map { _ in PluginSamples() }

        // Each measure is one fresh process; `record` false for the warm-up.
        var measures: [(label: String, run: (_ record: Bool) -> Void)] = []
        measures.append(("floor: dlopen of an empty C library", { record in
            guard let outcome = try? TimedProcess.run(executable, ["bench-child", "floor", emptyLibrary.path], environment: environment),
                  let sample = try? JSONDecoder().decode(FloorSample.self, from: Self.lastLine(outcome.standardOutput)) else {
                baselineErrors.append("the floor's child process failed")
                return
            }
            if let error = sample.error { baselineErrors.append(error) }
            if record { floor.append(Double(sample.dlopen)) }
        }))
        measures.append(("baseline: exec /bin/true", { record in
            guard let outcome = try? TimedProcess.run("/bin/true", [], environment: environment) else {
                baselineErrors.append("cannot start /bin/true")
                return
            }
            if record { execTrue.append(Double(outcome.nanoseconds)) }
        }))
        measures.append(("baseline: exthost process, nothing loaded", { record in
            guard let outcome = try? TimedProcess.run(executable, ["bench-child", "noop"], environment: environment), outcome.status == 0 else {
                baselineErrors.append("an exthost process that loads nothing did not exit with status 0")
                return
            }
            if record { exthostProcess.append(Double(outcome.nanoseconds)) }
        }))
        if let foundationProgram {
            measures.append(("baseline: Swift program, Foundation only", { record in
                guard let outcome = try? TimedProcess.run(foundationProgram.path, [], environment: environment), outcome.status == 0 else {
                    baselineErrors.append("the Foundation-only Swift program did not exit with status 0")
                    return
                }
                if record { foundationProcess.append(Double(outcome.nanoseconds)) }
            }))
        }
        for (index, target) in targets.enumerated() {
            let store = samples[index]
            let requestFile = target.requestFile
            measures.append(("cold load: \(target.name)", { record in
                var arguments = ["bench-child", "plugin", target.path.path, "--warm", String(warmRequests), "--also-without-handle"]
                if let requestFile { arguments += ["--request", requestFile.path] }
                if let container = target.sharedContainer { arguments += ["--shared-container", container] }
                let variables = environment.merging(target.environment) { _, own in own }
                guard let outcome = try? TimedProcess.run(executable, arguments, environment: variables) else {
                    store.note("cannot start \(executable)")
                    return
                }
                guard let sample = try? JSONDecoder().decode(ColdStartSample.self, from: Self.lastLine(outcome.standardOutput)) else {
                    store.note("the child process ended with status \(outcome.status) and printed no measurement (it crashed while loading?)")
                    return
                }
                if let error = sample.error { store.note(error) }
                guard record, sample.timings.dlopen > 0 else { return }
                let timings = sample.timings
                for phase in timings.phases { store.add(phase.name, Double(phase.nanoseconds)) }
                store.add("coldLoad", Double(timings.total))
                // The host's own share: reading the definition the plugin embeds.
                store.add("coldLoadWithoutDefinition", Double(timings.total - timings.definition))
                if let first = sample.firstRequest {
                    store.add("firstRequest", Double(first))
                    // firstHandlerFor is inside the first request: count it once.
                    store.add("coldLoadAndFirstRequest", Double(timings.total - timings.firstHandlerFor + first))
                }
                if let again = sample.definitionReadAgain { store.add("definitionReadAgain", Double(again)) }
                if let warm = sample.warmRequestMedian { store.warm.append(warm) }
                if let partial = sample.warmWithoutHandleMedian { store.warmWithoutHandle.append(partial) }
                store.outcome = sample.outcome
                store.stages = sample.stages
            }))
            // The same load with the definition parsed from its JSON text,
            // as a version 1 plugin's is: the tables' saving, in the same run.
            measures.append(("cold load, definition from text: \(target.name)", { record in
                var arguments = ["bench-child", "plugin", target.path.path, "--warm", "0", "--definition-from-text"]
                if let requestFile { arguments += ["--request", requestFile.path] }
                if let container = target.sharedContainer { arguments += ["--shared-container", container] }
                guard record, let outcome = try? TimedProcess.run(executable, arguments, environment: environment),
                      let sample = try? JSONDecoder().decode(ColdStartSample.self, from: Self.lastLine(outcome.standardOutput)),
                      sample.timings.dlopen > 0 else { return }
                store.add("coldLoadFromText", Double(sample.timings.total))
                store.add("definitionFromText", Double(sample.timings.definition))
            }))
            if target.measureRunCommand, let requestFile {
                let folder = outputDirectory.appendingPathComponent("run-plugins/\(target.name)")
                let cache = outputDirectory.appendingPathComponent("cache/\(target.name)")
                try? FileManager.default.removeItem(at: folder)
                try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try? FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
                // A link, so a plugin that finds its libraries by $ORIGIN still does.
                try? FileManager.default.createSymbolicLink(
                    at: folder.appendingPathComponent(target.path.lastPathComponent), withDestinationURL: target.path)
                measures.append(("exthost run: \(target.name)", { record in
                    guard let outcome = try? TimedProcess.run(
                        executable, ["run", "--json", "--plugins", folder.path, requestFile.path],
                        environment: environment.merging(["EXTHOST_CACHE_DIR": cache.path]) { _, own in own }
                    ) else { return }
                    if outcome.status > 3 {
                        store.note("exthost run ended with status \(outcome.status): \(String(decoding: outcome.standardOutput.prefix(300), as: UTF8.self))")
                    }
                    guard record else { return }
                    store.run.append(Double(outcome.nanoseconds))
                    if outcome.standardOutputNanoseconds > 0 { store.runAnswer.append(Double(outcome.standardOutputNanoseconds)) }
                }))
            }
        }

        let total = measures.count * (runs + 1)
        var done = 0
        for pass in 0...runs {
            for measure in measures {
                done += 1
                let label = pass == 0 ? "warm-up" : "run \(pass)/\(runs)"
                progress("[\(done)/\(total)] \(label) · \(measure.label)")
                measure.run(pass > 0)
            }
        }

        let floorSummary = SampleSummary(floor)
        let floorMedian = floorSummary?.median
        func figure(_ values: [Double], floor: Double? = nil) -> StartupBenchmarkReport.Figure? {
            SampleSummary(values).map { .init(summary: $0, budgetNanoseconds: budgetNanoseconds, floor: floor) }
        }
        var plugins: [StartupBenchmarkReport.PluginFigures] = []
        for (target, store) in zip(targets, samples) {
            let phaseOrder = LoadTimings().phases.map(\.name) + ["coldLoad", "coldLoadWithoutDefinition", "firstRequest", "coldLoadAndFirstRequest", "definitionReadAgain",
                                                              "definitionFromText", "coldLoadFromText"]
            let phases = phaseOrder.compactMap { name -> StartupBenchmarkReport.NamedFigure? in
                guard let values = store.phases[name], let made = figure(values, floor: ["coldLoad", "coldLoadWithoutDefinition", "coldLoadFromText", "dlopen"].contains(name) ? floorMedian : nil) else { return nil }
                return .init(name: name, figure: made)
            }
            let linked = (try? ELFDynamicSection.neededLibraries(ofFileAt: target.path.path)) ?? []
            var figures = StartupBenchmarkReport.PluginFigures(
                name: target.name, path: target.path.path, origin: target.origin, identifier: target.identifier,
                libraries: target.libraries, initializers: target.initializers,
                linkedLibraries: linked, phases: phases,
                request: target.request.map {
                    .init(intent: $0.intent, parameters: $0.parameterJSON.count, outcome: store.outcome, stages: store.stages)
                },
                warmRequest: figure(store.warm), warmRequestWithoutHandle: figure(store.warmWithoutHandle),
                runCommand: figure(store.run), runCommandAnswer: figure(store.runAnswer), errors: store.errors
            )
            if let cold = figures.phase("coldLoad") {
                figures.hint = Self.hint(coldLoad: cold, linked: linked, notableShare: notableShare)
            }
            plugins.append(figures)
        }

        return StartupBenchmarkReport(
            runs: runs,
            warmRequests: warmRequests,
            budgetSeconds: budgetSeconds,
            machine: Self.machine(),
            baselines: .init(
                emptyLibraryDlopen: figure(floor, floor: floorMedian),
                execTrue: figure(execTrue),
                exthostProcess: figure(exthostProcess),
                foundationProcess: figure(foundationProcess),
                errors: Array(Set(baselineErrors)).sorted()
            ),
            plugins: plugins,
            scaling: Self.scaling(plugins),
            targets: [],
            chart: nil
        )
    }

    /// The last non-empty line of a child's output: its measurement, even
    /// when the plugin printed something before it.
    static func lastLine(_ data: Data) -> Data {
        let lines = data.split(separator: UInt8(ascii: "\n")).filter { !$0.isEmpty }
        return lines.last.map { Data($0) } ?? Data()
    }

    /// What to tell the author of a plugin whose cold load is a notable
    /// share of the budget; nil when it is not.
    public static func hint(coldLoad: StartupBenchmarkReport.Figure, linked: [String], notableShare: Double) -> String? {
        guard coldLoad.shareOfBudget >= notableShare else { return nil }
        let percent = String(format: "%.1f %%", coldLoad.shareOfBudget * 100)
        guard !linked.isEmpty else {
            return "cold load takes \(percent) of the budget and links no library: look at its static initializers and init"
        }
        return "cold load takes \(percent) of the budget; it links \(linked.count) libraries (\(linked.joined(separator: ", "))): each adds load time, as does every static initializer — link only what the extension needs"
    }

    /// The scaling curves from the synthetic plugins' figures.
    static func scaling(_ plugins: [StartupBenchmarkReport.PluginFigures]) -> StartupBenchmarkReport.Scaling? {
        let synthetic = plugins.filter { $0.origin == "synthetic" && $0.libraries != nil && $0.initializers != nil }
        guard !synthetic.isEmpty else { return nil }
        func points(_ keep: (StartupBenchmarkReport.PluginFigures) -> Int?) -> [StartupBenchmarkReport.Scaling.Point] {
            synthetic.compactMap { plugin in
                guard let x = keep(plugin), let cold = plugin.phase("coldLoad"), let dlopen = plugin.phase("dlopen") else { return nil }
                return .init(x: x, coldLoad: cold.summary, dlopen: dlopen.summary)
            }.sorted { $0.x < $1.x }
        }
        let libraries = points { $0.initializers == 0 ? $0.libraries : nil }
        let initializers = points { $0.libraries == 0 ? $0.initializers : nil }
        return .init(
            libraries: libraries,
            initializers: initializers,
            perLibrary: LinearFit(x: libraries.map { Double($0.x) }, y: libraries.map(\.coldLoad.median)),
            perInitializer: LinearFit(x: initializers.map { Double($0.x) }, y: initializers.map(\.coldLoad.median))
        )
    }

    static func machine() -> StartupBenchmarkReport.MachineDescription {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown"
        let kernel = ((try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)) ?? "unknown")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return .init(processor: model, cores: ProcessInfo.processInfo.activeProcessorCount, kernel: "Linux " + kernel)
    }
}
