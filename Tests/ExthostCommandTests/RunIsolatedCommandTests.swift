import ExthostTestSupport
import Foundation
import Testing

/// `exthost run --isolated`: the extension in a process of its own, as a
/// user runs it.
@Suite("exthost run --isolated")
struct RunIsolatedCommandTests {
    typealias Setup = RunCommandTests.Setup

    @Test("the same JSON as in-process, timings aside")
    func sameResult() throws {
        let setup = try Setup([try FixturePlugins.build("good")])
        let request = #"{"intent": "LogWorkout", "parameters": {"activity": "run", "minutes": 30}}"#
        let answers = ["--answer", "route=1", "--answer", "confirm=yes"]
        let local = try setup.run(request, answers)
        let isolated = try setup.run(request, answers + ["--isolated"])
        #expect(isolated.status == local.status)
        #expect(try isolated.jsonWithoutTimings() == local.jsonWithoutTimings())
    }

    @Test("a plugin that prints: the JSON on standard output is whole, the lines are logged for the extension")
    func printingPlugin() throws {
        let setup = try Setup([try FixturePlugins.build("isolated-prints", defines: ["FIXTURE_PING_MODE=9"])])
        let result = try setup.run(#"{"intent": "Ping"}"#, ["--isolated"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try result.json()["code"] as? String == "success")
        #expect(!result.standardOutput.contains("the host's output"))
        #expect(result.standardError.contains(#"com.example.fixture.intents wrote on stdout: {"not": "the host's output"}"#),
                "\(result.standardError)")
    }

    @Test("a plugin that crashes: exit 4, error 5001 with the signal, and exthost itself reports it")
    func crashingPlugin() throws {
        let setup = try Setup([try FixturePlugins.build("isolated-segfault", defines: ["FIXTURE_PING_MODE=5"])])
        let result = try setup.run(#"{"intent": "Ping"}"#, ["--isolated"])
        #expect(result.status == 4)
        let error = try #require(try result.json()["error"] as? [String: Any])
        #expect(error["code"] as? Int == 5001)
        #expect((error["message"] as? String)?.contains("killed by signal 11 (Segmentation fault) during handle of Ping") == true)
    }

    @Test("a crash's report is exthost's short one, naming the signal and the plugin's frame; SWIFT_BACKTRACE brings Swift's own back")
    func crashReport() throws {
        let plugin = try FixturePlugins.build("isolated-segfault", defines: ["FIXTURE_PING_MODE=5"])
        var setup = try Setup([plugin])
        let result = try setup.run(#"{"intent": "Ping"}"#, ["--isolated"])
        #expect(result.status == 4)
        #expect(result.standardError.contains("*** exthost extension process: signal 11 (Segmentation fault); the stack, innermost first"),
                "\(result.standardError)")
        // The fixture's handle_ping is static: its frame is the plugin's file and an offset for addr2line.
        #expect(result.standardError.contains("\(plugin.lastPathComponent)(+0x"), "\(result.standardError)")
        #expect(result.standardError.contains("*** end of the stack ***"))
        #expect(!result.standardError.contains("Program crashed"))

        // Asked for (symbols off, so it is quick): the Swift runtime's report, ours not installed.
        setup.runner.environment["SWIFT_BACKTRACE"] = "enable=yes,symbolicate=off,interactive=no"
        let swift = try setup.run(#"{"intent": "Ping"}"#, ["--isolated"])
        #expect(swift.status == 4)
        #expect(try (swift.json()["error"] as? [String: Any])?["code"] as? Int == 5001)
        #expect(swift.standardError.contains("Program crashed"), "\(swift.standardError)")
        #expect(!swift.standardError.contains("*** exthost extension process:"))
    }

    @Test("a method that never returns: 3001 at the deadline, from the supervising exthost")
    func hangingPlugin() throws {
        let setup = try Setup([try FixturePlugins.build("ping-blocks", defines: ["FIXTURE_PING_MODE=4"])])
        // Not less than 2 s: the process's launch counts against the first
        // stage, and a launch past the deadline is 5000, not 3001; under
        // load a launch has taken longer than 0.3 s.
        let result = try setup.run(#"{"intent": "Ping"}"#, ["--isolated", "--deadline", "2"])
        #expect(result.status == 4)
        let error = try #require(try result.json()["error"] as? [String: Any])
        #expect(error["code"] as? Int == 3001, "\(error)")
    }

    @Test("--memory-limit without --isolated is a command-line error")
    func memoryLimitNeedsIsolation() throws {
        let setup = try Setup([try FixturePlugins.build("good")])
        let result = try setup.run(#"{"intent": "Ping"}"#, ["--memory-limit", "64"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--memory-limit applies to --isolated only"))
    }
}
