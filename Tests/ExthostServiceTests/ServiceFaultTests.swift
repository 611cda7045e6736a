import ExthostTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Each fault a plugin can have, through a real `exthost serve`: the client
/// gets the documented error (code, the extension, the signal or status, the
/// stage), another extension of the same service is served, and the next
/// request to the faulty extension works in a fresh process.
@Suite("Plugin faults through the service")
struct ServiceFaultTests {
    static let ping = #"{"intent": "Ping"}"#
    static let workout = #"{"intent": "LogWorkout", "parameters": {"activity": "run", "minutes": 30}}"#
    static let workoutAnswers = ["route=1", "confirm=yes"]
    private static let lights = #"{"intent": "SetLights", "parameters": {"room": "kitchen", "brightness": 60, "color": "warm"}}"#

    /// A fault of the fixture's Ping that ends its process.
    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        var pingMode: Int
        /// More options for `exthost serve`.
        var serviceArguments: [String] = []
        /// What the client's error message says, each in order.
        var says: [String]
        var testDescription: String { name }
    }

    static let faults: [Fault] = [
        Fault(name: "segfault", pingMode: 5,
              says: ["extension com.example.fixture.intents was killed by signal 11 (Segmentation fault) during handle of Ping",
                     "the next request starts a new one"]),
        Fault(name: "abort", pingMode: 6,
              says: ["extension com.example.fixture.intents was killed by signal 6 (Aborted) during handle of Ping",
                     "the next request starts a new one"]),
        Fault(name: "exit0", pingMode: 7,
              says: ["extension com.example.fixture.intents exited with status 0 during handle of Ping",
                     "An extension must not end its process"]),
        Fault(name: "allocates", pingMode: 8, serviceArguments: ["--memory-limit", "512"],
              // Of resident memory in a cgroup, else of address space
              // (ServiceMemoryCgroupTests names which).
              says: ["extension com.example.fixture.intents reached its memory limit of 512 MiB of ", "during handle of Ping",
                     "raise the limit (--memory-limit)"]),
    ]

    /// A system with the Lights example and a variant of the fixture plugin.
    private func system(fixture name: String, defines: [String], environment: [String: String] = [:]) throws -> ExampleSystem {
        try ExampleSystem(plugins: ["LightsExtension"], fixtures: [try FixturePlugins.build(name, defines: defines)],
                          environment: environment)
    }

    /// The service's extension processes that have the plugin at `path`
    /// loaded (its file among their mappings), zombies left out.
    private func processes(of service: RunningService, loading path: String) -> [Int32] {
        service.children { pid in
            // Read to the end: a read of the whole file at once would get
            // only its first page (a /proc file says its size is 0).
            guard let maps = try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps")).readToEnd() else { return false }
            return String(decoding: maps, as: UTF8.self).contains(path)
        }
    }

    /// The one extension process of the service that has `path` loaded.
    private func process(of service: RunningService, loading path: String) throws -> Int32 {
        let found = processes(of: service, loading: path)
        #expect(found.count == 1, "processes with \(path) loaded: \(found)")
        return try #require(found.first, "no extension process has \(path) loaded:\n\(service.output)")
    }

    /// Waits (at most 10 s) until `pid` has ended and been reaped.
    private func ended(_ pid: Int32) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while kill(pid, 0) == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        return kill(pid, 0) == -1
    }

    /// The client's `error` object; the run must have ended with status 4.
    private func error(of result: CommandRunner.Result) throws -> (code: Int?, message: String) {
        #expect(result.status == 4, "\(result.both)")
        let error = try result.json()["error"] as? [String: Any]
        return (error?["code"] as? Int, error?["message"] as? String ?? "")
    }

    /// Another extension of the service is served, and the plugin's next
    /// request (LogWorkout) works: in a process other than `old` after a
    /// fault that ends it, in `old` itself (kept warm) after one that does not.
    private func recovers(_ service: RunningService, plugin path: String, after old: Int32, sameProcess: Bool = false) throws {
        let lights = try service.run(Self.lights)
        #expect(lights.status == 0, "\(lights.both)")
        let next = try service.run(Self.workout, answers: Self.workoutAnswers)
        #expect(next.status == 0, "\(next.both)")
        #expect(try next.json()["code"] as? String == "success", "\(next.both)")
        let serving = try process(of: service, loading: path)
        if sameProcess {
            #expect(serving == old, "the warm process \(old) was replaced by \(serving)")
        } else {
            #expect(serving != old, "the next request ran in the process that failed (\(old))")
        }
    }

    @Test("a Ping that ends its process: the documented 5001, other extensions served, the next request in a fresh process",
          arguments: faults)
    func processEnds(_ fault: Fault) throws {
        let system = try system(fixture: "service-\(fault.name)", defines: ["FIXTURE_PING_MODE=\(fault.pingMode)"])
        let plugin = system.plugins.appendingPathComponent("service-\(fault.name).so").path
        let service = try RunningService(system, arguments: fault.serviceArguments)
        // A request that goes well first: the process that will fail is
        // the warm one it leaves, so its pid is known.
        let warm = try service.run(Self.workout, answers: Self.workoutAnswers)
        #expect(warm.status == 0, "\(warm.both)")
        let first = try process(of: service, loading: plugin)
        let (code, message) = try error(of: try service.run(Self.ping))
        #expect(code == 5001, "\(message)")
        var rest = Substring(message)
        for part in fault.says {
            let found = rest.range(of: part)
            #expect(found != nil, "no \"\(part)\" in order in: \(message)")
            if let found { rest = rest[found.upperBound...] }
        }
        if fault.name != "allocates" { #expect(!message.contains("memory limit"), "\(message)") }
        #expect(ended(first), "the process that failed (\(first)) is still there")
        try recovers(service, plugin: plugin, after: first)
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("handler(for:) that gives no handler: the in-process JSON and status (2003, no stage), the process kept, the next request served",
          arguments: [ping, workout])
    func refusedHandler(request: String) throws {
        let system = try system(fixture: "service-nil-handler", defines: ["FIXTURE_NIL_HANDLER"])
        let plugin = system.plugins.appendingPathComponent("service-nil-handler.so").path
        let service = try RunningService(system)
        let local = try service.runInProcess(request, answers: Self.workoutAnswers)
        #expect(local.status == 4, "\(local.both)")
        let (code, _) = try error(of: local)
        #expect(code == 2003)
        for _ in 0..<2 {
            let served = try service.run(request, answers: Self.workoutAnswers)
            #expect(served.status == local.status, "\(served.both)")
            #expect(try served.jsonWithoutTimings() == local.jsonWithoutTimings(), "\(served.both)")
            #expect(((try served.json()["transcript"] as? [Any]) ?? []).isEmpty, "\(served.both)")
        }
        // The refusals left the process in step: it is the one kept warm.
        let warm = try process(of: service, loading: plugin)
        let lights = try service.run(Self.lights)
        #expect(lights.status == 0, "\(lights.both)")
        #expect(try process(of: service, loading: plugin) == warm)
        #expect(!service.output.contains("broke the extension-process protocol"), "\(service.output)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("kill -9 of the extension process serving a request: 5001 naming signal 9 and the stage, then a fresh process")
    func killedMidRequest() throws {
        let system = try system(fixture: "service-killed", defines: ["FIXTURE_PING_MODE=31"])
        let plugin = system.plugins.appendingPathComponent("service-killed.so").path
        let service = try RunningService(system)
        let client = Client { try service.run(Self.ping, extra: ["--deadline", "60"]) }
        // The ping says its pid once it is inside handle, then never returns.
        let deadline = Date().addingTimeInterval(30)
        while service.pingProcesses.isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let serving = try #require(service.pingProcesses.first, "the ping never ran:\n\(service.output)")
        #expect(serving != service.process.processIdentifier)
        #expect(kill(serving, SIGKILL) == 0)
        let (code, message) = try error(of: try client.result())
        #expect(code == 5001, "\(message)")
        #expect(message.contains("extension com.example.fixture.intents was killed by signal 9 (Killed) during handle of Ping"), "\(message)")
        #expect(ended(serving))
        try recovers(service, plugin: plugin, after: serving)
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("init that hangs: 5000 at the first stage's deadline, its process killed; once repaired, the next request works")
    func hangInInit() throws {
        let flag = FileManager.default.temporaryDirectory.appendingPathComponent("exthost-init-hangs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: flag) }
        let system = try system(fixture: "service-init-hangs", defines: ["FIXTURE_INIT_HANGS_WHILE_FLAG"],
                                environment: ["FIXTURE_INIT_HANG_FLAG": flag.path])
        let plugin = system.plugins.appendingPathComponent("service-init-hangs.so").path
        // The plugin launches when the service registers it; its launches
        // from then on hang.
        let service = try RunningService(system)
        #expect(FileManager.default.createFile(atPath: flag.path, contents: nil))
        let client = Client { try service.run(Self.ping, extra: ["--deadline", "2"]) }
        // The process hanging in init has the plugin loaded.
        var hung: Int32?
        while hung == nil && !client.done {
            hung = processes(of: service, loading: plugin).first
            Thread.sleep(forTimeInterval: 0.01)
        }
        let (code, message) = try error(of: try client.result())
        #expect(code == 5000, "\(message)")
        #expect(message.contains("extension at \(plugin) did not finish launching"), "\(message)")
        #expect(message.contains("its process was killed"), "\(message)")
        let pid = try #require(hung, "no process had the plugin loaded while the request waited")
        #expect(ended(pid))
        try FileManager.default.removeItem(at: flag)
        try recovers(service, plugin: plugin, after: pid)
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("init that hangs when the service registers the plugin: listed as failed, its intents get the launch's 5000, other extensions served")
    func hangInInitAtRegistration() throws {
        let system = try system(fixture: "service-init-hangs-at-start", defines: ["FIXTURE_INIT_HANGS"])
        let plugin = system.plugins.appendingPathComponent("service-init-hangs-at-start.so").path
        // The registration's probe has the stage deadline (1 s) to load it.
        let service = try RunningService(system, arguments: ["--deadline", "1"])
        let listed = try service.exthost(["list", "--service", "--socket", service.socket, "--json"])
        #expect(listed.status == 0, "\(listed.both)")
        let records = try listed.json()["extensions"] as? [[String: Any]] ?? []
        let hanging = try #require(records.first { ($0["path"] as? String) == plugin }, "\(listed.standardOutput)")
        #expect(hanging["manifest"] == nil, "\(hanging)")
        #expect((hanging["error"] as? String)?.contains("loading did not finish within 1 s") == true, "\(hanging)")
        for request in [Self.ping, Self.workout] {
            let (code, message) = try error(of: try service.run(request))
            #expect(code == 5000, "\(message)")
            #expect(message.contains("extension at \(plugin) did not finish launching (loading the plugin and running its init) when it was registered; its process was killed."),
                    "\(message)")
            #expect(message.contains("Make init return quickly"), "\(message)")
        }
        let lights = try service.run(Self.lights)
        #expect(lights.status == 0, "\(lights.both)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("a plugin that prints: the client's --json stays whole, the service logs the lines as the extension's")
    func printsToStandardOutput() throws {
        let system = try system(fixture: "service-prints", defines: ["FIXTURE_PING_MODE=9"])
        let plugin = system.plugins.appendingPathComponent("service-prints.so").path
        let service = try RunningService(system)
        let result = try service.run(Self.ping)
        #expect(result.status == 0, "\(result.both)")
        // The whole of standard output is the one JSON object.
        #expect(try result.json()["code"] as? String == "success", "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("the host's output"), "\(result.standardOutput)")
        let stdout = #"com.example.fixture.intents wrote on stdout: {"not": "the host's output"}"#
        let stderr = "com.example.fixture.intents wrote on stderr: ping on standard error"
        let deadline = Date().addingTimeInterval(10)
        while !(service.output.contains(stdout) && service.output.contains(stderr)) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(service.output.contains(stdout), "\(service.output)")
        #expect(service.output.contains(stderr), "\(service.output)")
        // Printing is no fault: the process is kept and serves the next request.
        try recovers(service, plugin: plugin, after: try process(of: service, loading: plugin), sameProcess: true)
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("a plugin that closes its standard output keeps being served, in the same process")
    func closesStandardOutput() throws {
        let system = try system(fixture: "service-closes-stdout", defines: ["FIXTURE_PING_MODE=10"])
        let plugin = system.plugins.appendingPathComponent("service-closes-stdout.so").path
        let service = try RunningService(system)
        let closed = try service.run(Self.ping)
        #expect(closed.status == 0, "\(closed.both)")
        #expect(try closed.json()["code"] as? String == "success", "\(closed.standardOutput)")
        let warm = try process(of: service, loading: plugin)
        let again = try service.run(Self.ping)
        #expect(again.status == 0, "\(again.both)")
        try recovers(service, plugin: plugin, after: warm, sameProcess: true)
        #expect(service.stop() == 0, "\(service.output)")
    }
}

/// A command run on a thread of its own, so the test can act while it waits.
private final class Client: @unchecked Sendable {
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    private var outcome: Result<CommandRunner.Result, Error>?

    init(_ run: @escaping () throws -> CommandRunner.Result) {
        // Only the thread calls it.
        nonisolated(unsafe) let run = run
        Thread { [self] in
            let outcome = Result { try run() }
            lock.withLock { self.outcome = outcome }
            finished.signal()
        }.start()
    }

    /// Whether the command has ended.
    var done: Bool { lock.withLock { outcome != nil } }

    /// Waits for the command and returns what it gave.
    func result() throws -> CommandRunner.Result {
        finished.wait()
        finished.signal()
        return try lock.withLock { outcome! }.get()
    }
}
