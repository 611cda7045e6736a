import ExthostTestSupport
import Foundation
import Testing

/// What a plugin loaded into `exthost run`'s own process (no `--isolated`)
/// can do wrong, and what the user sees.
@Suite("exthost run: plugin faults in-process")
struct InProcessPluginFaultTests {
    typealias Setup = RunCommandTests.Setup

    @Test("a plugin that prints: the JSON on standard output is whole, the lines are logged for the extension")
    func printingPlugin() throws {
        let setup = try Setup([try FixturePlugins.build("ping-prints", defines: ["FIXTURE_PING_MODE=9"])])
        let result = try setup.run(#"{"intent": "Ping"}"#)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try result.json()["code"] as? String == "success")
        #expect(!result.standardOutput.contains("the host's output"))
        #expect(result.standardError.contains(#"[extension info] the extension for Ping wrote on stdout: {"not": "the host's output"}"#),
                "\(result.standardError)")
    }

    @Test("a plugin whose printed line is still in C's buffer when exthost ends: the line is logged, not lost")
    func unflushedOutput() throws {
        let setup = try Setup([try FixturePlugins.build("ping-prints-unflushed", defines: ["FIXTURE_PING_MODE=27"])])
        let result = try setup.run(#"{"intent": "Ping"}"#)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try result.json()["code"] as? String == "success")
        #expect(result.standardError.contains("[extension info] the extension for Ping wrote on stdout: a line still in the buffer at exit"),
                "\(result.standardError)")
    }

    @Test("a plugin's forked child that prints after exthost ended: what it printed during the request is logged, the later line is lost, the JSON is whole")
    func forkedChildOutlivesExthost() throws {
        let setup = try Setup([try FixturePlugins.build("ping-forks-late", defines: ["FIXTURE_PING_MODE=29"])])
        let report = setup.work.appendingPathComponent("late-report.txt")
        var runner = setup.runner
        runner.environment["FIXTURE_LATE_REPORT"] = report.path
        let result = try runner.run(["run", "--json", "--plugins", setup.plugins.path, try setup.intentFile(#"{"intent": "Ping"}"#)])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try result.json()["code"] as? String == "success")
        #expect(result.standardError.contains("[extension info] the extension for Ping wrote on stdout: early line from a forked child"),
                "\(result.standardError)")
        // The child wrote its second line once exthost had ended: it reaches
        // neither exthost's output nor its log.
        var said = ""
        for _ in 0..<3000 where said.isEmpty {
            said = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
            if said.isEmpty { usleep(10_000) }
        }
        #expect(said.hasPrefix("parent ended: yes; late write returned "), "\(said)")
        #expect(!result.standardOutput.contains("late line"))
        #expect(!result.standardError.contains("late line"))
    }

    @Test("a plugin that calls exit(0): exit 4, error 5001 in the JSON, not a silent success")
    func exitingPlugin() throws {
        let setup = try Setup([try FixturePlugins.build("ping-exits", defines: ["FIXTURE_PING_MODE=7"])])
        let result = try setup.run(#"{"intent": "Ping"}"#)
        #expect(result.status == 4)
        let json = try result.json()
        #expect(json["outcome"] as? String == "error")
        let error = try #require(json["error"] as? [String: Any])
        #expect(error["code"] as? Int == 5001)
        #expect(error["message"] as? String == "the extension handling Ping ended exthost's process (it called exit) before the request was over; the request failed. An extension must return from its methods and call their completion; to keep exthost apart from an extension, run it with --isolated.")
    }

    @Test("a plugin that calls exit(0), output for people: the error line on standard error")
    func exitingPluginForPeople() throws {
        let setup = try Setup([try FixturePlugins.build("ping-exits", defines: ["FIXTURE_PING_MODE=7"])])
        let result = try setup.runner.run(["run", "--plugins", setup.plugins.path, try setup.intentFile(#"{"intent": "Ping"}"#)])
        #expect(result.status == 4)
        #expect(result.standardError.contains("error: error 5001 (INIntentErrorExtensionBringUpFailed): the extension handling Ping ended exthost's process (it called exit)"))
    }

    @Test("a plugin whose constructor prints: probed and run as any other, the line logged")
    func constructorPrints() throws {
        let setup = try Setup([try FixturePlugins.build("constructor-prints", defines: ["FIXTURE_CONSTRUCTOR_PRINTS"])])
        let result = try setup.run(#"{"intent": "Ping"}"#)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try result.json()["code"] as? String == "success")
        #expect(!result.standardOutput.contains("by a constructor"))
    }

    @Test("a plugin that crashes, aborts or overflows its stack in a method: exit 4, error 5001 naming the signal, not a signal death",
          arguments: [(5, "signal 11, Segmentation fault"), (6, "signal 6, Aborted"), (14, "signal 11, Segmentation fault")])
    func faultingPlugin(_ mode: Int, _ signal: String) throws {
        let setup = try Setup([try FixturePlugins.build("ping-faults-\(mode)", defines: ["FIXTURE_PING_MODE=\(mode)"])])
        let result = try setup.run(#"{"intent": "Ping"}"#)
        #expect(result.status == 4)
        let error = try #require(try result.json()["error"] as? [String: Any])
        #expect(error["code"] as? Int == 5001)
        #expect(error["message"] as? String == "a fault (\(signal)) ended exthost's process while the extension handling Ping ran the request; the request failed. Look for the fault in the extension's code; to keep exthost apart from an extension, run it with --isolated.")
    }
}
