import ExthostTestSupport
import Foundation
import Testing

/// `GET /metrics` counts extension processes: those started, and those that
/// ended before they were done with — crashed, killed by the supervisor (a
/// stage past its deadline), ended at the memory limit.
@Suite("Extension process metrics")
struct ExtensionProcessMetricsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var event: String
        var pingMode: Int
        var arguments: [String]
        var testDescription: String { event }
    }

    static let cases: [Case] = [
        Case(event: "crashed", pingMode: 5, arguments: []),
        // A method that returns without completing: its process is killed.
        Case(event: "killed", pingMode: 1, arguments: []),
        Case(event: "memory_limit", pingMode: 8, arguments: ["--memory-limit", "512"]),
    ]

    @Test("a failing extension process is counted by how it ended, beside the processes started", arguments: cases)
    func counted(_ test: Case) throws {
        let system = try ExampleSystem(fixtures: [try FixturePlugins.build("metrics-\(test.event)", defines: ["FIXTURE_PING_MODE=\(test.pingMode)"])])
        // No spare: every process started is one a request asked for.
        let service = try RunningService(system, arguments: ["--http", "127.0.0.1:0", "--no-spare"] + test.arguments)
        let client = HTTPTestClient(base: try service.httpBase())
        let result = try service.run(#"{"intent": "Ping"}"#)
        #expect(result.status != 0, "\(result.both)")
        // The pool counts the failure when the conversation gives the process back.
        let line = #"exthost_extension_processes_total{event="\#(test.event)"} 1"#
        var metrics = try client.send("GET", "/metrics").text
        for _ in 0..<100 where !metrics.contains(line) {
            Thread.sleep(forTimeInterval: 0.05)
            metrics = try client.send("GET", "/metrics").text
        }
        #expect(metrics.contains(line), "\(metrics)")
        #expect(metrics.contains(#"exthost_extension_processes_total{event="started"} 1"#), "\(metrics)")
        for other in ["crashed", "killed", "memory_limit"] where other != test.event {
            #expect(!metrics.contains(#"exthost_extension_processes_total{event="\#(other)"}"#), "\(metrics)")
        }
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("the spare process is counted as started, with nothing failed after a request that succeeds")
    func spareStarted() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["LightsExtension"]), arguments: ["--http", "127.0.0.1:0"])
        let client = HTTPTestClient(base: try service.httpBase())
        // Before any request, only the spare can have been started (it may
        // come up a moment after the service listens).
        let started = #"exthost_extension_processes_total{event="started"}"#
        let until = Date().addingTimeInterval(10)
        var before = try client.send("GET", "/metrics").text
        while !before.contains(started), Date() < until {
            Thread.sleep(forTimeInterval: 0.05)
            before = try client.send("GET", "/metrics").text
        }
        #expect(before.contains(started), "\(before)")
        let result = try service.run(#"{"intent": "SetLights", "parameters": {"room": "kitchen", "brightness": 50}}"#)
        #expect(result.status == 0, "\(result.both)")
        let metrics = try client.send("GET", "/metrics").text
        #expect(metrics.contains(#"exthost_extension_processes_total{event="started"}"#), "\(metrics)")
        #expect(!metrics.contains(#"event="crashed""#) && !metrics.contains(#"event="killed""#), "\(metrics)")
        #expect(service.stop() == 0, "\(service.output)")
    }
}
