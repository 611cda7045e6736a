import ExthostTestSupport
import Foundation
import Testing

/// `exthost` is the static front: it execs `exthost-system`, the full
/// command line, beside it, so every command answers as the full program
/// does (same output, same exit status), and a front installed without it
/// says what is missing.
@Suite("exthost, the front")
struct FrontTests {
    /// Runs `arguments` through the front and through the full program.
    private func both(_ arguments: [String], input: String = "", environment: [String: String] = [:])
        throws -> (front: CommandRunner.Result, full: CommandRunner.Result) {
        (try CommandRunner("exthost", environment: environment).run(arguments, input: input),
         try CommandRunner("exthost-system", environment: environment).run(arguments, input: input))
    }

    @Test("help, usage errors and a missing file answer as the full program, with its exit status",
          arguments: [["--help"], ["run", "--help"], ["no-such-command"], ["run"], ["run", "/nonexistent/intent.json"],
                      ["run", "--service", "--in-process", "x.json"], ["donations", "list", "--json"]])
    func sameAnswers(arguments: [String]) throws {
        let data = try makeTemporaryDirectory("front-data")
        let (front, full) = try both(arguments, environment: ["EXTHOST_DATA_DIR": data.path])
        #expect(front.status == full.status)
        #expect(front.standardOutput == full.standardOutput)
        #expect(front.standardError == full.standardError)
    }

    @Test("a conversation from an intent file and standard input: the same result, transcript and --json")
    func sameConversation() throws {
        let plugins = try FixturePlugins.pluginFolder([try FixturePlugins.build("good")], names: nil)
        let work = try makeTemporaryDirectory("front-run")
        let environment = ["EXTHOST_CACHE_DIR": work.appendingPathComponent("cache").path]
        let request = #"{"intent": "LogWorkout", "parameters": {"activity": "run", "minutes": 30}}"#
        for extra in [[], ["--json"]] {
            let (front, full) = try both(["run", "--plugins", plugins.path, "-", "--answer", "route=1", "--answer", "confirm=yes"] + extra,
                                         input: request, environment: environment)
            #expect(front.status == 0, "\(front.standardError)")
            #expect(front.status == full.status)
            if extra.isEmpty {
                #expect(front.standardOutput.contains("Logged 30 min run on River Loop: 300 kcal."))
                // The load line's times differ from run to run; the other lines do not.
                #expect(Self.withoutTimes(front.standardOutput) == Self.withoutTimes(full.standardOutput))
            } else {
                #expect(try front.jsonWithoutTimings() == (try full.jsonWithoutTimings()))
            }
        }
    }

    @Test("a front without exthost-system beside it names the file it needs, status 127")
    func missingFullProgram() throws {
        let folder = try makeTemporaryDirectory("front-alone")
        let front = folder.appendingPathComponent("exthost")
        // The build's own front (not a wrapper scripts/sanitize may put first).
        try FileManager.default.copyItem(at: BuiltProducts.directory.appendingPathComponent("exthost"), to: front)
        let result = try CommandRunner().runExternal(front.path, ["list"])
        #expect(result.status == 127)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains(folder.appendingPathComponent("exthost-system").path))
        #expect(result.standardError.contains("No such file or directory"))
    }

    /// `text` without its `load:` line (the plugin's load times).
    private static func withoutTimes(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("  load: ") }.joined(separator: "\n")
    }
}
