import ExthostTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The service keeps a spare extension process (started without a plugin,
/// waiting for `load`): the first request for an extension with no warm
/// process is loaded into it, and a new spare takes its place.
@Suite("The service's spare extension process")
struct ServiceSpareProcessTests {
    private let ping = #"{"intent": "Ping"}"#

    private func system(fixture name: String, pingMode: Int) throws -> ExampleSystem {
        try ExampleSystem(plugins: ["LightsExtension"],
                          fixtures: [try FixturePlugins.build(name, defines: ["FIXTURE_PING_MODE=\(pingMode)"])])
    }

    /// The service's children that are extension processes without a
    /// plugin on their command line: its spare, and the processes that
    /// were spares before they were given a plugin.
    private func spares(of service: RunningService) -> [Int32] {
        service.children { pid in
            guard let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let arguments = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return arguments.contains("extension-process") && !arguments.contains("--plugin")
        }
    }

    /// Waits (at most 20 s) until the service has a spare other than `old`.
    private func awaitSpare(of service: RunningService, other old: Int32? = nil) throws -> Int32 {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let pid = spares(of: service).first(where: { $0 != old }) { return pid }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no spare extension process appeared: \(service.output)"])
    }

    /// Whether `pid` has ended (a zombie not yet reaped counts as ended).
    private func ended(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.range(of: ") ", options: .backwards) else { return true }
        return stat[close.upperBound...].hasPrefix("Z")
    }

    @Test("the first request for an extension is served by the spare, and a new spare replaces it")
    func requestServedBySpare() throws {
        let service = try RunningService(try system(fixture: "spare-says-pid", pingMode: 15))
        let spare = try awaitSpare(of: service)
        let result = try service.run(ping)
        #expect(result.status == 0, "\(result.both)")
        #expect(service.pingProcesses == [spare], "the ping ran in \(service.pingProcesses), the spare was \(spare)")
        let next = try awaitSpare(of: service, other: spare)
        #expect(next != spare)
        // The second request is served warm by the process the spare became.
        #expect(try service.run(ping).status == 0)
        #expect(service.pingProcesses == [spare, spare], "\(service.output)")
        // The process the spare became keeps its command line (no --plugin):
        // two such processes, and no third spare was started.
        #expect(Set(spares(of: service)) == [spare, next])
        #expect(service.stop() == 0, "\(service.output)")
        #expect(ended(next), "the spare \(next) outlived the service")
    }

    @Test("a spare killed while it waits is not handed out: the request gets a process of its own")
    func killedSpareNotHandedOut() throws {
        let service = try RunningService(try system(fixture: "spare-killed", pingMode: 15))
        let spare = try awaitSpare(of: service)
        kill(spare, SIGKILL)
        let gone = Date().addingTimeInterval(10)
        while !ended(spare) && Date() < gone { Thread.sleep(forTimeInterval: 0.01) }
        let result = try service.run(ping)
        #expect(result.status == 0, "\(result.both)")
        let served = try #require(service.pingProcesses.last)
        #expect(served != spare)
        // Killed while it waited, the pool finds it ended at check-out; under
        // load it may still have been warming up, and then the pool saw it
        // fail to start. Either way it is not handed out.
        #expect(service.output.contains("the spare extension process had ended")
                || service.output.contains("a spare extension process did not start"), "\(service.output)")
        _ = try awaitSpare(of: service, other: spare)
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("a plugin loaded into the spare has the memory limit: allocating without bound is the limit, not a crash")
    func memoryLimitInSpare() throws {
        let service = try RunningService(try system(fixture: "spare-allocates", pingMode: 8), arguments: ["--memory-limit", "512"])
        let spare = try awaitSpare(of: service)
        let result = try service.run(ping)
        #expect(result.status == 4, "\(result.both)")
        let error = try result.json()["error"] as? [String: Any]
        #expect(error?["code"] as? Int == 5001)
        let message = error?["message"] as? String ?? ""
        #expect(message.contains("reached its memory limit of 512 MiB"), "\(message)")
        // The spare was the process that reached it.
        #expect(ended(spare), "the spare \(spare) is still there: the request did not run in it")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("--no-spare keeps none; requests are served by processes started for them")
    func noSpare() throws {
        let service = try RunningService(try system(fixture: "no-spare", pingMode: 15), arguments: ["--no-spare"])
        let result = try service.run(ping)
        #expect(result.status == 0, "\(result.both)")
        #expect(service.pingProcesses.count == 1)
        #expect(spares(of: service).isEmpty)
        #expect(service.stop() == 0, "\(service.output)")
    }
}
