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
/// spare and without it (a process started for the plugin), interleaved
/// round by round with two floors: spawning `/bin/true` and waiting for it,
/// and one round trip on a socket pair between two threads.
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
        let withSpare = ExtensionProcessPool(configuration: configuration, idleTimeout: 600, logger: quiet, keepsSpare: true)
        let withoutSpare = ExtensionProcessPool(configuration: configuration, idleTimeout: 600, logger: quiet, keepsSpare: false)
        defer {
            withSpare.shutDown()
            withoutSpare.shutDown()
        }
        let echo = try SocketPairEcho()
        defer { echo.stop() }
        var samples: [[Double]] = [[], [], [], [], []]
        var toolchain = ""
        for round in 0..<rounds {
            progress("\(target.name): isolated cold start, round \(round + 1) of \(rounds)…")
            // The spare is started in the background after each use: wait
            // for it outside the timing, as a request a moment later would find it.
            let ready = Posix.deadline(after: 20)
            while withSpare.spareProcessID == nil {
                guard Posix.monotonicNanoseconds() < ready else { throw BenchmarkFailure("no spare extension process came up within 20 s") }
                Posix.sleep(milliseconds: 1)
            }
            for (index, pool) in [withSpare, withoutSpare].enumerated() {
                let start = Posix.monotonicNanoseconds()
                let isolated = try pool.checkOut(path: target.plugin.path, sharedContainer: nil, deadline: Posix.deadline(after: 10))
                if index == 0 { samples[4].append(Double(Posix.monotonicNanoseconds() - start)) }
                try Self.firstResponse(isolated, target.request)
                samples[index].append(Double(Posix.monotonicNanoseconds() - start))
                toolchain = isolated.manifest.toolchain
                // Not checked in: the next round starts cold again.
                isolated.shutDown()
            }
            // Timed as the service benchmark times its /bin/true floor.
            samples[2].append(Double(try TimedProcess.run("/bin/true", []).nanoseconds))
            samples[3].append(Double(try echo.roundTrip()))
        }
        let names = ["isolated cold start with the spare", "isolated cold start, process started for it (--no-spare)",
                     "floor: spawn /bin/true and wait", "floor: a socket-pair round trip",
                     "  of which the plugin loaded into the spare (check-out)"]
        var figures = zip(names, samples).compactMap { name, times in
            ServiceBenchmark.figure(name + (name.hasPrefix("floor") ? "" : ", \(target.name)"), times)
        }
        // The spare's check-out right under its total.
        if figures.count == names.count { figures.insert(figures.removeLast(), at: 1) }
        guard let spare = SampleSummary(samples[0]), let fresh = SampleSummary(samples[1]), let floor = SampleSummary(samples[2]) else {
            return (figures, nil)
        }
        let isC = toolchain.lowercased().hasPrefix("c")
        let limit = isC ? 2e6 : 5e6
        let measured = String(format: "%@ with the spare, %@ without (%.1f× and %.1f× spawning /bin/true)",
                              BenchTable.time(spare.median), BenchTable.time(fresh.median),
                              spare.median / Swift.max(floor.median, 1), fresh.median / Swift.max(floor.median, 1))
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
