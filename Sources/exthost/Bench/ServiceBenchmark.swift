import ExthostBenchmarks
import ExthostPosix
import ExthostService
import Foundation
import IntentConversation
import IntentSystem
import RequestWire

/// `exthost bench --service`: what the service costs and saves, side by side
/// with the in-process path and the floors, in one run.
///
/// A real `exthost serve` is started with the plugins measured, at the
/// default socket of the benchmark's folder (its working directory for the
/// run), and stopped (SIGTERM) at the end. Figures:
/// - a whole `exthost run` process through the service (the front's fast
///   path), beside `exthost run` in process, `exthost-system run` (the full
///   program as the client), `exthost --help` (the full program's start),
///   `/bin/true` and a static Swift program printing one line, interleaved
///   round by round so a busy moment touches all alike;
/// - one request from a connected client, warm (the service's own time);
/// - conversations per second with several clients at once (one thread
///   and one connection each), for each plugin and for whole *record
///   study* conversations (the synthetic C plugin's `RecordSample`);
/// - the isolated cold start, with the spare and without
///   (``ColdStartBenchmark``), beside spawning `/bin/true` and a
///   socket-pair round trip;
/// - the same load with one request in a hundred sent to an extension that
///   crashes and one in a hundred to one that hangs: counts by outcome, and
///   the healthy requests' rate and p99.
struct ServiceBenchmark {
    /// One plugin with the request it is measured with.
    struct Target {
        var name: String
        var plugin: URL
        var requestFile: URL
        var request: IntentRequest
    }

    /// One measured figure: its samples' summary in nanoseconds.
    struct Figure {
        var name: String
        var summary: SampleSummary
        var p99: Double
        /// The 10th percentile, the spread's low end beside `p90`.
        var p10: Double = 0
    }

    var executable: String
    var targets: [Target]
    var rounds: Int
    var warmRequests: Int
    var clientCounts: [Int]
    /// The most conversations one load runs.
    var conversationsPerLoad: Int
    /// The most seconds one load runs.
    var loadSeconds: Double
    /// The synthetic C plugin whose `RecordSample` is the whole *record
    /// study* conversation of the throughput target; nil leaves its rows out.
    var recordStudyPlugin: URL?
    /// The plugins of the load with faults: one whose `handle` crashes,
    /// one whose `handle` never returns; nil leaves that load out.
    var faultPlugins: (crashing: URL, hanging: URL)?
    /// The stage deadline of the requests to the hanging plugin, in seconds.
    var hangDeadline: Double = 0.2
    var directory: URL
    /// What the plugins' processes need in their environment besides the
    /// benchmark's folders (the Study record backend's port), given to the
    /// service, the timed commands and the cold start's processes.
    var pluginEnvironment: [String: String] = [:]
    var progress: (String) -> Void
    var warn: (String) -> Void

