import ExthostPosix
import ExthostTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The memory limit through a cgroup of each extension process's own,
/// through a real `exthost serve`: where this machine lets the service make
/// one (on the development machine, the cgroup v1 memory controller).
@Suite("The memory limit in a cgroup, through the service")
struct ServiceMemoryCgroupTests {

    /// The memory cgroup a process is in, as a folder of the cgroup file
    /// system under `parent`'s hierarchy: its last path component.
    private func cgroupName(of pid: Int32) -> String? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/cgroup", encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n").map { $0.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false) }
        let line = lines.first { $0.count == 3 && $0[1].split(separator: ",").contains("memory") } ?? lines.first { $0.count == 3 && $0[0] == "0" }
        return line.map { String($0[2].split(separator: "/").last ?? "") }
    }

    /// Where the service will make cgroups; nil, with the reason printed,
    /// only where none can be made (the service then uses RLIMIT_AS, as
    /// ServiceFaultTests shows).
    private func cgroups() -> MemoryCgroups? {
        switch MemoryCgroups.find() {
        case .available(let groups):
            return groups
        case .unavailable(let reasons):
            print("skipped: no memory cgroup can be made here: \(reasons.joined(separator: "; "))")
            return nil
        }
    }

    /// The service's extension cgroups left in `parent`.
    private func left(in parent: String, service: RunningService) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [])
            .filter { $0.hasPrefix("exthost-\(service.process.processIdentifier)-") }
    }

    @Test("a plugin that allocates without bound ends at its cgroup's limit with the memory-limit error; its cgroup is gone after the request and the others after shutdown",
          arguments: [
              // Loaded into the spare, which the service moves into the cgroup.
              [],
              // Started for its plugin, moving itself into the cgroup before loading it.
              ["--no-spare"],
          ])
    func allocatesPastTheLimit(_ arguments: [String]) throws {
        guard let groups = cgroups() else { return }
        let system = try ExampleSystem(plugins: ["LightsExtension"],
                                       fixtures: [try FixturePlugins.build("cgroup-allocates\(arguments.joined())", defines: ["FIXTURE_PING_MODE=8"])])
        let plugin = system.plugins.appendingPathComponent("cgroup-allocates\(arguments.joined()).so").path
        let service = try RunningService(system, arguments: ["--memory-limit", "256"] + arguments)
        let said = "memory limit of extension processes: 256 MiB of resident memory each, in a memory cgroup of its own (\(groups.version.rawValue), \(groups.limitFile))"
        #expect(service.output.contains(said), "\(service.output)")
        #expect(service.output.contains("cgroups=\(groups.parent)"), "\(service.output)")

        // A request that goes well: its process is in a cgroup of its own, limited.
        let warm = try service.run(ServiceFaultTests.workout, answers: ServiceFaultTests.workoutAnswers)
        #expect(warm.status == 0, "\(warm.both)")
        let serving = try #require(service.children { pid in
            let maps = (try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps")).readToEnd()) ?? Data()
            return String(decoding: maps, as: UTF8.self).contains(plugin)
        }.first, "no extension process has \(plugin) loaded:\n\(service.output)")
        let name = try #require(cgroupName(of: serving))
        #expect(name.hasPrefix("exthost-\(service.process.processIdentifier)-"), "\(name)")
        let folder = groups.parent + "/" + name
        let limit = try String(contentsOfFile: folder + "/" + groups.limitFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(limit == String(256 << 20), "\(limit)")

        let failed = try service.run(ServiceFaultTests.ping)
        #expect(failed.status == 4, "\(failed.both)")
        let error = try failed.json()["error"] as? [String: Any]
        let message = error?["message"] as? String ?? ""
        #expect(error?["code"] as? Int == 5001, "\(message)")
        #expect(message.contains("extension com.example.fixture.intents reached its memory limit of 256 MiB of resident memory (its \(groups.version.rawValue) memory cgroup) during handle of Ping (the kernel ended it: it was killed by signal 9 (Killed)"),
                "\(message)")
        #expect(message.contains("Use less memory, or raise the limit (--memory-limit)."), "\(message)")
        // Removed once its process had ended, before the answer.
        #expect(!FileManager.default.fileExists(atPath: folder), "\(folder) is still there")

        // The next request works, in a fresh process with a cgroup of its own.
        let next = try service.run(ServiceFaultTests.workout, answers: ServiceFaultTests.workoutAnswers)
        #expect(next.status == 0, "\(next.both)")
        #expect(!left(in: groups.parent, service: service).isEmpty, "the new process has no cgroup")
        #expect(service.stop() == 0, "\(service.output)")
        #expect(left(in: groups.parent, service: service).isEmpty, "left after shutdown: \(left(in: groups.parent, service: service))")
    }

    @Test("cgroups left by a service that was killed are removed by the next one; a live service's are not")
    func staleCgroupsRemoved() throws {
        guard let groups = cgroups() else { return }
        // The pid of a process that has ended: a service killed with SIGKILL.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let stale = groups.parent + "/exthost-\(gone.processIdentifier)-7"
        // And one of this test process, which runs.
        let live = groups.parent + "/exthost-\(getpid())-7"
        try FileManager.default.createDirectory(atPath: stale, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: live, withIntermediateDirectories: false)
        defer {
            rmdir(stale)
            rmdir(live)
        }
        let system = try ExampleSystem(plugins: ["LightsExtension"])
        let service = try RunningService(system)
        // Removed before it listens (a service the suite starts at the same
        // time may be the one that removed it, so its log is not asserted).
        #expect(!FileManager.default.fileExists(atPath: stale), "\(stale) is still there:\n\(service.output)")
        #expect(FileManager.default.fileExists(atPath: live), "the cgroup of a running process was removed")
        #expect(service.stop() == 0, "\(service.output)")
    }
}
