import ExthostTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `exthost bench --service` as a real process, on the C fixture plugin:
/// the report's structure and that the service it started is gone after.
/// Timings are measured by running the benchmark, never asserted by tests.
@Suite("exthost bench --service")
struct BenchmarkServiceCommandTests {
    @Test("bench --service prints every figure beside the floors, checks each target, and stops its service")
    func serviceReport() throws {
        let fixture = try FixturePlugins.build("good")
        let output = try makeTemporaryDirectory("bench-service")
        let result = try CommandRunner().run([
            "bench", "--service", "--runs", "3", "--warm-requests", "5", "--conversations", "100", "--clients", "1,2",
            // Bounded by the count: the load with faults below counts its 100.
            "--load-seconds", "600",
            // The hanging plugin's first request also launches its process
            // (the launch counts against the first stage): 2 s, so that a
            // launch on a loaded machine does not end it first (5000).
            "--hang-deadline", "2",
            "--output", output.path, fixture.path,
        ])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let text = result.standardOutput
        for figure in ["exthost run (the default path: the front's fast path, service running), good", "exthost run --in-process, good",
                       "exthost run --isolated, good", "exthost run, the first: starts the service, good",
                       "exthost --help (the full program's start), good",
                       "exthost-system run (the full program as the client, service running), good",
                       "a static Swift program printing one line, good",
                       "/bin/true (the floor), good", "one request, connected client, warm, good",
                       "1 client at once, good (", "2 clients at once, good (",
                       "1 client at once, record study (synthetic C) (", "2 clients at once, record study (synthetic C) (",
                       "isolated cold start with the spare, good", "of which the plugin loaded into the spare (check-out), good", "isolated cold start, process started for it (--no-spare), good",
                       "isolated cold start with a spare that does not warm up (before), good", "of which the check-out, spare not warmed up, good",
                       "floor: spawn /bin/true and wait", "floor: a socket-pair round trip",
                       "healthy requests under faults, 2 clients, good ("] {
            #expect(text.contains(figure), "no \(figure) in:\n\(text)")
        }
        for target in ["exthost run through the service as a whole process, good",
                       "exthost run through the service against a static Swift program, good", "warm request from a connected client, good",
                       "conversations per second, 2 clients, good", "conversations per second, 2 clients, record study (synthetic C)",
                       "isolated cold start, good (C)", "(target ≤ 2 ms)"] {
            #expect(text.contains(target), "no target check \(target) in:\n\(text)")
        }
        // The load with faults: of 100 conversations, the 50th went to the
        // crashing plugin and the 100th to the hanging one; only they failed.
        let faults = text.split(separator: "\n").first { $0.contains("only the crashing and hanging extensions' requests fail, 2 clients") }
        #expect(faults?.contains("met    ") == true, "\(text)")
        #expect(faults?.contains("healthy: 98 succeeded;") == true, "\(text)")
        #expect(faults?.contains("crashing: 1 crashed (5001);") == true, "\(text)")
        #expect(faults?.contains("hanging (deadline 2.0 s): 1 timed out (3001)") == true, "\(text)")
        #expect(!text.contains("failed)"), "\(text)")
        // Each load ran its 100 conversations (the count ended it, not the time).
        let loadRows = text.split(separator: "\n").filter { $0.contains("at once, ") }
        #expect(loadRows.count == 4, "\(text)")
        #expect(loadRows.allSatisfy { $0.contains(" 100 in ") }, "\(text)")
        // The services are stopped: the one it started and each one a first
        // run started leave no socket behind (a service removes its socket
        // when it stops).
        let runtimeFolders = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0 == "runtime" || $0.hasPrefix("first-") }
        #expect(runtimeFolders.count == 4, "\(runtimeFolders)")
        for folder in runtimeFolders {
            let left = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent(folder).path).filter { $0.hasSuffix(".sock") }
            #expect(left.isEmpty, "\(folder): \(left)")
        }
    }

    @Test("the Study record example: its backend runs for the benchmark, and its isolated cold start is measured against ≤ 5 ms")
    func swiftExampleColdStart() throws {
        let plugin = BuiltProducts.plugin("StudyRecordExtension")
        let output = try makeTemporaryDirectory("bench-swift")
        let result = try CommandRunner().run([
            "bench", "--service", "--runs", "3", "--warm-requests", "1", "--conversations", "10", "--clients", "1",
            "--output", output.path, plugin.path,
        ])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let text = result.standardOutput
        for figure in ["isolated cold start with the spare, libStudyRecordExtension", "of which the plugin loaded into the spare (check-out), libStudyRecordExtension",
                       "isolated cold start with a spare that does not warm up (before), libStudyRecordExtension",
                       "isolated cold start, process started for it (--no-spare), libStudyRecordExtension",
                       "one request, connected client, warm, libStudyRecordExtension"] {
            #expect(text.contains(figure), "no \(figure) in:\n\(text)")
        }
        let check = text.split(separator: "\n").first { $0.contains("isolated cold start, libStudyRecordExtension (Swift)") }
        #expect(check?.contains("(target ≤ 5 ms)") == true, "\(text)")
        // PostStudyRecord's handle posted to the backend the benchmark started, not offline.
        let log = try String(contentsOf: output.appendingPathComponent("study-record-backend.log"), encoding: .utf8)
        #expect(log.contains("listening on 127.0.0.1:"), "\(log)")
        #expect(log.contains("[backend] POST "), "\(log)")
        #expect(!result.standardError.contains("measured offline only"), "\(result.standardError)")
    }

    @Test("a load ends at --load-seconds when its count is out of reach, and its rows say how many conversations ran")
    func loadBoundedByTime() throws {
        let fixture = try FixturePlugins.build("good")
        let output = try makeTemporaryDirectory("bench-time")
        let result = try CommandRunner().run([
            "bench", "--service", "--runs", "3", "--warm-requests", "1", "--conversations", "10000000", "--clients", "3",
            "--load-seconds", "0.3", "--output", output.path, fixture.path,
        ])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let rows = result.standardOutput.split(separator: "\n").filter { $0.contains("3 clients at once, ") }
        #expect(rows.count == 2, "\(result.standardOutput)")
        for row in rows {
            let ran = row.range(of: "conversations/s, ").flatMap { Int(row[$0.upperBound...].prefix { $0.isNumber }) }
            #expect(ran.map { $0 > 0 && $0 < 10_000_000 } == true, "\(row)")
        }
        let faults = result.standardOutput.split(separator: "\n").first { $0.contains("only the crashing and hanging extensions' requests fail, 3 clients") }
        #expect(faults?.contains("met    ") == true, "\(result.standardOutput)")
    }
}

