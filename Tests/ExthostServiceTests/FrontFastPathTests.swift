import ExthostTestSupport
import Foundation
import Testing

/// `exthost run FILE` and `exthost say PHRASE` through a running service
/// take the front's fast path: the front finds the socket in the index the full program recorded,
/// the service runs the command line, and the front prints what the full
/// program prints, with its exit status. What the fast path does not take
/// is handed to the full program before anything ran; a service configured
/// differently is never reached.
@Suite("The front's fast path")
struct FrontFastPathTests {
    private static let lights = #"{"intent": "SetLights", "parameters": {"room": "kitchen", "brightness": 150, "color": "purple"}}"#
    private static let soup = #"{"intent": "OrderSoup", "parameters": {"soup": "chowder", "orderType": "pickup"}}"#
    /// What the service logs for each command line it ran for the front.
    private static let ranForFront = "command line run for the exthost front"

    /// A system whose commands take the default path, and its service
    /// at the default socket, started here (stopped by the caller, by pid).
    private func start(_ plugins: [String]) throws -> RunningService {
        try RunningService(try ExampleSystem(plugins: plugins, environment: CommandRunner.defaultPath), defaultSocket: true)
    }

    /// `exthost ARGUMENTS` (the front) or `exthost-system ARGUMENTS` (the
    /// full program) in the system's folder.
    private func command(_ program: String, _ arguments: [String], in system: ExampleSystem, input: String = "",
                         environment: [String: String] = [:], folder: URL? = nil) throws -> CommandRunner.Result {
        var runner = CommandRunner(program, environment: system.environment.merging(environment) { _, new in new },
                                   workingDirectory: folder ?? system.root)
        // The build's own programs, side by side (the index names their folder).
        runner.executable = BuiltProducts.directory.appendingPathComponent(program)
        return try runner.run(arguments, input: input)
    }

    /// How many command lines the service ran for the front so far.
    private func frontCommands(_ service: RunningService) -> Int {
        service.output.components(separatedBy: Self.ranForFront).count - 1
    }

