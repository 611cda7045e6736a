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
                       "isolated cold start with the spare, good", "of which the plugin loaded into the spare (check-out), good", "isolated cold start, process started for it (--no-spare), good",
                       "floor: spawn /bin/true and wait", "floor: a socket-pair round trip",
                       "healthy requests under faults, 2 clients, good ("] {
            #expect(text.contains(figure), "no \(figure) in:\n\(text)")
        }
        for target in ["exthost run through the service as a whole process, good",
                       "exthost run through the service against a static Swift program, good", "warm request from a connected client, good",
                       "conversations per second, 2 clients, good", "isolated cold start, good (C)", "(target ≤ 2 ms)"] {
            #expect(text.contains(target), "no target check \(target) in:\n\(text)")
        }
        // The load with faults: of 100 conversations, the 50th went to the
        // crashing plugin and the 100th to the hanging one; only they failed.
        let faults = text.split(separator: "\n").first { $0.contains("only the crashing and hanging extensions' requests fail, 2 clients") }
        #expect(faults?.contains("met    ") == true, "\(text)")
        #expect(faults?.contains("healthy: 98 succeeded;") == true, "\(text)")
        #expect(faults?.contains("crashing: 1 crashed (5001);") == true, "\(text)")
        #expect(faults?.contains("hanging (deadline 0.2 s): 1 timed out (3001)") == true, "\(text)")
        #expect(!text.contains("failed)"), "\(text)")
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
}
