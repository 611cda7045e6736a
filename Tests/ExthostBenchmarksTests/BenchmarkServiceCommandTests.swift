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
            "bench", "--service", "--runs", "3", "--warm-requests", "5", "--conversations", "8", "--clients", "1,2",
            "--output", output.path, fixture.path,
        ])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let text = result.standardOutput
        for figure in ["exthost run --service, good", "exthost run in-process, good", "exthost --help (the client's start), good",
                       "/bin/true (the floor), good", "one request, connected client, warm, good",
                       "1 client at once, good (", "2 clients at once, good ("] {
            #expect(text.contains(figure), "no \(figure) in:\n\(text)")
        }
        for target in ["exthost run --service as a whole process, good", "warm request from a connected client, good",
                       "conversations per second, 2 clients, good"] {
            #expect(text.contains(target), "no target check \(target) in:\n\(text)")
        }
        #expect(!text.contains("failed)"), "\(text)")
        // The service is stopped: nothing listens on its socket any more.
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("bench.sock").path))
    }
}