    /// Runs every measure and returns the figures and the target checks.
    func run() throws -> (figures: [Figure], checks: [(name: String, target: String, measured: String, met: Bool)]) {
        let plugins = directory.appendingPathComponent("service-plugins")
        try? FileManager.default.removeItem(at: plugins)
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        for plugin in targets.map(\.plugin) + [recordStudyPlugin, faultPlugins?.crashing, faultPlugins?.hanging].compactMap({ $0 }) {
            try FileManager.default.copyItem(at: plugin, to: plugins.appendingPathComponent(plugin.lastPathComponent))
        }
        // The service is the default one of the benchmark's folder: its
        // plugins come from $EXTHOST_PLUGIN_PATH and the working directory
        // is the benchmark's own (its ./Plugins does not exist), so a plain
        // `exthost run FILE` there reaches it, and the front can take its
        // fast path, as a user's would.
        let workingDirectory = FileManager.default.currentDirectoryPath
        guard FileManager.default.changeCurrentDirectoryPath(directory.path) else {
            throw BenchmarkFailure("cannot work in \(directory.path): the service's default socket is named after the working directory")
        }
        defer { _ = FileManager.default.changeCurrentDirectoryPath(workingDirectory) }
        let environment = ["EXTHOST_DATA_DIR": directory.appendingPathComponent("data").path,
                           "EXTHOST_RUNTIME_DIR": directory.appendingPathComponent("runtime").path,
                           "EXTHOST_PLUGIN_PATH": plugins.path].merging(pluginEnvironment) { mine, _ in mine }
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        // Where `exthost run` on the default path looks for the service of
        // these plugins: the service started here names its socket the same way.
        let socket = ServiceSocket.path(plugins: [], apps: [], environment: variables)
        try Self.checkSocketLength(socket, directory: directory)
        progress("starting exthost serve…")
        let service = try ChildProcess.spawn(executable, arguments: ["serve"],
                                             environment: variables, standardOutput: .null, standardError: .null)
        defer {
            Posix.sendSignal(SIGTERM, to: service.pid)
            _ = service.wait(until: Posix.deadline(after: 5))
        }
        let client = try connect(socket, service: service)
        defer { client.close() }
        let front = Self.front(beside: executable) ?? executable
        if front == executable { warn("no exthost front beside \(executable): its rows time the full program") }
        progress("building a static Swift program that prints one line…")
        let staticHello = Self.staticHello(in: directory)
        if staticHello == nil { warn("swiftc -static-executable failed: no static Swift program to compare with") }

        var figures: [Figure] = []
        var checks: [(String, String, String, Bool)] = []
        var served: [Target] = []
        for target in targets {
            // Warm the service's extension process before timing it; a
            // request that does not run through without a question is not
            // timed through the service. Its isolated cold start is: the
            // first conversation there answers from the request's answers.
            var servable = true
            do {
                _ = try Self.converse(client, target.request)
            } catch {
                servable = false
                warn("\(target.name) is not measured through the service (its isolated cold start is): \(error)")
            }
            if servable {
                let (serviceFigures, serviceChecks) = try throughService(target, client: client, socket: socket, plugins: plugins,
                                                                         front: front, staticHello: staticHello, environment: environment)
                figures += serviceFigures
                checks += serviceChecks
                served.append(target)
            }
            let cold = try ColdStartBenchmark(executable: executable, rounds: rounds, environment: variables, progress: progress).run(target)
            figures += cold.figures
            if let check = cold.check { checks.append(check) }
        }
        if recordStudyPlugin != nil {
            // The plugin is the one without extra libraries or initializers.
            var request = SyntheticPluginGenerator.request
            request.extensionIdentifier = SyntheticPluginGenerator.identifier(libraries: 0, initializers: 0)
            // Warmed first, as each target is; a plugin that does not
            // answer is said and left out, a load that fails ends the run.
            var warmed = true
            do {
                _ = try Self.converse(client, request)
            } catch {
                warmed = false
                warn("record study conversations are not measured: \(error)")
            }
            if warmed {
                let (loadFigures, loadCheck) = try loads(socket, request, name: "record study (synthetic C)")
                figures += loadFigures
                if let loadCheck { checks.append(loadCheck) }
            }
        }
        if let faultPlugins, let healthy = served.first, let clients = clientCounts.last {
            progress("\(healthy.name): at most \(conversationsPerLoad) conversations in \(Self.seconds(loadSeconds)) from \(clients) clients, with faults…")
            let (figure, check) = try faultLoad(socket, healthy: healthy, clients: clients, plugins: faultPlugins)
            if let figure { figures.append(figure) }
            checks.append(check)
        }
        return (figures, checks)
    }

