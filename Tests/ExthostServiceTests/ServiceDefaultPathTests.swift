import ExthostTestSupport
import Foundation
import Testing

/// `exthost run`, `say`, `open` and `list` go through the service unless
/// told `--in-process`: the first command starts one in the background (the
/// test stops it by the pid the command names), later ones use it; the
/// socket is named after the configuration; a service that cannot be used
/// is said once and the request runs in an extension process.
@Suite("The service as the default path")
struct ServiceDefaultPathTests {
    private static let lights = #"{"intent": "SetLights", "parameters": {"room": "kitchen", "brightness": 60, "color": "warm"}}"#

    /// A system whose commands take the default path (the test support
    /// makes them work in-process otherwise).
    private func system(plugins: [String] = ["LightsExtension"], fixtures: [URL] = []) throws -> ExampleSystem {
        try ExampleSystem(plugins: plugins, fixtures: fixtures, environment: CommandRunner.defaultPath)
    }

    /// The socket files (`exthost-<hash>.sock`) in the system's runtime folder.
    private func sockets(in system: ExampleSystem) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: system.runtimeDirectory)) ?? [])
            .filter { $0.hasPrefix("exthost-") && $0.hasSuffix(".sock") }.sorted()
    }

    @Test("run with no service: one is started and answers as in-process; the next run and list use it")
    func runStartsTheService() throws {
        let system = try system()
        defer { system.tearDown() }
        let first = try system.run(Self.lights)
        let pid = try #require(StartedService.processID(in: first), "\(first.standardError)")
        defer { #expect(StartedService.stop(pid)) }
        #expect(first.status == 0, "\(first.standardError)")
        let inProcess = try system.run(Self.lights, options: ["--in-process"])
        #expect(StartedService.processID(in: inProcess) == nil)
        #expect(try first.jsonWithoutTimings() == inProcess.jsonWithoutTimings())
        let second = try system.run(Self.lights)
        #expect(second.status == 0, "\(second.standardError)")
        #expect(StartedService.processID(in: second) == nil, "\(second.standardError)")
        #expect(second.standardError.isEmpty, "\(second.standardError)")
        // One service, named after the configuration, and the process the
        // first run named is the one listening there.
        let socket = try #require(sockets(in: system).first)
        #expect(sockets(in: system).count == 1, "\(sockets(in: system))")
        let log = try String(contentsOfFile: system.runtimeDirectory + "/" + socket + ".log", encoding: .utf8)
        #expect(log.contains("exthost serve listening pid=\(pid) "), "\(log)")
        // list asks the same service, and lists what in-process list does.
        let listed = try system.exthost(["list", "--json", "--plugins", system.plugins.path])
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(StartedService.processID(in: listed) == nil, "\(listed.standardError)")
        let here = try system.exthost(["list", "--json", "--in-process", "--plugins", system.plugins.path])
        #expect(try listed.json() as NSDictionary == here.json() as NSDictionary)
    }

    @Test("run in a terminal with no service: one is started, its questions are asked there and answered into one session")
    func terminalConversation() throws {
        let system = try system(plugins: [], fixtures: [try FixturePlugins.build("good")])
        defer { system.tearDown() }
        let file = try system.file("workout.json", #"{"intent": "LogWorkout", "parameters": {"activity": "run"}}"#)
        // Typed: the minutes, the route's number, the confirmation.
        let command = [BuiltProducts.executable("exthost").path, "run", file].joined(separator: " ")
        let shown = try CommandRunner(environment: system.environment, workingDirectory: system.root)
            .runExternal("/usr/bin/script", ["-qec", command, "/dev/null"], input: "45\n2\nyes\n")
        let pid = try #require(StartedService.processID(in: shown.standardOutput), "\(shown.both)")
        defer { #expect(StartedService.stop(pid)) }
        #expect(shown.status == 0, "\(shown.both)")
        for line in ["How many minutes?", "1. River Loop — 5 km along the river", "Log 45 minutes of Run?",
                     "Logged 45 min run on Hill Climb: 450 kcal."] {
            #expect(shown.standardOutput.contains(line), "no \(line) in:\n\(shown.standardOutput)")
        }
        // The service ran one conversation: the answers went into the
        // session the first question opened, not into new requests.
        let socket = try #require(sockets(in: system).first)
        let log = try String(contentsOfFile: system.runtimeDirectory + "/" + socket + ".log", encoding: .utf8)
        let ended = log.split(separator: "\n").filter { $0.contains("conversation ended") }
        #expect(ended.count == 1, "\(log)")
        #expect(ended.first?.contains("intent=LogWorkout") == true && ended.first?.contains("outcome=success") == true, "\(log)")
        #expect(!log.contains("session cancelled") && !log.contains("request failed"), "\(log)")
        #expect(try system.donations(ofApp: "com.example.fixture").count == 1)
    }

    @Test("list as the first command starts the service too")
    func listStartsTheService() throws {
        let system = try system()
        defer { system.tearDown() }
        let listed = try system.exthost(["list", "--json"])
        let pid = try #require(StartedService.processID(in: listed), "\(listed.standardError)")
        defer { #expect(StartedService.stop(pid)) }
        #expect(listed.status == 0)
        #expect(listed.standardOutput.contains("com.example.lights"), "\(listed.standardOutput)")
    }

    @Test("say with no service: the shortcut's intent runs in a service it started, printed as in-process")
    func sayStartsTheService() throws {
        var system = try system()
        defer { system.tearDown() }
        system.environment["EXTHOST_PLUGIN_PATH"] = system.plugins.path
        let added = try system.exthost(["shortcuts", "add", "Kitchen lights", "--app", "com.example.lights", "--intent", "SetLights",
                                        "--parameters", #"{"room": "kitchen", "brightness": 60, "color": "warm"}"#])
        #expect(added.status == 0, "\(added.standardError)")
        let said = try system.exthost(["say", "kitchen lights", "--json"])
        let pid = try #require(StartedService.processID(in: said), "\(said.standardError)")
        defer { #expect(StartedService.stop(pid)) }
        #expect(said.status == 0, "\(said.standardError)")
        let here = try system.exthost(["say", "kitchen lights", "--json", "--in-process"])
        #expect(try said.jsonWithoutTimings() == here.jsonWithoutTimings())
    }

    @Test("open with no service: the activity is continued by a service it started, in the app")
    func openStartsTheService() throws {
        let system = try system(plugins: [], fixtures: [try FixturePlugins.build("good")])
        defer { system.tearDown() }
        try FixtureSystem.installApp(into: system.apps)
        let activity = try system.file("goal.json", #"{"activityType": "com.example.fixture.showGoal", "userInfo": {"minutes": 30}}"#)
        let opened = try system.exthost(["open", "--json", activity])
        let pid = try #require(StartedService.processID(in: opened), "\(opened.standardError)")
        defer { #expect(StartedService.stop(pid)) }
        #expect(opened.status == 0, "\(opened.standardError)")
        #expect(try opened.json()["continued"] as? Bool == true)
        #expect(try opened.json()["activityType"] as? String == "com.example.fixture.showGoal")
    }

    @Test("a session left open by run --plugins DIR: the hint names the socket, and continuing there finishes it")
    func sessionOfAnotherConfiguration() throws {
        let system = try system()
        defer { system.tearDown() }
        let file = try system.file("lights.json", #"{"intent": "SetLights", "parameters": {"room": "kitchen", "brightness": 150, "color": "purple"}}"#)
        let open = try system.exthost(["run", "--plugins", system.plugins.path, file, "--answer", "brightness=60"])
        let pid = try #require(StartedService.processID(in: open), "\(open.standardError)")
        defer { #expect(StartedService.stop(pid)) }
        #expect(open.status == 3, "\(open.standardError)")
        let socket = system.runtimeDirectory + "/" + (try #require(sockets(in: system).first))
        let hint = try #require(open.standardOutput.split(separator: "\n").first { $0.contains("session: ") }, "\(open.standardOutput)")
        let session = try #require(hint.split(separator: " ").dropFirst().first).trimmingCharacters(in: CharacterSet(charactersIn: ","))
        #expect(hint.contains("(exthost session continue \(session) --socket \(socket) --answer KEY=VALUE)"), "\(hint)")
        let continued = try system.exthost(["session", "continue", session, "--socket", socket, "--json", "--answer", "color=warm"])
        #expect(continued.status == 0, "\(continued.standardError)")
        #expect(try continued.json()["code"] as? String == "success")
    }

    @Test("another plugin folder is another service: a client never reaches one configured differently")
    func socketPerConfiguration() throws {
        let system = try system()
        defer { system.tearDown() }
        let empty = system.root.appendingPathComponent("NoPlugins")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let file = try system.file("lights.json", Self.lights)
        let served = try system.exthost(["run", "--json", "--plugins", system.plugins.path, file])
        let first = try #require(StartedService.processID(in: served), "\(served.standardError)")
        defer { #expect(StartedService.stop(first)) }
        #expect(served.status == 0, "\(served.standardError)")
        // The same request with a folder without Lights: a second service,
        // which knows no SetLights.
        let other = try system.exthost(["run", "--json", "--plugins", empty.path, file])
        let second = try #require(StartedService.processID(in: other), "\(other.standardError)")
        defer { #expect(StartedService.stop(second)) }
        #expect(second != first)
        #expect(other.status == 4)
        #expect((try other.json()["error"] as? [String: Any])?["code"] as? Int == 2004, "\(other.standardOutput)")
        #expect(sockets(in: system).count == 2, "\(sockets(in: system))")
        // The environment's folder is a third configuration.
        var byEnvironment = system
        byEnvironment.environment["EXTHOST_PLUGIN_PATH"] = system.plugins.path
        let third = try byEnvironment.exthost(["run", "--json", file])
        let thirdPid = try #require(StartedService.processID(in: third), "\(third.standardError)")
        defer { #expect(StartedService.stop(thirdPid)) }
        #expect(third.status == 0, "\(third.standardError)")
    }

    @Test("flushing donations is another configuration: a client with EXTHOST_FLUSH_DONATIONS=1 reaches a service that flushes, never one that does not")
    func flushSettingReachesItsService() throws {
        let system = try system()
        defer { system.tearDown() }
        let plain = try system.run(Self.lights)
        let first = try #require(StartedService.processID(in: plain), "\(plain.standardError)")
        defer { #expect(StartedService.stop(first)) }
        #expect(plain.status == 0, "\(plain.standardError)")
        var flushing = system
        flushing.environment["EXTHOST_FLUSH_DONATIONS"] = "1"
        let flushed = try flushing.run(Self.lights)
        let second = try #require(StartedService.processID(in: flushed), "a client asking for flushed commits used the service that does not flush: \(flushed.standardError)")
        defer { #expect(StartedService.stop(second)) }
        #expect(second != first)
        #expect(flushed.status == 0, "\(flushed.standardError)")
        #expect(sockets(in: system).count == 2, "\(sockets(in: system))")
        // Each service says at start which it does.
        let logs = try sockets(in: system).map { try String(contentsOfFile: system.runtimeDirectory + "/" + $0 + ".log", encoding: .utf8) }
        let flushingLog = try #require(logs.first { $0.contains("pid=\(second) ") }, "\(logs)")
        let plainLog = try #require(logs.first { $0.contains("pid=\(first) ") }, "\(logs)")
        #expect(flushingLog.contains("donation commits are flushed to the disk (EXTHOST_FLUSH_DONATIONS=1)"), "\(flushingLog)")
        #expect(plainLog.contains("donation commits are not flushed to the disk"), "\(plainLog)")
        // The next flushing client finds the flushing service; both records are in the one store.
        let again = try flushing.run(Self.lights)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(StartedService.processID(in: again) == nil, "\(again.standardError)")
        #expect(sockets(in: system).count == 2, "\(sockets(in: system))")
        #expect(try system.donations(ofApp: "com.example.lights").count == 3)
    }

    @Test("a flush setting other than 1: the service says it does not flush and how to ask for it")
    func flushSettingMistyped() throws {
        var system = try system()
        defer { system.tearDown() }
        system.environment["EXTHOST_FLUSH_DONATIONS"] = "yes"
        let result = try system.run(Self.lights)
        let pid = try #require(StartedService.processID(in: result), "\(result.standardError)")
        defer { #expect(StartedService.stop(pid)) }
        #expect(result.status == 0, "\(result.standardError)")
        let socket = try #require(sockets(in: system).first)
        let log = try String(contentsOfFile: system.runtimeDirectory + "/" + socket + ".log", encoding: .utf8)
        #expect(log.contains("EXTHOST_FLUSH_DONATIONS=yes is not 1: donations are committed but not flushed to the disk; set it to 1 to flush each commit, or unset it"), "\(log)")
        #expect(log.contains("donation commits are not flushed to the disk"), "\(log)")
    }

    @Test("the same folder named relatively and absolutely is one configuration: one service")
    func relativeFolderIsTheSame() throws {
        let system = try system()
        defer { system.tearDown() }
        let file = try system.file("lights.json", Self.lights)
        let relative = try system.exthost(["run", "--json", "--plugins", "Plugins", file])
        let pid = try #require(StartedService.processID(in: relative), "\(relative.standardError)")
        defer { #expect(StartedService.stop(pid)) }
        #expect(relative.status == 0, "\(relative.standardError)")
        let absolute = try system.exthost(["run", "--json", "--plugins", system.plugins.path + "/.", file])
        #expect(absolute.status == 0, "\(absolute.standardError)")
        #expect(StartedService.processID(in: absolute) == nil, "\(absolute.standardError)")
        #expect(sockets(in: system).count == 1, "\(sockets(in: system))")
    }

    @Test("a runtime folder that cannot be used: one line says so and the request runs in an extension process")
    func fallsBackToIsolated() throws {
        var system = try system()
        defer { system.tearDown() }
        let blocked = try system.file("not-a-folder", "a file where the runtime folder should be")
        system.environment["EXTHOST_RUNTIME_DIR"] = blocked + "/run"
        let result = try system.run(Self.lights)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try result.json()["code"] as? String == "success")
        #expect(StartedService.processID(in: result) == nil)
        // The one note (the rest is the extension's own log line).
        let notes = result.standardError.split(separator: "\n").filter { $0.hasPrefix("note:") }
        #expect(notes.count == 1, "\(result.standardError)")
        #expect(notes.first?.contains("running the request in an extension process of its own instead (as --isolated)") == true,
                "\(result.standardError)")
        // Asked for explicitly, the service that cannot be used is an error.
        let asked = try system.run(Self.lights, options: ["--service"])
        #expect(asked.status == 4)
        #expect(try asked.json()["problem"] as? String == "serviceStartFailed")
    }

    @Test("--plugins with a named socket is a command-line error: that service has its own folders")
    func foldersWithNamedSocket() throws {
        let system = try system()
        defer { system.tearDown() }
        let result = try system.run(Self.lights, options: ["--socket", system.root.appendingPathComponent("s.sock").path])
        #expect(result.status == 64)
        #expect(result.standardError.contains("the socket is named (--socket or $EXTHOST_SOCKET) and its service has its own folders"),
                "\(result.standardError)")
    }
}
