import ExthostTestSupport
import Foundation
import Testing

/// A request whose extension ended unexpectedly answers 5001 and is kept in
/// the donation store as an interaction that failed (handling status
/// `failure`), through the service (the default path) and with `--isolated`.
@Suite("A plugin fault is recorded as a failed request")
struct FailedRequestRecordTests {
    private static let ping = #"{"intent": "Ping", "identifier": "ping-1"}"#

    /// The fixture plugin built with `mode` as its Ping, in a system whose
    /// commands take the default path.
    private func system(_ name: String, mode: Int) throws -> ExampleSystem {
        try ExampleSystem(fixtures: [try FixturePlugins.build(name, defines: ["FIXTURE_PING_MODE=\(mode)"])],
                          environment: CommandRunner.defaultPath)
    }

    /// The system's record of the request, by its identifier.
    private func record(in system: ExampleSystem) throws -> [String: Any]? {
        try system.donations(ofApp: FixtureSystem.appIdentifier).first { $0["identifier"] as? String == "ping-1" }
    }

    /// Runs Ping, stopping a service the run started; checks 5001 and the record.
    private func expectRecordedFailure(_ system: ExampleSystem, options: [String] = [], code: Int = 5001, message: String) throws {
        let result = try system.run(Self.ping, options: options)
        if let pid = StartedService.processID(in: result) { #expect(StartedService.stop(pid)) }
        #expect(result.status == 4, "\(result.standardError)")
        let error = try #require(try result.json()["error"] as? [String: Any], "\(result.standardOutput)")
        #expect(error["code"] as? Int == code)
        #expect((error["message"] as? String)?.contains(message) == true, "\(error)")
        let listed = try system.donations(ofApp: FixtureSystem.appIdentifier)
        let recorded = try #require(listed.first { $0["identifier"] as? String == "ping-1" }, "\(listed)")
        #expect(recorded["intentHandlingStatus"] as? String == "failure")
        #expect(recorded["source"] as? String == "system")
    }

    @Test("a crash in handle through the default path: 5001, and a failed interaction in the store")
    func crashThroughService() throws {
        let system = try system("isolated-segfault", mode: 5)
        defer { system.tearDown() }
        try expectRecordedFailure(system, message: "killed by signal 11 (Segmentation fault) during handle of Ping")
    }

    @Test("_exit(0) in handle through the default path: exit status 4, 5001, and a failed interaction")
    func quietExitThroughService() throws {
        let system = try system("exits-quietly", mode: 30)
        defer { system.tearDown() }
        try expectRecordedFailure(system, message: "during handle of Ping")
    }

    @Test("exit(0) in handle through the default path: 5001, and a failed interaction")
    func exitThroughService() throws {
        let system = try system("ping-exits", mode: 7)
        defer { system.tearDown() }
        try expectRecordedFailure(system, message: "during handle of Ping")
    }

    @Test("a method that never returns, killed at its deadline by the service: 3001, and a failed interaction")
    func hangThroughService() throws {
        let system = try system("ping-blocks", mode: 4)
        defer { system.tearDown() }
        // Not less than 2 s: the extension process's launch counts against
        // the first stage, and under load a launch has taken more than 0.3 s
        // (then the request ends with 5000, not the 3001 this test reads).
        try expectRecordedFailure(system, options: ["--deadline", "2"], code: 3001, message: "did not call its completion within 2 s")
    }

    @Test("a crash and _exit(0) with --isolated: recorded as failed too")
    func isolated() throws {
        for (name, mode) in [("isolated-segfault", 5), ("exits-quietly", 30)] {
            let system = try system(name, mode: mode)
            defer { system.tearDown() }
            try expectRecordedFailure(system, options: ["--isolated"], message: "during handle of Ping")
        }
    }

    @Test("exit(0) in handle with --in-process: 5001 from exthost's atexit handler, and a failed interaction")
    func exitInProcess() throws {
        let system = try system("ping-exits", mode: 7)
        defer { system.tearDown() }
        try expectRecordedFailure(system, options: ["--in-process"], message: "ended exthost's process (it called exit) before the request was over")
    }

    @Test("a crash in handle with --in-process: 5001 from the signal handler, and nothing recorded (a signal handler cannot write the store)")
    func crashInProcess() throws {
        let system = try system("isolated-segfault", mode: 5)
        defer { system.tearDown() }
        let result = try system.run(Self.ping, options: ["--in-process"])
        #expect(result.status == 4, "\(result.standardError)")
        let error = try #require(try result.json()["error"] as? [String: Any], "\(result.standardOutput)")
        #expect(error["code"] as? Int == 5001)
        #expect(try record(in: system) == nil)
    }

    @Test("a request that succeeds is still recorded as a success")
    func success() throws {
        let system = try system("good", mode: 0)
        defer { system.tearDown() }
        let result = try system.run(Self.ping)
        if let pid = StartedService.processID(in: result) { #expect(StartedService.stop(pid)) }
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try record(in: system)?["intentHandlingStatus"] as? String == "success")
    }
}
