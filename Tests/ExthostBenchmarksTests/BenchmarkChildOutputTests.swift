import ExthostTestSupport
import Foundation
import Testing

/// `exthost bench-child`, the fresh process `exthost bench` reads one sample
/// from (the last line of its standard output), with a plugin that prints.
@Suite("exthost bench-child: a plugin's standard output")
struct BenchmarkChildOutputTests {
    @Test("a plugin whose printed line is still in C's buffer at exit: the sample is the last line, the plugin's line is logged")
    func printingPluginLeavesTheSampleWhole() throws {
        let plugin = try FixturePlugins.build("ping-prints-unflushed", defines: ["FIXTURE_PING_MODE=27"])
        let work = try makeTemporaryDirectory("bench-child")
        let request = work.appendingPathComponent("ping.json")
        try #"{"intent": "Ping"}"#.write(to: request, atomically: true, encoding: .utf8)
        let result = try CommandRunner().run(["bench-child", "plugin", plugin.path, "--request", request.path, "--warm", "2"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardOutput.contains("a line still in the buffer at exit"), "\(result.standardOutput)")
        let last = try #require(result.standardOutput.split(separator: "\n").last, "no sample: \(result.standardOutput)")
        let sample = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any], "\(last)")
        #expect(sample["error"] == nil, "\(sample)")
        #expect(sample["outcome"] as? String == "success", "\(sample)")
        #expect(result.standardError.contains("wrote on stdout: a line still in the buffer at exit"), "\(result.standardError)")
    }
}
