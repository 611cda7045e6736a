import ExthostTestSupport
import Foundation
import Testing

/// `exthost run` as a user runs it: a real process, real plugins on disk.
@Suite("exthost run")
struct RunCommandTests {
    /// A plugin folder, a private registry cache, and an intent file writer.
    struct Setup {
        var plugins: URL
        var work: URL
        var runner: CommandRunner

        init(_ plugins: [URL], names: [String]? = nil) throws {
            self.plugins = try FixturePlugins.pluginFolder(plugins, names: names)
            work = try makeTemporaryDirectory("run")
            runner = CommandRunner(environment: ["EXTHOST_CACHE_DIR": work.appendingPathComponent("cache").path])
        }

        func intentFile(_ json: String) throws -> String {
            let file = work.appendingPathComponent("intent-\(UUID().uuidString).json")
            try json.write(to: file, atomically: true, encoding: .utf8)
            return file.path
        }

        func run(_ json: String, _ extra: [String] = []) throws -> CommandRunner.Result {
            try runner.run(["run", "--json", "--plugins", plugins.path, try intentFile(json)] + extra)
        }
    }

    @Test("a full conversation from an intent file, answers on the command line")
    func success() throws {
        let setup = try Setup([try FixturePlugins.build("good")])
        let result = try setup.run(#"{"intent": "LogWorkout", "parameters": {"activity": "run", "minutes": 30}}"#,
                                   ["--answer", "route=1", "--answer", "confirm=yes"])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try result.json()
        #expect(json["outcome"] as? String == "success")
        #expect(json["code"] as? String == "success")
        #expect(json["message"] as? String == "Logged 30 min run on River Loop: 300 kcal.")
        let transcript = try #require(json["transcript"] as? [[String: Any]])
        #expect(transcript.contains { $0["stage"] as? String == "resolve" && $0["parameter"] as? String == "route" && $0["result"] as? String == "disambiguation" })
        let timings = try #require(json["timings"] as? [String: Any])
        #expect(timings["budgetSeconds"] as? Double == 10)
        let load = try #require(timings["load"] as? [String: Any])
        #expect((load["dlopen"] as? Double ?? 0) > 0)
        #expect(load["firstHandlerFor"] != nil)
    }

