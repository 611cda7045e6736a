import ExthostBenchmarks
import ExthostPosix
import ExtensionProcesses
import Foundation
import IntentConversation
import IntentSystem
import Logging
import RequestWire

/// The isolated cold start: no extension process yet → the plugin loaded in
/// a process of its own → the first response, as the service's pool does it
/// (`ExtensionProcessPool.checkOut`, then one whole conversation), with the
/// spare, with a spare that does not warm up (``SpareWarmUp``: the spare as
/// it was before) and without a spare (a process started for the plugin),
/// interleaved round by round with two floors: spawning `/bin/true` and
/// waiting for it, and one round trip on a socket pair between two threads.
struct ColdStartBenchmark {
    var executable: String
    var rounds: Int
    /// The extension processes' whole environment; nil for this process's.
    var environment: [String: String]?
    var progress: (String) -> Void

    /// The figures for one plugin, and whether its target is met.
    func run(_ target: ServiceBenchmark.Target) throws -> (figures: [ServiceBenchmark.Figure], check: (name: String, target: String, measured: String, met: Bool)?) {
        let quiet = Logger(label: "exthost.bench") { _ in SwiftLogNoOpLogHandler() }
        var configuration = ExtensionProcessConfiguration(executable: executable, logger: quiet)
        configuration.environment = environment
        var coldConfiguration = configuration
        coldConfiguration.warmsUpSpares = false
        // The spare as the service keeps it; a spare that does not warm up
        // (what the spare was before `SpareWarmUp`); no spare.
        let pools = [
            ExtensionProcessPool(configuration: configuration, idleTimeout: 600, logger: quiet, keepsSpare: true),
            ExtensionProcessPool(configuration: coldConfiguration, idleTimeout: 600, logger: quiet, keepsSpare: true),
            ExtensionProcessPool(configuration: configuration, idleTimeout: 600, logger: quiet, keepsSpare: false),
        ]
        defer { pools.forEach { $0.shutDown() } }
        let echo = try SocketPairEcho()
        defer { echo.stop() }
        // Totals of the three pools, the two floors, the two spares' check-outs.
        var samples: [[Double]] = Array(repeating: [], count: 7)
        var toolchain = ""
        for round in 0..<rounds {
            progress("\(target.name): isolated cold start, round \(round + 1) of \(rounds)…")
            // A spare is started in the background after each use: wait
            // for both outside the timing, as a request a moment later would find them.
            let ready = Posix.deadline(after: 20)
            while pools[0].spareProcessID == nil || pools[1].spareProcessID == nil {
                guard Posix.monotonicNanoseconds() < ready else { throw BenchmarkFailure("no spare extension process came up within 20 s") }
                Posix.sleep(milliseconds: 1)
            }
            // Each round in another order, so that neither pool always
            // runs right after the other's process was ended.
            for index in [0, 1, 2].shiftedLeft(by: round % 3) {
                let start = Posix.monotonicNanoseconds()
                let isolated = try pools[index].checkOut(path: target.plugin.path, sharedContainer: nil, deadline: Posix.deadline(after: 10))
                if index < 2 { samples[5 + index].append(Double(Posix.monotonicNanoseconds() - start)) }
                try Self.firstResponse(isolated, target.request)
                samples[index].append(Double(Posix.monotonicNanoseconds() - start))
                toolchain = isolated.manifest.toolchain
                // Not checked in: the next round starts cold again.
                isolated.shutDown()
            }
            // Timed as the service benchmark times its /bin/true floor.
            samples[3].append(Double(try TimedProcess.run("/bin/true", []).nanoseconds))
            samples[4].append(Double(try echo.roundTrip()))
        }
        let names = ["isolated cold start with the spare", "isolated cold start with a spare that does not warm up (before)",
                     "isolated cold start, process started for it (--no-spare)",
                     "floor: spawn /bin/true and wait", "floor: a socket-pair round trip",
                     "  of which the plugin loaded into the spare (check-out)", "  of which the check-out, spare not warmed up"]
        let order = [0, 5, 1, 6, 2, 3, 4]
        let figures = order.compactMap { index in
            ServiceBenchmark.figure(names[index] + (names[index].hasPrefix("floor") ? "" : ", \(target.name)"), samples[index])
        }
        guard let spare = SampleSummary(samples[0]), let before = SampleSummary(samples[1]), let fresh = SampleSummary(samples[2]),
              let floor = SampleSummary(samples[3]) else {
            return (figures, nil)
        }
        let isC = toolchain.lowercased().hasPrefix("c")
        let limit = isC ? 2e6 : 5e6
        let measured = String(format: "%@ with the spare (%@ with a spare that does not warm up), %@ without (%.1f×, %.1f× and %.1f× spawning /bin/true)",
                              BenchTable.time(spare.median), BenchTable.time(before.median), BenchTable.time(fresh.median),
                              spare.median / Swift.max(floor.median, 1), before.median / Swift.max(floor.median, 1),
                              fresh.median / Swift.max(floor.median, 1))
        return (figures, ("isolated cold start, \(target.name) (\(isC ? "C" : "Swift"))", isC ? "≤ 2 ms" : "≤ 5 ms", measured, spare.median <= limit))
    }

    /// The plugin's first conversation: the request, answered in full,
    /// with the intent's part of the definition as the service reads it.
    private static func firstResponse(_ isolated: IsolatedExtension, _ request: IntentRequest) throws {
        let endpoint = try isolated.endpoint(forIntent: request.intent)
        guard let intent = endpoint.definition.intent(named: request.intent) else {
            throw BenchmarkFailure("\(endpoint.label) does not define \(request.intent)")
        }
        let engine = try ConversationEngine(endpoint: endpoint, intent: request.intent,
                                            values: try request.values(for: intent, in: endpoint.definition),
                                            prompter: ScriptedPrompter(answers: request.answers), options: .init(stageDeadline: 10))
        let result = engine.run()
        guard result.outcome == .success else {
            throw BenchmarkFailure("the first conversation with \(endpoint.label) did not succeed: \(result.message)")
        }
    }
}

/// A socket pair with a thread that sends back every byte it reads: the
/// floor of one request and its reply between two processes' threads.
private final class SocketPairEcho: @unchecked Sendable {
    private let near: Int32
    private let far: Int32

    init() throws {
        (near, far) = try Posix.socketPair()
        let far = far
        let thread = Thread {
            var byte: UInt8 = 0
            while (try? withUnsafeMutableBytes(of: &byte) { try Posix.read(far, into: $0) }) == 1 {
                guard (try? withUnsafeBytes(of: byte) { try Posix.write(far, $0) }) != nil else { break }
            }
        }
        thread.name = "exthost.bench-echo"
        thread.start()
    }

    /// Nanoseconds from writing one byte to reading it back.
    func roundTrip() throws -> UInt64 {
        var byte: UInt8 = 1
        let start = Posix.monotonicNanoseconds()
        try withUnsafeBytes(of: byte) { try Posix.write(near, $0) }
        guard try withUnsafeMutableBytes(of: &byte, { try Posix.read(near, into: $0) }) == 1 else {
            throw BenchmarkFailure("the echo thread hung up")
        }
        return Posix.monotonicNanoseconds() - start
    }

    func stop() {
        Posix.shutDownWriting(near)
    }
}

private extension Array {
    /// The elements rotated left by `count`.
    func shiftedLeft(by count: Int) -> [Element] {
        Array(self[count...] + self[..<count])
    }
}