    /// Text without what differs from run to run: load times and session identifiers.
    private static func comparable(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("  load: ") }.joined(separator: "\n")
            .replacingOccurrences(of: "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", with: "SESSION", options: .regularExpression)
    }

    @Test("Lights (C) and Soup Chef (Swift): the front's lines, --json and exit status are the full program's, answered or left open",
          arguments: [("LightsExtension", lights, [["brightness=60", "color=warm"], ["brightness=60"], []]),
                      ("SoupChefExtension", soup, [["soup=2", "confirm=yes"], ["soup=2", "confirm=no"], []])])
    func sameAsFullProgram(plugin: String, request: String, answerSets: [[String]]) throws {
        let service = try start([plugin])
        defer { #expect(service.stop() == 0) }
        let system = service.system
        _ = try system.file("request.json", request)
        var taken = 0
        for answers in answerSets {
            for json in [true, false] {
                let arguments = ["run", "request.json"] + (json ? ["--json"] : []) + answers.flatMap { ["--answer", $0] }
                // The full program first: it reaches the service by its defaults and records the index.
                let full = try command("exthost-system", arguments, in: system)
                let front = try command("exthost", arguments, in: system)
                taken += 1
                #expect(frontCommands(service) == taken, "the front did not take the fast path: \(front.both)")
                #expect(front.status == full.status, "\(front.both)")
                #expect(answers.count == 2 ? front.status <= 1 : front.status == 3, "\(front.both)")
                #expect(front.standardError == full.standardError)
                if json {
                    #expect(try front.jsonWithoutTimings() == full.jsonWithoutTimings())
                    #expect(((try front.json())["session"] != nil) == (front.status == 3))
                } else {
                    #expect(Self.comparable(front.standardOutput) == Self.comparable(full.standardOutput))
                }
            }
        }
    }

    @Test("say: the phrase is found by the service; the front's lines, --json and exit status are the full program's, answered or left open")
    func say() throws {
        let service = try start(["LightsExtension"])
        defer { #expect(service.stop() == 0) }
        let system = service.system
        for (phrase, parameters) in [("Kitchen lights", #"{"room": "kitchen", "brightness": 60, "color": "warm"}"#),
                                     ("Half lights", #"{"room": "kitchen"}"#)] {
            let added = try command("exthost-system", ["shortcuts", "add", phrase, "--app", "com.example.lights", "--intent", "SetLights",
                                                       "--parameters", parameters], in: system)
            #expect(added.status == 0, "\(added.both)")
        }
        var taken = 0
        for (phrase, answers, status) in [("kitchen lights", [String](), Int32(0)), ("HALF lights!", ["brightness=60", "color=warm"], 0),
                                          ("half lights", [], 3)] {
            for json in [true, false] {
                let arguments = ["say", phrase] + (json ? ["--json"] : []) + answers.flatMap { ["--answer", $0] }
                // The full program first: it reaches the service by its defaults and records the index.
                let full = try command("exthost-system", arguments, in: system)
                let front = try command("exthost", arguments, in: system)
                taken += 1
                #expect(frontCommands(service) == taken, "the front did not take the fast path: \(front.both)")
                #expect(front.status == status && front.status == full.status, "\(front.both)")
                #expect(front.standardError == full.standardError)
                if json {
                    #expect(try front.jsonWithoutTimings() == full.jsonWithoutTimings())
                    #expect((try front.json())["voiceShortcut"] != nil, "\(front.standardOutput)")
                } else {
                    #expect(Self.comparable(front.standardOutput) == Self.comparable(full.standardOutput))
                    #expect(front.standardOutput.hasPrefix("“"), "\(front.standardOutput)")
                }
            }
        }
        // A phrase no shortcut has, --in-process and a usage error run once, in the full program.
        let unknown = try command("exthost", ["say", "bedroom lights"], in: system)
        let unknownFull = try command("exthost-system", ["say", "bedroom lights"], in: system)
        #expect(unknown.status == 1 && unknown.status == unknownFull.status, "\(unknown.both)")
        #expect(unknown.standardError == unknownFull.standardError && unknown.standardError.contains("no voice shortcut"))
        let inProcess = try command("exthost", ["say", "kitchen lights", "--json", "--in-process"], in: system)
        #expect(inProcess.status == 0, "\(inProcess.both)")
        let usage = try command("exthost", ["say", "kitchen lights", "--deadline", "0"], in: system)
        #expect(usage.status == 64, "\(usage.both)")
        #expect(frontCommands(service) == taken, "\(service.output)")
    }

    @Test("a question left open by the fast path is a session `exthost session continue` takes up; two fronts at once get their own answers")
    func openSessionAndConcurrentFronts() throws {
        let service = try start(["LightsExtension"])
        defer { #expect(service.stop() == 0) }
        let system = service.system
        _ = try system.file("lights.json", Self.lights)
        _ = try command("exthost-system", ["run", "lights.json", "--answer", "brightness=60", "--answer", "color=warm"], in: system)
        let open = try command("exthost", ["run", "lights.json", "--json", "--answer", "brightness=60"], in: system)
        #expect(open.status == 3, "\(open.both)")
        #expect(frontCommands(service) == 1)
        let session = try #require(try open.json()["session"] as? String, "\(open.standardOutput)")
        let continued = try command("exthost", ["session", "continue", session, "--answer", "color=warm", "--json"], in: system)
        #expect(continued.status == 0, "\(continued.both)")
        #expect(try continued.json()["outcome"] as? String == "success", "\(continued.standardOutput)")
        // Two requests at once: each front prints its own answer.
        let levels = [40, 70]
        for level in levels {
            _ = try system.file("\(level).json", #"{"intent": "SetLights", "parameters": {"room": "kitchen", "brightness": \#(level), "color": "warm"}}"#)
        }
        // Each thread writes its own slot, under the lock; the system is only read.
        nonisolated(unsafe) var results = [CommandRunner.Result?](repeating: nil, count: levels.count)
        nonisolated(unsafe) let shared = system
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: levels.count) { index in
            let result = try? command("exthost", ["run", "\(levels[index]).json"], in: shared)
            lock.withLock { results[index] = result }
        }
        for (index, level) in levels.enumerated() {
            let result = try #require(results[index])
            #expect(result.status == 0, "\(result.both)")
            #expect(result.standardOutput.hasPrefix("» The kitchen lights are at \(level)%.\n"), "\(result.standardOutput)")
        }
        #expect(frontCommands(service) == 3, "\(service.output)")
    }

    @Test("a reader that went away (SIGPIPE): the front ends with 1 and says so, as the full program does")
    func brokenPipe() throws {
        let service = try start(["LightsExtension"])
        defer { #expect(service.stop() == 0) }
        let system = service.system
        _ = try system.file("request.json", Self.lights)
        // The full program first, to record the index (and to compare with).
        var outcomes: [String: (status: Int32, error: String)] = [:]
        for program in ["exthost-system", "exthost"] {
            var runner = CommandRunner(program, environment: system.environment.merging(
                ["PROGRAM": BuiltProducts.directory.appendingPathComponent(program).path]) { _, new in new },
                workingDirectory: system.root)
            runner.executable = BuiltProducts.directory.appendingPathComponent(program)
            // `true` has ended, and the pipe's read end with it, before the result is written.
            let result = try runner.runExternal("/bin/sh", ["-c", #"{ sleep 0.3; "$PROGRAM" run request.json; echo $? > status; } | true; exit $(cat status)"#])
            outcomes[program] = (result.status, result.standardError)
        }
        #expect(frontCommands(service) == 1, "the front did not take the fast path")
        #expect(outcomes["exthost"]?.status == 1)
        #expect(outcomes["exthost"]?.error == "error: the result could not be written to standard output: Broken pipe\n")
        #expect(outcomes["exthost"]?.status == outcomes["exthost-system"]?.status)
        #expect(outcomes["exthost"]?.error == outcomes["exthost-system"]?.error)
    }

    @Test("errors the service reports are the full program's: no extension for the intent, a bad parameter")
    func sameErrors() throws {
        let service = try start(["LightsExtension"])
        defer { #expect(service.stop() == 0) }
        let system = service.system
        _ = try system.file("pizza.json", #"{"intent": "OrderPizza"}"#)
        _ = try system.file("unknown.json", #"{"intent": "SetLights", "parameters": {"shade": "dark"}}"#)
        for file in ["pizza.json", "unknown.json"] {
            for json in [[], ["--json"]] {
                let full = try command("exthost-system", ["run", file] + json, in: system)
                let front = try command("exthost", ["run", file] + json, in: system)
                #expect(front.status == full.status && front.status != 0, "\(front.both)")
                #expect(front.standardOutput == full.standardOutput)
                #expect(front.standardError == full.standardError)
            }
        }
    }

    @Test("a miss goes to the full program: no index yet, standard input as the file, --in-process, a file that is not there")
    func missesFallBack() throws {
        let service = try start(["LightsExtension"])
        defer { #expect(service.stop() == 0) }
        let system = service.system
        _ = try system.file("lights.json", Self.lights)
        let answers = ["--answer", "brightness=60", "--answer", "color=warm", "--json"]
        // No index yet: the full program runs it (and records the index).
        let first = try command("exthost", ["run", "lights.json"] + answers, in: system)
        #expect(first.status == 0, "\(first.both)")
        #expect(frontCommands(service) == 0)
        #expect(StartedService.processID(in: first) == nil, "it used the running service: \(first.standardError)")
        let fast = try command("exthost", ["run", "lights.json"] + answers, in: system)
        #expect(frontCommands(service) == 1)
        #expect(try fast.jsonWithoutTimings() == first.jsonWithoutTimings())
        // What the fast path declines runs once, in the full program.
        let fromInput = try command("exthost", ["run", "-"] + answers, in: system, input: Self.lights)
        #expect(fromInput.status == 0, "\(fromInput.both)")
        #expect(try fromInput.jsonWithoutTimings() == first.jsonWithoutTimings())
        let inProcess = try command("exthost", ["run", "lights.json", "--in-process"] + answers, in: system)
        #expect(inProcess.status == 0, "\(inProcess.both)")
        let missing = try command("exthost", ["run", "missing.json"], in: system)
        let missingFull = try command("exthost-system", ["run", "missing.json"], in: system)
        #expect(missing.status == 2 && missing.status == missingFull.status)
        #expect(missing.standardError == missingFull.standardError)
        let usage = try command("exthost", ["run", "lights.json", "--answer", "brightness"], in: system)
        #expect(usage.status == 64, "\(usage.both)")
        #expect(frontCommands(service) == 1, "\(service.output)")
        // Other commands go through the exec, as before.
        let listed = try command("exthost", ["list", "--json"], in: system)
        let listedFull = try command("exthost-system", ["list", "--json"], in: system)
        #expect(listed.status == 0, "\(listed.both)")
        #expect(try listed.json() as NSDictionary == listedFull.json() as NSDictionary)
    }

    @Test("a service configured differently is never reached: another working directory finds another socket")
    func otherConfiguration() throws {
        let service = try start(["LightsExtension"])
        defer { #expect(service.stop() == 0) }
        let system = service.system
        let file = try system.file("lights.json", Self.lights)
        let recorded = try command("exthost-system", ["run", "lights.json", "--json"], in: system)
        #expect(recorded.status == 3, "\(recorded.both)")
        // From another folder, whose ./Plugins holds nothing, the defaults
        // name another service: the full program starts one there, which
        // has no extension for the intent.
        let elsewhere = system.root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere.appendingPathComponent("Plugins"), withIntermediateDirectories: true)
        let other = try command("exthost", ["run", file, "--json"], in: system, folder: elsewhere)
        let started = try #require(StartedService.processID(in: other), "\(other.both)")
        defer { #expect(StartedService.stop(started)) }
        #expect(other.status == 4, "\(other.both)")
        #expect(((try other.json())["error"] as? [String: Any])?["code"] as? Int == 2004)
        #expect(frontCommands(service) == 0, "\(service.output)")
        // A variable the socket depends on likewise (the plugin path).
        let variable = try command("exthost", ["run", file, "--json"], in: system,
                                   environment: ["EXTHOST_PLUGIN_PATH": elsewhere.appendingPathComponent("Plugins").path])
        let startedAgain = StartedService.processID(in: variable)
        defer { if let startedAgain { #expect(StartedService.stop(startedAgain)) } }
        #expect(frontCommands(service) == 0, "\(service.output)")
        #expect(variable.status == 3, "\(variable.both)")
    }
}