    /// The rows of one target measured through the running service: whole
    /// `exthost run` processes beside the floors, warm requests from a
    /// connected client, and the loads.
    private func throughService(_ target: Target, client: ServiceClient, socket: String, plugins: URL, front: String,
                                staticHello: String?, environment: [String: String])
        throws -> (figures: [Figure], checks: [(name: String, target: String, measured: String, met: Bool)]) {
        var figures: [Figure] = []
        var checks: [(name: String, target: String, measured: String, met: Bool)] = []
        // The default path, whatever this process's environment says.
        let defaultPath = environment.merging([CommandPathOptions.inProcessVariable: "0"]) { _, new in new }
        let request = ["--json", "--plugins", plugins.path, target.requestFile.path]
        let plainRequest = ["--json", target.requestFile.path]
        // The full program on the default path records where the service
        // is, for the front (its index); from then on the front's `run`
        // takes its fast path.
        let recorded = try TimedProcess.run(executable, ["run"] + plainRequest, environment: defaultPath)
        guard recorded.status == 0 else { throw BenchmarkFailure("exthost-system run of \(target.name) ended with status \(recorded.status)") }
        // What users run is the front (`exthost`); `exthost-system` is the
        // full program, timed alone as the client the front replaces.
        var runs: [(name: String, program: String, arguments: [String], environment: [String: String])] = [
            ("exthost run (the default path: the front's fast path, service running)", front, ["run"] + plainRequest, defaultPath),
            ("exthost run --in-process", front, ["run", "--in-process"] + request, environment),
            ("exthost run --isolated", front, ["run", "--isolated"] + request, environment),
            ("exthost run, the first: starts the service", front, ["run"] + request, defaultPath),
            ("exthost-system run (the full program as the client, service running)", executable, ["run"] + plainRequest, defaultPath),
            ("exthost --help (the full program's start)", front, ["--help"], environment),
            ("/bin/true (the floor)", "/bin/true", [], environment),
        ]
        let (startsService, floorRow) = (3, 6)
        if let staticHello { runs.append(("a static Swift program printing one line", staticHello, [], environment)) }
        var samples = runs.map { _ in [Double]() }
        for round in 0..<rounds {
            progress("\(target.name): whole processes, round \(round + 1) of \(rounds)…")
            for (index, run) in runs.enumerated() {
                // The first run finds no service: a runtime folder of
                // its own each round, and the service it started is
                // stopped after it is timed.
                var variables = run.environment
                if index == startsService {
                    variables["EXTHOST_RUNTIME_DIR"] = directory.appendingPathComponent("first-\(target.name)-\(round)").path
                }
                let timed = try TimedProcess.run(run.program, run.arguments, environment: variables)
                if index == startsService { stopStartedService(environment: variables, plugins: plugins.path) }
                guard timed.status == 0 else { throw BenchmarkFailure("\(run.name) of \(target.name) ended with status \(timed.status)") }
                samples[index].append(Double(timed.nanoseconds))
            }
        }
        figures += zip(runs, samples).compactMap { run, times in Self.figure("\(run.name), \(target.name)", times) }
        if let service = SampleSummary(samples[0]), let floor = SampleSummary(samples[floorRow]) {
            checks.append(("exthost run through the service as a whole process, \(target.name)", "≤ 3 ms",
                           String(format: "%@ (%.0f× /bin/true)", BenchTable.time(service.median), service.median / Swift.max(floor.median, 1)),
                           service.median <= 3e6))
            if staticHello != nil, let hello = SampleSummary(samples[runs.count - 1]) {
                checks.append(("exthost run through the service against a static Swift program, \(target.name)", "≤ 2×",
                               String(format: "%.1f× (%@)", service.median / Swift.max(hello.median, 1), BenchTable.time(hello.median)),
                               service.median <= 2 * hello.median))
            }
        }

        progress("\(target.name): \(warmRequests) warm requests on one connection…")
        var warm: [Double] = []
        for _ in 0..<warmRequests {
            let start = Posix.monotonicNanoseconds()
            _ = try Self.converse(client, target.request)
            warm.append(Double(Posix.monotonicNanoseconds() - start))
        }
        if let figure = Self.figure("one request, connected client, warm, \(target.name)", warm) {
            figures.append(figure)
            checks.append(("warm request from a connected client, \(target.name)", "p50 ≤ 50 µs, p99 ≤ 250 µs",
                           "p50 \(BenchTable.time(figure.summary.median)), p99 \(BenchTable.time(figure.p99))",
                           figure.summary.median <= 50_000 && figure.p99 <= 250_000))
        }

        let (loadFigures, loadCheck) = try loads(socket, target.request, name: target.name)
        figures += loadFigures
        if let loadCheck { checks.append(loadCheck) }
        return (figures, checks)
    }

    /// Stops the service a timed `exthost run` started in the background
    /// (the runtime folder in `environment` is its own): by the pid its log
    /// names, waiting until it is gone.
    private func stopStartedService(environment: [String: String], plugins: String) {
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        let log = ServiceSocket.path(plugins: [plugins], apps: [], environment: variables) + ".log"
        guard let text = try? String(contentsOfFile: log, encoding: .utf8),
              let range = text.range(of: "listening pid="),
              let pid = Int32(text[range.upperBound...].prefix { $0.isNumber }) else {
            warn("no service to stop: \(log) names none")
            return
        }
        Posix.sendSignal(SIGTERM, to: pid)
        let deadline = Posix.deadline(after: 5)
        while Posix.processExists(pid) && Posix.monotonicNanoseconds() < deadline { Posix.sleep(milliseconds: 5) }
    }

