import ExthostTestSupport
import Foundation
import Testing

/// `exthost bench --instructions` as a real process under real valgrind.
/// Only the structure is checked: the counts are measured by running the
/// benchmark, never asserted.
@Suite("exthost bench --instructions")
struct BenchmarkInstructionTests {
    static let valgrind = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        .contains { FileManager.default.isExecutableFile(atPath: "\($0)/valgrind") }

    @Test("counts a plugin's warm conversation whole and without handle, in a table and a JSON file",
          .enabled(if: valgrind, "valgrind is not installed (apt-get install valgrind)"))
    func counts() throws {
        let fixture = try FixturePlugins.build("good")
        let output = try makeTemporaryDirectory("bench-instructions")
        let result = try CommandRunner().run([
            "bench", "--instructions", "--no-synthetic", "--warm-requests", "3",
            "--output", output.path, "--sources", TestPaths.packageRoot.path, fixture.path,
        ])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        for text in ["Instructions per warm conversation", "20 vs 23 conversations", "whole conversation", "without handle", "good"] {
            #expect(result.standardOutput.contains(text), "missing \(text) in \(result.standardOutput)")
        }
        let data = try Data(contentsOf: output.appendingPathComponent("instructions-results.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(report["unit"] as? String == "instructions")
        let figures = try #require(report["figures"] as? [[String: Any]])
        #expect(figures.compactMap { $0["part"] as? String } == ["whole", "withoutHandle"])
        for figure in figures {
            #expect(figure["name"] as? String == "good")
            #expect(figure["error"] == nil, "\(figure)")
            #expect(figure["outcome"] as? String == "success")
            let count = try #require(figure["instructionsPerConversation"] as? Double)
            #expect(count > 0)
            #expect((figure["fewer"] as? [String: Any])?["conversations"] as? Int == 20)
            #expect((figure["more"] as? [String: Any])?["conversations"] as? Int == 23)
        }
    }

    @Test("refused beside --service")
    func notWithService() throws {
        let result = try CommandRunner().run(["bench", "--instructions", "--service"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("--service and --instructions"))
    }
}