@Suite("exthost bench --service, refused")
struct BenchmarkServiceRefusalTests {
    @Test("an output folder too deep for the service's socket: the socket's path, its length, the limit and what to do")
    func socketPathTooLong() throws {
        let fixture = try FixturePlugins.build("good")
        let output = try makeTemporaryDirectory("bench-deep").appendingPathComponent(String(repeating: "d", count: 90))
        let result = try CommandRunner().run([
            "bench", "--service", "--runs", "3", "--warm-requests", "1", "--conversations", "10", "--clients", "1",
            "--output", output.path, fixture.path,
        ])
        #expect(result.status != 0, "\(result.both)")
        let runtime = output.appendingPathComponent("runtime").path
        let line = try #require(result.standardError.split(separator: "\n").first { $0.contains("the service's socket would be \(runtime)/exthost-") },
                                "\(result.standardError)")
        let socket = try #require(line.range(of: "would be ").map { line[$0.upperBound...].prefix { $0 != "," } })
        #expect(socket.hasSuffix(".sock"), "\(line)")
        #expect(line.contains("\(socket), \(socket.utf8.count) bytes: a Unix socket's path holds at most 107 bytes (108 with its terminating NUL)"), "\(line)")
        let shorter = output.path.utf8.count - (socket.utf8.count - 107)
        #expect(result.standardError.contains("Give an --output folder at most \(shorter) bytes long (\(output.path) is \(output.path.utf8.count))"),
                "\(result.standardError)")
        #expect(!result.standardError.contains("ended before it listened"), "\(result.standardError)")
    }
}
