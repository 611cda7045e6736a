import ExthostTestSupport
import Foundation
import Testing

/// `exthost run`'s command line is parsed by a root that knows `run` only
/// (`ExthostRun`), not the whole command tree: its help, usage errors and
/// exit statuses must be the whole tree's, word for word.
/// `EXTHOST_FULL_PARSE=1` sends the same command line through the tree.
@Suite("exthost run's command line, parsed without the whole tree")
struct RunCommandLineTests {
    /// The same command line through `run`'s own root and through the whole tree.
    private func both(_ arguments: [String]) throws -> (run: CommandRunner.Result, tree: CommandRunner.Result) {
        let data = try makeTemporaryDirectory("run-command-line")
        let environment = ["EXTHOST_DATA_DIR": data.path, "EXTHOST_IN_PROCESS": "1"]
        return (try CommandRunner("exthost-system", environment: environment).run(arguments),
                try CommandRunner("exthost-system", environment: environment.merging(["EXTHOST_FULL_PARSE": "1"]) { $1 }).run(arguments))
    }

    @Test("help, a usage error, an unknown option and a value the command refuses answer as the whole tree does",
          arguments: [
              (["run", "--help"], Int32(0)),
              (["run", "-h"], Int32(0)),
              (["run", "x.json", "--help"], Int32(0)),
              (["run"], Int32(64)),
              (["run", "--no-such-option", "x.json"], Int32(64)),
              (["run", "x.json", "--deadline"], Int32(64)),
              (["run", "x.json", "--deadline", "soon"], Int32(64)),
              (["run", "x.json", "--deadline", "-1"], Int32(64)),
              (["run", "a.json", "b.json"], Int32(64)),
          ])
    func sameAnswers(arguments: [String], status: Int32) throws {
        let (run, tree) = try both(arguments)
        #expect(run.status == status, "\(run.standardError)")
        #expect(run.status == tree.status)
        #expect(run.standardOutput == tree.standardOutput)
        #expect(run.standardError == tree.standardError)
        if status == 0 {
            #expect(run.standardOutput.contains("USAGE: exthost run [<options>] <intent-file>"))
        } else {
            #expect(run.standardError.hasPrefix("error: "))
            #expect(run.standardError.contains("See 'exthost run --help' for more information."))
        }
    }

    @Test("the whole tree's own requests are still its own: `help run` is `run --help`")
    func helpSubcommand() throws {
        let data = try makeTemporaryDirectory("run-command-line")
        let runner = CommandRunner("exthost-system", environment: ["EXTHOST_DATA_DIR": data.path, "EXTHOST_IN_PROCESS": "1"])
        let run = try runner.run(["run", "--help"])
        let viaHelp = try runner.run(["help", "run"])
        #expect(viaHelp.status == 0)
        #expect(viaHelp.standardOutput == run.standardOutput)
    }

    @Test("a missing intent file: the same error and status through both")
    func missingFile() throws {
        let (run, tree) = try both(["run", "--json", "/nonexistent/intent.json"])
        #expect(run.status == 2)
        #expect(run.status == tree.status)
        #expect(run.standardOutput == tree.standardOutput)
        #expect(run.standardOutput.contains("/nonexistent/intent.json: cannot read the file"))
    }
}