    @Test("an open question comes back as data, with exit status 3")
    func pendingQuestion() throws {
        let setup = try Setup([try FixturePlugins.build("good")])
        let result = try setup.run(#"{"intent": "LogWorkout", "parameters": {"activity": "swim", "minutes": 30}}"#)
        #expect(result.status == 3)
        let question = try #require(try result.json()["question"] as? [String: Any])
        #expect(question["kind"] as? String == "choice")
        #expect(question["answerKey"] as? String == "route")
        let choices = try #require(question["choices"] as? [[String: Any]])
        #expect(choices.first?["subtitle"] as? String == "5 km along the river")
    }

    @Test("a malformed intent file: exit 2, the file named")
    func malformedFile() throws {
        let setup = try Setup([try FixturePlugins.build("good")])
        let file = try setup.intentFile(#"{"intent": "LogWorkout", "parameters": {"#)
        let result = try setup.runner.run(["run", "--plugins", setup.plugins.path, file])
        #expect(result.status == 2)
        #expect(result.standardError.contains(file))
        #expect(result.standardError.contains("not valid JSON"))
    }

    @Test("a missing intent file: exit 2")
    func missingFile() throws {
        let setup = try Setup([try FixturePlugins.build("good")])
        let result = try setup.runner.run(["run", "--plugins", setup.plugins.path, "/nonexistent/intent.json"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("/nonexistent/intent.json"))
    }

    @Test("an unknown intent is error 2004, listing what is installed")
    func unknownIntent() throws {
        let setup = try Setup([try FixturePlugins.build("good")])
        let result = try setup.run(#"{"intent": "OrderPizza"}"#)
        #expect(result.status == 4)
        let json = try result.json()
        let error = try #require(json["error"] as? [String: Any])
        #expect(error["code"] as? Int == 2004)
        #expect((json["message"] as? String)?.contains("LogWorkout, Ping") == true)
    }

    @Test("a value of the wrong type: exit 2, intent and parameter named")
    func wrongType() throws {
        let setup = try Setup([try FixturePlugins.build("good")])
        let result = try setup.run(#"{"intent": "LogWorkout", "parameters": {"minutes": "half an hour"}}"#)
        #expect(result.status == 2)
        let message = try #require(try result.json()["message"] as? String)
        #expect(message.contains("parameter 'minutes' of LogWorkout is an Integer"))
        #expect(message.contains("half an hour"))
    }

    @Test("an unknown parameter: exit 2, the parameters listed")
    func unknownParameter() throws {
        let setup = try Setup([try FixturePlugins.build("good")])
        let result = try setup.run(#"{"intent": "LogWorkout", "parameters": {"speed": 3}}"#)
        #expect(result.status == 2)
        #expect((try result.json()["message"] as? String)?.contains("has no parameter \"speed\"") == true)
    }

    @Test("a value out of the definition's range is refused with its message, exit 3")
    func outOfRange() throws {
        let setup = try Setup([try FixturePlugins.build("good")])
        let result = try setup.run(#"{"intent": "LogWorkout", "parameters": {"activity": "run", "minutes": 1000}}"#)
        #expect(result.status == 3)
        let json = try result.json()
        #expect(json["outcome"] as? String == "unsupported")
        #expect(json["message"] as? String == "Workouts longer than 600 minutes can't be logged.")
    }

    @Test("two extensions claiming one intent is error 2001")
    func claimedTwice() throws {
        let first = try FixturePlugins.build("good")
        let second = try FixturePlugins.build("twin", defines: ["FIXTURE_IDENTIFIER=\"com.example.twin.intents\"", #"FIXTURE_APP="com.example.twin""#])
        let setup = try Setup([first, second])
        let result = try setup.run(#"{"intent": "Ping"}"#)
        #expect(result.status == 4)
        let error = try #require(try result.json()["error"] as? [String: Any])
        #expect(error["code"] as? Int == 2001)
        #expect((error["message"] as? String)?.contains("com.example.twin.intents") == true)
    }

    @Test("an intent restricted while locked but not supported is error 2002")
    func restrictedNotSupported() throws {
        let setup = try Setup([try FixturePlugins.build("restricts", defines: ["FIXTURE_RESTRICTS_UNSUPPORTED"])])
        let result = try setup.run(#"{"intent": "UnlockDoor"}"#)
        #expect(result.status == 4)
        let error = try #require(try result.json()["error"] as? [String: Any])
        #expect(error["code"] as? Int == 2002)
        #expect((error["message"] as? String)?.contains("restricted while locked but does not support it") == true)
    }

    @Test("a handler method that never returns: error 3001 at the deadline, and the process ends cleanly")
    func methodNeverReturns() throws {
        let setup = try Setup([try FixturePlugins.build("ping-blocks", defines: ["FIXTURE_PING_MODE=4"])])
        let result = try setup.run(#"{"intent": "Ping"}"#, ["--deadline", "1"])
        #expect(result.status == 4)
        let error = try #require(try result.json()["error"] as? [String: Any])
        #expect(error["code"] as? Int == 3001)
    }

    @Test("the watchdog's failure has the keys of every other failure")
    func watchdogFailureKeys() throws {
        let setup = try Setup([try FixturePlugins.build("ping-blocks", defines: ["FIXTURE_PING_MODE=4"])])
        let stuck = try setup.run(#"{"intent": "Ping"}"#, ["--deadline", "1"])
        #expect(stuck.status == 4, "\(stuck.both)")
        let watchdog = try stuck.json()
        #expect((watchdog["error"] as? [String: Any])?["code"] as? Int == 3001)
        let unknown = try setup.run(#"{"intent": "OrderPizza"}"#)
        #expect(unknown.status == 4, "\(unknown.both)")
        let other = try unknown.json()
        #expect((other["error"] as? [String: Any])?["code"] as? Int == 2004)
        #expect(Set(watchdog.keys) == Set(other.keys), "\(watchdog.keys.sorted()) vs \(other.keys.sorted())")
    }

    @Test("a completion never called: error 3001 at the deadline")
    func neverCompletes() throws {
        let setup = try Setup([try FixturePlugins.build("ping-never", defines: ["FIXTURE_PING_MODE=1"])])
        // The launch counts against the first stage: under the sanitizer run
        // on a busy machine, loading the plugin alone can take 0.2 s, which
        // would end the request with 5000 (the launch) before any method ran.
        let result = try setup.run(#"{"intent": "Ping"}"#, ["--deadline", "1"])
        #expect(result.status == 4)
        let json = try result.json()
        #expect((json["error"] as? [String: Any])?["code"] as? Int == 3001)
    }

    @Test("a completion called twice is reported in warnings and ignored")
    func completesTwice() throws {
        let setup = try Setup([try FixturePlugins.build("ping-twice", defines: ["FIXTURE_PING_MODE=2"])])
        let result = try setup.run(#"{"intent": "Ping"}"#)
        #expect(result.status == 0)
        let json = try result.json()
        #expect(json["code"] as? String == "success")
        #expect((json["warnings"] as? [String])?.count == 1)
    }

    @Test("plugins that are not plugins, or crash while loading, do not stop the others")
    func brokenNeighbours() throws {
        let garbage = FixturePlugins.buildDirectory.appendingPathComponent("garbage-\(UUID().uuidString).so")
        try "not a plugin".write(to: garbage, atomically: true, encoding: .utf8)
        let crashes = try FixturePlugins.build("crashes", defines: ["FIXTURE_INIT_CRASHES", "FIXTURE_IDENTIFIER=\"com.example.crash\""])
        let setup = try Setup([try FixturePlugins.build("good"), garbage, crashes], names: ["good.so", "garbage.so", "crashes.so"])
        let result = try setup.run(#"{"intent": "Ping"}"#)
        #expect(result.status == 0, "\(result.standardOutput) \(result.standardError)")

        let list = try setup.runner.run(["list", "--json", "--plugins", setup.plugins.path])
        let extensions = try #require(try list.json()["extensions"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: extensions.map { (($0["path"] as! NSString).lastPathComponent, $0) })
        #expect((byName["garbage.so"]?["error"] as? String)?.contains("not an ELF shared object") == true)
        #expect((byName["crashes.so"]?["error"] as? String)?.contains("crashed while loading") == true)
        #expect(byName["good.so"]?["manifest"] != nil)
    }

    @Test("interactive: questions are asked and answered on the terminal's input")
    func answersFromInput() throws {
        let setup = try Setup([try FixturePlugins.build("good")])
        let file = try setup.intentFile(#"{"intent": "LogWorkout", "parameters": {"activity": "run"}}"#)
        // Not a terminal: answers come only from --answer; the question is shown.
        let result = try setup.runner.run(["run", "--plugins", setup.plugins.path, file])
        #expect(result.status == 3)
        #expect(result.standardOutput.contains("How many minutes?"))
        #expect(result.standardOutput.contains("--answer minutes=VALUE"))
    }
}

/// `exthost run` in a real terminal (a pseudo-terminal made by `script`).
@Suite("exthost run in a terminal")
struct InteractiveRunTests {
    /// Runs LogWorkout (activity given) on a terminal where `input` is typed.
    private func runInTerminal(typing input: String, _ name: String) throws -> CommandRunner.Result {
        let plugins = try FixturePlugins.pluginFolder([try FixturePlugins.build("good")], names: ["fixture.so"])
        let work = try makeTemporaryDirectory(name)
        let file = work.appendingPathComponent("intent.json")
        try #"{"intent": "LogWorkout", "parameters": {"activity": "run"}}"#.write(to: file, atomically: true, encoding: .utf8)
        let command = [BuiltProducts.executable("exthost").path, "run", "--plugins", plugins.path, file.path].joined(separator: " ")
        return try CommandRunner("script", environment: ["EXTHOST_CACHE_DIR": work.path])
            .runExternal("/usr/bin/script", ["-qec", command, "/dev/null"], input: input)
    }

    @Test("questions are asked on the terminal and typed answers are used")
    func terminalConversation() throws {
        // The answers typed: minutes, route choice, confirmation.
        let result = try runInTerminal(typing: "45\n2\nyes\n", "tty")
        #expect(result.standardOutput.contains("How many minutes?"))
        #expect(result.standardOutput.contains("1. River Loop — 5 km along the river"))
        #expect(result.standardOutput.contains("Log 45 minutes of Run?"))
        #expect(result.standardOutput.contains("Logged 45 min run on Hill Climb: 450 kcal."))
        #expect(result.status == 0)
    }

    @Test("a typed answer holding a NUL is refused and asked again, as in an intent file")
    func typedNUL() throws {
        let result = try runInTerminal(typing: "4\u{0}5\n45\n2\nyes\n", "tty-nul")
        #expect(result.standardOutput.contains("the answer cannot hold a NUL character"))
        #expect(result.standardOutput.contains("Log 45 minutes of Run?"))
        #expect(result.status == 0)
    }
}