    /// Refuses an output folder so deep that the service's socket in it
    /// cannot be bound: the service would only end with status 4, and the
    /// benchmark could say no more than that.
    static func checkSocketLength(_ socket: String, directory: URL) throws {
        let length = socket.utf8.count
        let limit = Posix.maximumSocketPathLength
        guard length > limit else { return }
        let excess = length - limit
        throw BenchmarkFailure("""
            the service's socket would be \(socket), \(length) bytes: a Unix socket's path holds at most \(limit) bytes \
            (\(limit + 1) with its terminating NUL), so exthost serve could not listen there. \
            Give an --output folder at most \(max(directory.path.utf8.count - excess, 1)) bytes long (\(directory.path) is \(directory.path.utf8.count)).
            """)
    }

    /// Connects to the service just started, waiting until it listens.
    /// The front users run as `exthost`, beside the full program
    /// (`exthost-system`) this benchmark runs in; nil when it is not there.
    static func front(beside executable: String) -> String? {
        let path = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("exthost").path
        return path != executable && FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// A Swift program that prints one line, linked with
    /// `-static-executable` (`swiftc -O` from `PATH`): the floor the
    /// design's target for a whole `exthost run` is set against. Nil when
    /// it cannot be built here.
    static func staticHello(in directory: URL) -> String? {
        let source = directory.appendingPathComponent("static-hello.swift")
        let program = directory.appendingPathComponent("static-hello")
        guard (try? Data("print(\"hello\")\n".utf8).write(to: source)) != nil,
              let built = try? TimedProcess.run("/usr/bin/env", ["swiftc", "-O", "-static-executable", "-use-ld=bfd", "-Xlinker", "--no-warnings",
                                                                 source.path, "-o", program.path]),
              built.status == 0 else { return nil }
        return program.path
    }

    private func connect(_ socket: String, service: ChildProcess) throws -> ServiceClient {
        switch ServiceAutostart.awaitListening(at: socket, startedAs: service, budget: 20) {
        case .listening(let client): return client
        case .ended(let ending): throw BenchmarkFailure("exthost serve ended before it listened (\(ending.termination))")
        case .silent: throw BenchmarkFailure("exthost serve did not listen on \(socket) within 20 s")
        }
    }

    /// One whole conversation; a problem or a conversation that did not
    /// succeed ends the benchmark (the request must run without a question).
    private static func converse(_ client: ServiceClient, _ request: IntentRequest) throws -> ServiceMessage {
        let reply = try client.converse(.run(request, deadline: nil, form: .json), prompter: ScriptedPrompter(answers: [:]))
        guard case .result(_, let rendered, false, _) = reply, rendered.exitStatus == 0 else {
            throw BenchmarkFailure("the service did not complete \(request.intent) (\(String(decoding: reply.line, as: UTF8.self).prefix(300))): give a request that needs no answer")
        }
        return reply
    }

    /// A load of `request` for each count of `clientCounts`: a row each,
    /// with its rate, and the throughput check at the last count.
    private func loads(_ socket: String, _ request: IntentRequest, name: String)
        throws -> ([Figure], (name: String, target: String, measured: String, met: Bool)?) {
        var figures: [Figure] = []
        var check: (name: String, target: String, measured: String, met: Bool)?
        for clients in clientCounts {
            progress("\(name): at most \(conversationsPerLoad) conversations in \(Self.seconds(loadSeconds)) from \(clients) clients…")
            let (latencies, seconds, failed) = try load(socket, request, clients: clients)
            guard var figure = Self.figure("\(clients) \(clients == 1 ? "client" : "clients") at once, \(name)", latencies) else { continue }
            let rate = Double(latencies.count) / seconds
            figure.name += String(format: " (%.0f conversations/s, %d in %.1f s%@)", rate, latencies.count, seconds,
                                  failed > 0 ? ", \(failed) failed" : "")
            figures.append(figure)
            if clients == clientCounts.last {
                check = ("conversations per second, \(clients) clients, \(name)", "≥ 5,000/s",
                         String(format: "%.0f/s, p99 %@", rate, BenchTable.time(figure.p99)), rate >= 5_000 && failed == 0)
            }
        }
        return (figures, check)
    }

    /// Runs `clients` clients at once, each on a thread and a connection of
    /// its own, that take conversation numbers 1, 2, … from one counter
    /// until `conversationsPerLoad` are taken or `loadSeconds` have passed;
    /// `converse` runs one numbered conversation on the client's connection.
    /// (A thread each, not `DispatchQueue.concurrentPerform`, which runs no
    /// more iterations at once than there are cores.)
    ///
    /// - Returns: The wall time from the start of all clients to the end of
    ///   the last, in seconds.
    private func drive(_ socket: String, clients: Int, _ converse: @escaping @Sendable (ServiceClient, Int) -> Void) throws -> Double {
        let connections = try (0..<clients).map { _ in try ServiceClient.connect(to: socket) }
        defer { connections.forEach { $0.close() } }
        let counter = LoadCounter(limit: conversationsPerLoad)
        let start = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for index in 0..<clients {
            // Each connection is used by its thread only.
            nonisolated(unsafe) let connection = connections[index]
            finished.enter()
            let thread = Thread {
                start.wait()
                while let number = counter.next() { converse(connection, number) }
                finished.leave()
            }
            thread.name = "exthost.bench.client-\(index)"
            thread.start()
        }
        let began = Posix.monotonicNanoseconds()
        counter.start(deadline: began + UInt64(loadSeconds * 1e9))
        for _ in 0..<clients { start.signal() }
        finished.wait()
        return Double(Posix.monotonicNanoseconds() - began) / 1e9
    }

    /// One load of `request` from `clients` clients at once: each
    /// conversation's latency, the wall time, and how many failed.
    private func load(_ socket: String, _ request: IntentRequest, clients: Int) throws -> ([Double], Double, Int) {
        let results = LoadResults()
        let seconds = try drive(socket, clients: clients) { connection, _ in
            let begin = Posix.monotonicNanoseconds()
            let failed = (try? Self.converse(connection, request)) == nil
            results.add([Double(Posix.monotonicNanoseconds() - begin)], failed: failed ? 1 : 0)
        }
        return (results.latencies, seconds, results.failed)
    }

    /// The load with faults: `clients` clients share the load's
    /// conversations with `healthy`, except every hundredth (the 50th,
    /// 150th, …) goes to the crashing plugin and every hundredth (the 100th,
    /// 200th, …) to the hanging one, with a deadline of ``hangDeadline``.
    /// Outcomes are counted by where they went and how they ended; the check
    /// is that every healthy request succeeded.
    private func faultLoad(_ socket: String, healthy: Target, clients: Int, plugins: (crashing: URL, hanging: URL))
        throws -> (Figure?, (name: String, target: String, measured: String, met: Bool)) {
        let (crashing, hanging) = (Self.request(to: .crashes), Self.request(to: .hangs))
        let (healthyRequest, hangDeadline) = (healthy.request, hangDeadline)
        let results = LoadResults()
        let seconds = try drive(socket, clients: clients) { connection, sequence in
            let (kind, request, deadline): (String, IntentRequest, Double?) =
                sequence % 100 == 50 ? ("crashing", crashing, nil)
                : sequence % 100 == 0 ? ("hanging", hanging, hangDeadline)
                : ("healthy", healthyRequest, nil)
            let begin = Posix.monotonicNanoseconds()
            let outcome = Self.outcome(of: try? connection.converse(.run(request, deadline: deadline, form: .json), prompter: ScriptedPrompter(answers: [:])))
            results.count(kind, outcome, nanoseconds: Double(Posix.monotonicNanoseconds() - begin))
        }
        let counts = results.outcomes
        let healthyTimes = results.healthyLatencies
        var figure = Self.figure("healthy requests under faults, \(clients) clients, \(healthy.name)", healthyTimes)
        figure?.name += String(format: " (%.0f healthy conversations/s)", Double(healthyTimes.count) / seconds)
        let describe = { (kind: String) in
            counts.filter { $0.key.hasPrefix(kind + " ") }.sorted { $0.key < $1.key }
                .map { "\($0.value) \($0.key.dropFirst(kind.count + 1))" }.joined(separator: ", ")
        }
        let healthyFailed = counts.filter { $0.key.hasPrefix("healthy ") && $0.key != "healthy succeeded" }.values.reduce(0, +)
        let measured = "healthy: \(describe("healthy")); crashing: \(describe("crashing")); hanging (deadline \(hangDeadline) s): \(describe("hanging"))"
            + (figure.map { String(format: "; healthy %.0f/s, p99 %@", Double(healthyTimes.count) / seconds, BenchTable.time($0.p99)) } ?? "")
        return (figure, ("only the crashing and hanging extensions' requests fail, \(clients) clients", "every healthy request succeeds", measured, healthyFailed == 0))
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%g s", value)
    }

    /// Hands out the numbers of a load's conversations, from 1, until the
    /// limit is reached or the deadline has passed.
    private final class LoadCounter: @unchecked Sendable {
        private let lock = NSLock()
        private let limit: Int
        private var taken = 0
        private var deadline: UInt64 = .max

        init(limit: Int) { self.limit = limit }

        func start(deadline: UInt64) {
            lock.withLock { self.deadline = deadline }
        }

        func next() -> Int? {
            lock.withLock {
                guard taken < limit, Posix.monotonicNanoseconds() < deadline else { return nil }
                taken += 1
                return taken
            }
        }
    }

    /// The synthetic plugins' request, sent to the plugin with `fault`.
    private static func request(to fault: SyntheticPluginGenerator.Fault) -> IntentRequest {
        var request = SyntheticPluginGenerator.request
        request.extensionIdentifier = SyntheticPluginGenerator.identifier(of: fault)
        return request
    }

    /// How one conversation of the load with faults ended, as a count's name.
    private static func outcome(of reply: ServiceMessage?) -> String {
        guard let reply else { return "lost (connection failed)" }
        let rendered: RenderedConversation
        switch reply {
        case .result(_, let result, false, _): rendered = result
        case .error(_, _, let result): rendered = result
        default: return "unexpected reply"
        }
        if rendered.exitStatus == 0 { return "succeeded" }
        let error = rendered.report["error"] as? [String: Any]
        let code = error?["code"] as? Int ?? 0
        let message = error?["message"] as? String ?? ""
        if message.contains("is disabled until") { return "refused while disabled (\(code))" }
        if code == 3001 { return "timed out (3001)" }
        if message.contains("killed by signal") { return "crashed (\(code))" }
        return "failed (\(code))"
    }

    private final class LoadResults: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var latencies: [Double] = []
        private(set) var failed = 0
        private(set) var outcomes: [String: Int] = [:]
        private(set) var healthyLatencies: [Double] = []
        /// One conversation of the load with faults.
        func count(_ kind: String, _ outcome: String, nanoseconds: Double) {
            lock.withLock {
                outcomes["\(kind) \(outcome)", default: 0] += 1
                if kind == "healthy" && outcome == "succeeded" { healthyLatencies.append(nanoseconds) }
            }
        }
        func add(_ more: [Double], failed: Int) {
            lock.withLock {
                latencies += more
                self.failed += failed
            }
        }
    }

