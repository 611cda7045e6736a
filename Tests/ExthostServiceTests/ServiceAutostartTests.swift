import ExthostTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A client that finds no service starts one in the background, which ends
/// itself when unused; `exthost serve --idle-exit`.
@Suite("Starting the service on demand")
struct ServiceAutostartTests {
    private let lights = #"{"intent": "SetLights", "parameters": {"room": "kitchen", "brightness": 60, "color": "warm"}}"#

    /// A system whose plugins a started service finds through the environment.
    private func system() throws -> ExampleSystem {
        var system = try ExampleSystem(plugins: ["LightsExtension"])
        system.environment["EXTHOST_PLUGIN_PATH"] = system.plugins.path
        return system
    }

    private func startedProcess(_ result: CommandRunner.Result) -> Int32? { StartedService.processID(in: result) }

    private func stop(_ pid: Int32) -> Bool { StartedService.stop(pid) }

    @Test("run --service with no service: one is started in the background, says so once, and serves the next client too")
    func startsOnce() throws {
        let system = try system()
        defer { system.tearDown() }
        let socket = system.root.appendingPathComponent("auto.sock").path
        let file = try system.file("lights.json", lights)
        let first = try system.exthost(["run", "--service", "--socket", socket, "--json", file])
        #expect(first.status == 0, "\(first.both)")
        #expect(try first.json()["code"] as? String == "success")
        let pid = try #require(startedProcess(first), "\(first.standardError)")
        defer { #expect(stop(pid)) }
        #expect(first.standardError.contains("log \(socket).log); it ends after 300 s unused"), "\(first.standardError)")
        let second = try system.exthost(["run", "--service", "--socket", socket, "--json", file])
        #expect(second.status == 0, "\(second.both)")
        #expect(startedProcess(second) == nil, "\(second.standardError)")
        let log = try String(contentsOfFile: socket + ".log", encoding: .utf8)
        // The process the client named is the one listening there.
        #expect(log.contains("exthost serve listening pid=\(pid) "), "\(log)")
    }

    @Test("two clients that find no service at once: one starts it, both are served by it")
    func twoAtOnce() throws {
        let system = try system()
        defer { system.tearDown() }
        let socket = system.root.appendingPathComponent("race.sock").path
        let file = try system.file("lights.json", lights)
        // Each client only reads the system's folders and environment.
        nonisolated(unsafe) let shared = system
        nonisolated(unsafe) var results: [CommandRunner.Result?] = [nil, nil]
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            results[index] = try? shared.exthost(["run", "--service", "--socket", socket, "--json", file])
        }
        let both = results.compactMap { $0 }
        #expect(both.count == 2)
        #expect(both.allSatisfy { $0.status == 0 }, "\(both.map(\.both))")
        let started = both.compactMap(startedProcess)
        #expect(started.count == 1, "\(both.map(\.standardError))")
        for pid in started { #expect(stop(pid)) }
    }

    @Test("serve --idle-exit: the service ends itself, cleanly, once unused for that long")
    func idleExit() throws {
        let system = try system()
        defer { system.tearDown() }
        let service = try RunningService(system, arguments: ["--idle-exit", "1"])
        let served = try service.run(lights)
        #expect(served.status == 0, "\(served.both)")
        let gone = Date().addingTimeInterval(15)
        while service.process.isRunning && Date() < gone { Thread.sleep(forTimeInterval: 0.1) }
        #expect(!service.process.isRunning, "\(service.output)")
        #expect(service.process.terminationStatus == 0, "\(service.output)")
        #expect(service.output.contains("no client and no session for the idle period; exiting"), "\(service.output)")
        #expect(!FileManager.default.fileExists(atPath: service.socket))
    }

    @Test("serve --idle-exit waits for a session left open at a question")
    func idleExitWaitsForSessions() throws {
        let system = try system()
        defer { system.tearDown() }
        // Two seconds, not less: the idle period also runs from the service's
        // start until `run` connects, and a loaded machine has taken longer
        // than half a second to start `exthost run` (the service had gone).
        let service = try RunningService(system, arguments: ["--idle-exit", "2"])
        let open = try service.run(#"{"intent": "SetLights"}"#)
        #expect(open.status == 3, "\(open.both)")
        let session = try #require(try open.json()["session"] as? String)
        Thread.sleep(forTimeInterval: 3)
        #expect(service.process.isRunning, "\(service.output)")
        #expect(try service.exthost(["session", "cancel", session, "--socket", service.socket]).status == 0)
        let gone = Date().addingTimeInterval(15)
        while service.process.isRunning && Date() < gone { Thread.sleep(forTimeInterval: 0.1) }
        #expect(!service.process.isRunning, "\(service.output)")
    }
}
