import ExthostTestSupport
import Foundation
import Testing

/// The console as a user meets it: every command writes what went wrong with
/// the same prefix, and ends with the status the README's table gives.
@Suite("Console: error lines and exit statuses")
struct ConsoleTests {
    /// A folder of its own: a store, a cache, a few files.
    struct Setup {
        let work: URL
        let runner: CommandRunner

        init() throws {
            work = try makeTemporaryDirectory("console")
            runner = CommandRunner(environment: [
                "EXTHOST_CACHE_DIR": work.appendingPathComponent("cache").path,
                "EXTHOST_DATA_DIR": work.appendingPathComponent("data").path,
                "EXTHOST_RUNTIME_DIR": work.appendingPathComponent("run").path,
                "EXTHOST_PLUGIN_PATH": work.appendingPathComponent("Plugins").path,
                "EXTHOST_APP_PATH": work.appendingPathComponent("Apps").path,
            ], workingDirectory: work)
        }

        func file(_ name: String, _ text: String) throws -> String {
            let url = work.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
    }

    /// One failing command line and what a user must see.
    struct Failure: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var status: Int32
        /// What the first line on standard error starts with, after `error: `.
        var says: String

        var testDescription: String { "exthost " + arguments.joined(separator: " ") }
    }

    static let failures: [Failure] = [
        // 1: an error the command did not expect (the argument parser reports it).
        Failure(arguments: ["open", "/nonexistent/activity.json"], status: 1, says: "/nonexistent/activity.json: cannot be read"),
        Failure(arguments: ["generate", "/nonexistent/A.intentdefinition", "--output", "out"], status: 1, says: "A.intentdefinition: cannot read"),
        // 1: no voice shortcut has the phrase.
        Failure(arguments: ["say", "open the pod bay doors"], status: 1, says: "no voice shortcut has the phrase"),
        // 2: bad input.
        Failure(arguments: ["run", "/nonexistent/intent.json"], status: 2, says: "/nonexistent/intent.json"),
        Failure(arguments: ["convert", "/nonexistent/A.intentdefinition", "--to", "json"], status: 2, says: "cannot load"),
        // 4: the system failed.
        Failure(arguments: ["probe", "/nonexistent/libNothing.so"], status: 4, says: ""),
        Failure(arguments: ["donations", "list", "--store", "/proc/nonexistent/donations.sqlite"], status: 4,
                says: "cannot open the donation store"),
        // 64: the command line is wrong.
        Failure(arguments: ["run"], status: 64, says: "Missing expected argument"),
        Failure(arguments: ["run", "intent.json", "--answer", "route"], status: 64, says: "--answer takes KEY=VALUE"),
        Failure(arguments: ["no-such-command"], status: 64, says: ""),
    ]

    @Test("each failure: the documented status, and standard error starts with \"error: \"", arguments: failures)
    func failure(_ failure: Failure) throws {
        let setup = try Setup()
        let result = try setup.runner.run(failure.arguments)
        #expect(result.status == failure.status, "\(result.standardError)")
        let first = try #require(result.standardError.split(separator: "\n").first.map(String.init))
        #expect(first.hasPrefix("error: " + failure.says), "\(first)")
        #expect(!result.standardError.contains("Error:"))
        #expect(!result.standardError.contains("✗"))
    }

    @Test("with --json a failure is one JSON object on standard output, nothing on standard error")
    func jsonFailure() throws {
        let setup = try Setup()
        let result = try setup.runner.run(["run", "--json", "/nonexistent/intent.json"])
        #expect(result.status == 2)
        #expect(result.standardError.isEmpty)
        let json = try result.json()
        #expect(json["outcome"] as? String == "error")
        #expect((json["message"] as? String)?.contains("/nonexistent/intent.json") == true)

        let said = try setup.runner.run(["say", "--json", "open the pod bay doors"])
        #expect(said.status == 1)
        #expect(said.standardError.isEmpty)
        #expect(try said.json()["outcome"] as? String == "noShortcut")
    }

    @Test("an activity file written by hand is what exthost open reads; a broken one names the key")
    func activityFile() throws {
        let setup = try Setup()
        let broken = try setup.file("broken.json", #"{"title": "no type"}"#)
        let result = try setup.runner.run(["open", broken])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("error: \(broken): not a user activity (key 'activityType' is missing)"))
    }
}
