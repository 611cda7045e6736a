import ExthostTestSupport
import Foundation
import Testing

/// `exthost` started in a broken environment (closed standard streams, a
/// reader that went away, too few file descriptors, absurd option values):
/// each ends with its documented status and, where a stream is left, says
/// why. Run through `/bin/sh`, as a user's shell starts it.
@Suite("exthost in a hostile environment")
struct HostileEnvironmentTests {
    typealias Setup = RunCommandTests.Setup

    /// Runs `script` with `sh -c`; `$EXTHOST` is the built command, `$PLUGINS`
    /// the fixture's folder, `$INTENT` an intent file asking for Ping. The
    /// script ends with exthost's own status.
    func shell(_ script: String) throws -> CommandRunner.Result {
        let setup = try Setup([try FixturePlugins.build("good")])
        var runner = setup.runner
        runner.environment["EXTHOST"] = BuiltProducts.executable("exthost").path
        runner.environment["PLUGINS"] = setup.plugins.path
        runner.environment["INTENT"] = try setup.intentFile(#"{"intent": "Ping"}"#)
        return try runner.runExternal("/bin/sh", ["-c", script])
    }

    @Test("standard output closed: exit 1, and standard error says so")
    func closedStandardOutput() throws {
        let result = try shell(#""$EXTHOST" run --plugins "$PLUGINS" "$INTENT" >&-"#)
        #expect(result.status == 1)
        #expect(result.standardError == "error: standard output is closed: exthost writes its results there (to discard them, redirect it to /dev/null)\n")
    }

    @Test("standard error closed: the request runs, exit 0")
    func closedStandardError() throws {
        let result = try shell(#""$EXTHOST" run --plugins "$PLUGINS" "$INTENT" 2>&-"#)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("response: success"))
    }

    @Test("standard input closed with run -: exit 2, bad input")
    func closedStandardInput() throws {
        let result = try shell(#""$EXTHOST" run --plugins "$PLUGINS" - <&-"#)
        #expect(result.status == 2)
        #expect(result.standardError == "error: standard input is closed: give the file's path, or feed the file on standard input\n")
    }

    @Test("an intent file from a pipe (a FIFO, as <(…) gives) is read")
    func intentFromPipe() throws {
        let result = try shell(#"mkfifo "$INTENT.fifo" && { cat "$INTENT" > "$INTENT.fifo" & } && "$EXTHOST" run --json --plugins "$PLUGINS" "$INTENT.fifo""#)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try result.json()["code"] as? String == "success")
    }

    @Test("a reader that went away (SIGPIPE): exit 1, and standard error says so")
    func brokenPipe() throws {
        // `true` has ended, and the pipe's read end with it, before exthost writes.
        let result = try shell(#"{ sleep 0.3; "$EXTHOST" run --plugins "$PLUGINS" "$INTENT"; echo $? > "$INTENT.status"; } | true; exit $(cat "$INTENT.status")"#)
        #expect(result.status == 1)
        #expect(result.standardError == "error: the result could not be written to standard output: Broken pipe\n")
    }

    @Test("too few file descriptors (ulimit -n 8): exit 4, and what to raise")
    func shortOfDescriptors() throws {
        let result = try shell(#"ulimit -n 8 && "$EXTHOST" run --plugins "$PLUGINS" "$INTENT""#)
        #expect(result.status == 4)
        #expect(result.standardError == "error: exthost needs at least 32 open files and the limit is 8: raise it (ulimit -n 32)\n")
    }

    @Test("--deadline inf, 1e308, nan, 0: a command-line error before anything runs", arguments: ["inf", "1e308", "nan", "0"])
    func absurdDeadline(_ value: String) throws {
        let setup = try Setup([try FixturePlugins.build("good")])
        let result = try setup.run(#"{"intent": "Ping"}"#, ["--deadline", value])
        #expect(result.status == 64)
        let shown = Double(value).map { "\($0)" } ?? value
        #expect(result.standardError.hasPrefix("error: --deadline takes seconds, more than 0 and at most 86400 (a day); got \(shown)\n"))
    }

    @Test("numeric options of every command are checked when parsed", arguments: [
        (["serve", "--session-expiry", "inf"], "error: --session-expiry takes seconds, more than 0 and at most 86400 (a day); got inf"),
        (["open", "activity.json", "--deadline", "nan"], "error: --deadline takes seconds, more than 0 and at most 86400 (a day); got nan"),
        (["list", "--notable-milliseconds", "1e12"], "error: --notable-milliseconds takes milliseconds from 0.0 to 86400000.0; got 1000000000000.0"),
        (["donations", "add", "donation.json", "--count", "0"], "error: --count must be 1 or more; got 0"),
        (["donations", "add", "donation.json", "--count", "1000000000"], "error: --count takes copies from 1 to 100000; got 1000000000"),
        (["suggest", "--limit=-1"], "error: --limit takes suggestions from 1 to 10000; got -1"),
        (["run", "intent.json", "--isolated", "--memory-limit", "99999999999"], "error: --memory-limit takes MiB from 0 to 1048576; got 99999999999"),
    ])
    func numericOptions(_ arguments: [String], _ message: String) throws {
        let result = try CommandRunner().run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix(message + "\n"), "\(result.standardError)")
    }
}
