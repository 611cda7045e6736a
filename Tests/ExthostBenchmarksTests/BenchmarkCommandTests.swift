import ExthostTestSupport
import Foundation
import Testing

/// `exthost bench` as a real process, on the C fixture plugin and a small
/// synthetic sweep. Only the structure of the report is checked: timings
/// are measured by running the benchmark, never asserted by tests.
@Suite("exthost bench")
struct BenchmarkCommandTests {
    @Test("bench --json --runs 3 reports baselines, phases, requests, scaling, targets and writes the chart")
    func jsonStructure() throws {
        let fixture = try FixturePlugins.build("good")
        let output = try makeTemporaryDirectory("bench")
        let result = try CommandRunner().run([
            "bench", "--json", "--runs", "3", "--warm-requests", "5",
            "--libraries", "0,2", "--initializers", "0,10", "--notable-percent", "0.000001",
            "--output", output.path, "--sources", TestPaths.packageRoot.path,
            fixture.path,
        ])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let report = try result.json()
        #expect(report["unit"] as? String == "ns")
        #expect(report["runs"] as? Int == 3)

        let baselines = try #require(report["baselines"] as? [String: Any])
        for key in ["emptyLibraryDlopen", "execTrue", "exthostProcess", "foundationProcess"] {
            let figure = try #require(baselines[key] as? [String: Any], "no baseline \(key)")
            let summary = try #require(figure["summary"] as? [String: Any])
            #expect(summary["count"] as? Int == 3)
            for statistic in ["median", "p90", "min", "max"] { #expect(summary[statistic] is Double) }
            #expect(figure["shareOfBudget"] is Double)
        }

        #expect((baselines["errors"] as? [Any])?.isEmpty == true)

        let plugins = try #require(report["plugins"] as? [[String: Any]])
        let given = try #require(plugins.first { $0["origin"] as? String == "given" })
        #expect(given["name"] as? String == "good")
        #expect(given["identifier"] as? String == "com.example.fixture.intents")
        let phases = try #require(given["phases"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(phases == ["dlopen", "abiCheck", "definition", "init", "firstHandlerFor", "coldLoad", "coldLoadWithoutDefinition", "firstRequest", "coldLoadAndFirstRequest", "definitionReadAgain",
                           "definitionFromText", "coldLoadFromText"])
        let request = try #require(given["request"] as? [String: Any])
        #expect(request["intent"] as? String == "LogWorkout")
        #expect(request["outcome"] as? String == "success")
        #expect(given["warmRequest"] is [String: Any])
        // LogWorkout ends in handle: the resolves and confirm are timed apart too.
        #expect(given["warmRequestWithoutHandle"] is [String: Any])
        #expect(given["runCommand"] is [String: Any])
        // The same runs, until their answer was read (the donation is committed after it).
        #expect(given["runCommandAnswer"] is [String: Any])
        #expect((given["linkedLibraries"] as? [String])?.contains("libc.so.6") == true)
        #expect((given["errors"] as? [Any])?.isEmpty == true)
        // With a threshold this low every load is notable: the hint names what it links.
        #expect((given["hint"] as? String)?.contains("libc.so.6") == true)

        let synthetic = plugins.filter { $0["origin"] as? String == "synthetic" }
        #expect(synthetic.compactMap { $0["name"] as? String }.sorted() == ["synthetic-l0-i0", "synthetic-l0-i10", "synthetic-l2-i0"])
        let scaling = try #require(report["scaling"] as? [String: Any])
        #expect((scaling["libraries"] as? [[String: Any]])?.compactMap { $0["x"] as? Int } == [0, 2])
        #expect((scaling["initializers"] as? [[String: Any]])?.compactMap { $0["x"] as? Int } == [0, 10])
        #expect(scaling["perLibrary"] is [String: Any])
        #expect(scaling["perInitializer"] is [String: Any])

        let targets = try #require(report["targets"] as? [[String: Any]])
        #expect(targets.contains { ($0["name"] as? String)?.hasPrefix("cold load of good") == true })
        // The synthetic C plugin's six-parameter conversation is held to
        // issue 16's 2 µs, not a Swift extension's 5 µs.
        #expect(targets.contains { $0["name"] as? String == "warm 6-parameter conversation, synthetic-l0-i0" && $0["target"] as? String == "≤ 2 µs (a C plugin)" })
        #expect(targets.contains { $0["name"] as? String == "warm resolves and confirm, 6 parameters, synthetic-l0-i0" && $0["target"] as? String == "≤ 2 µs (a C plugin)" })
        // The fixture is a C plugin: its whole `exthost run` has the C target.
        #expect(targets.contains { $0["name"] as? String == "exthost run as a whole process, good" && $0["target"] as? String == "≤ 10 ms (a C plugin)" })
        #expect(targets.allSatisfy { $0["met"] is Bool })

        let chart = try #require(report["chart"] as? String)
        #expect(try String(contentsOfFile: chart, encoding: .utf8).hasPrefix("<?xml"))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("bench-results.json").path))
    }

    @Test("bench of the Study record extension starts its backend: a row of its own whose request succeeds, and the backend stopped after")
    func studyRecordWithItsBackend() throws {
        let output = try makeTemporaryDirectory("bench-backend")
        let result = try CommandRunner().run([
            "bench", "--json", "--runs", "3", "--warm-requests", "3", "--no-synthetic",
            "--output", output.path, "--sources", TestPaths.packageRoot.path,
            BuiltProducts.plugin("StudyRecordExtension").path,
        ])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let plugins = try #require(try result.json()["plugins"] as? [[String: Any]])
        #expect(plugins.contains { $0["name"] as? String == "libStudyRecordExtension" })
        let running = try #require(plugins.first { $0["name"] as? String == "libStudyRecordExtension, backend running" })
        // With the backend the record is posted and the request succeeds
        // (offline, handle keeps it and answers failureOffline).
        #expect((running["request"] as? [String: Any])?["outcome"] as? String == "success")
        #expect(running["warmRequest"] is [String: Any])
        #expect((running["errors"] as? [Any])?.isEmpty == true)

        // The backend said its port in its log; once bench has ended,
        // nothing listens there.
        let log = try String(contentsOf: output.appendingPathComponent("study-record-backend.log"), encoding: .utf8)
        let said = try #require(log.range(of: "listening on 127.0.0.1:"))
        let port = try #require(UInt16(log[said.upperBound...].prefix { $0.isNumber }))
        #expect(!Self.accepts(port: port))
    }

    /// Whether a TCP connection to 127.0.0.1:`port` is accepted.
    private static func accepts(port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    @Test("the table for people names the floor, each phase and the targets")
    func table() throws {
        let fixture = try FixturePlugins.build("good")
        let output = try makeTemporaryDirectory("bench")
        let result = try CommandRunner().run([
            "bench", "--runs", "3", "--warm-requests", "2", "--no-synthetic",
            "--output", output.path, "--sources", TestPaths.packageRoot.path, fixture.path,
        ])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        for text in ["empty C .so dlopen (the floor)", "exec /bin/true", "Swift, Foundation only", "until its answer is read", "first handler(for:)", "= cold load",
                     "warm request", "without handle (resolves, confirm)", "exthost run (whole process)", "links: ", "Targets"] {
            #expect(result.standardOutput.contains(text), "missing \(text)")
        }
    }

    @Test("fewer than 3 runs is refused")
    func tooFewRuns() throws {
        let result = try CommandRunner().run(["bench", "--runs", "2"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("--runs must be at least 3"))
    }
}