    static func figure(_ name: String, _ samples: [Double]) -> Figure? {
        guard let summary = SampleSummary(samples) else { return nil }
        let sorted = samples.sorted()
        return Figure(name: name, summary: summary, p99: SampleSummary.percentile(0.99, ofSorted: sorted),
                      p10: SampleSummary.percentile(0.10, ofSorted: sorted))
    }

    /// The report as a table for people.
    static func table(_ figures: [Figure], checks: [(name: String, target: String, measured: String, met: Bool)], rounds: Int) -> String {
        var lines = ["exthost serve, measured in one run (medians; p10, p90 and p99 of the same samples; \(rounds) rounds of whole processes)", ""]
        let width = figures.map(\.name.count).max() ?? 0
        lines.append("  " + "figure".padding(toLength: width, withPad: " ", startingAt: 0) + "    median       p10       p90       p99")
        for figure in figures {
            lines.append("  " + figure.name.padding(toLength: width, withPad: " ", startingAt: 0)
                         + [figure.summary.median, figure.p10, figure.summary.p90, figure.p99].map { BenchTable.time($0).leftPadded(10) }.joined())
        }
        lines += ["", "targets:"]
        for check in checks {
            lines.append("  \(check.met ? "met    " : "not met") \(check.name): \(check.measured) (target \(check.target))")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Why the service benchmark could not go on.
struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
