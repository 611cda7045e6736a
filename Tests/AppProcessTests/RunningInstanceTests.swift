import AppHandoff
import ExthostTestSupport
import Foundation
import Testing

@Suite("Reaching the running instance")
struct RunningInstanceTests {
    @Test("a second delivery goes to the same process")
    func secondDeliveryReachesTheSameProcess() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }

        let first = try system.handoff.open(FixtureSystem.goalActivity)
        let second = try system.handoff.open(FixtureSystem.goalActivity)

        #expect(first.status.pid == second.status.pid)
        #expect(system.handoff.status(ofApp: FixtureSystem.appIdentifier)?.pid == first.status.pid)
        // Launched once: one launch line in the output.
        #expect(system.appOutput().components(separatedBy: "launched in the").count == 2)
    }

    @Test("a system with its own catalog reaches the instance another launched")
    func anotherSystemReachesTheInstance() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }
        let first = try system.handoff.open(FixtureSystem.goalActivity)

        let other = AppHandoff(appDirectories: [system.appsDirectory], configuration: system.handoff.configuration)
        let second = try other.open(FixtureSystem.goalActivity)

        #expect(second.status.pid == first.status.pid)
    }

    @Test("terminate ends the instance; the next request launches a new one")
    func terminateThenRelaunch() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }
        let first = try system.handoff.open(FixtureSystem.goalActivity)

        system.handoff.terminate(appIdentifier: FixtureSystem.appIdentifier)
        #expect(system.handoff.status(ofApp: FixtureSystem.appIdentifier) == nil)
        #expect(!FileManager.default.fileExists(atPath: system.runtimeDirectory.socketPath(for: FixtureSystem.appIdentifier)))

        let second = try system.handoff.open(FixtureSystem.goalActivity)
        #expect(second.status.pid != first.status.pid)
    }

    @Test("a stale socket file left by a dead process is cleaned up")
    func staleSocketIsReplaced() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }
        try system.runtimeDirectory.create()
        let path = system.runtimeDirectory.socketPath(for: FixtureSystem.appIdentifier)
        try makeStaleSocket(at: path)
        #expect(FileManager.default.fileExists(atPath: path))

        #expect(system.handoff.status(ofApp: FixtureSystem.appIdentifier) == nil)
        let outcome = try system.handoff.open(FixtureSystem.goalActivity)
        #expect(outcome.continued)
    }

    @Test("the app is moved to the background and brought back to the foreground")
    func foregroundAndBackground() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }

        let background = try system.handoff.setState(.background, ofApp: FixtureSystem.appIdentifier)
        #expect(background.state == .background)
        #expect(system.handoff.status(ofApp: FixtureSystem.appIdentifier)?.state == .background)
        let foreground = try system.handoff.setState(.foreground, ofApp: FixtureSystem.appIdentifier)
        #expect(foreground.state == .foreground)
        #expect(foreground.pid == background.pid)
    }

    /// Binds a socket at `path` and closes it without removing the file, as a
    /// process that crashed would.
    private func makeStaleSocket(at path: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(fd >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: Array(path.utf8) + [0])
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        close(fd)
    }
}

@Suite("The foreground app")
struct ForegroundAppTests {
    @Test("continuing an activity in one app sends the other running app to the background")
    func oneForegroundApp() throws {
        let second = """
            {"identifier": "com.example.second", "name": "Second", "executable": "\(BuiltProducts.executable("LifecycleProbeApp").path)",
             "NSUserActivityTypes": ["com.example.fixture.showGoal"]}
            """
        let system = try FixtureSystem(extraManifests: ["second.json": second])
        defer { system.tearDown() }

        let first = try system.handoff.open(FixtureSystem.goalActivity, appIdentifier: FixtureSystem.appIdentifier)
        #expect(first.status.state == .foreground)
        #expect(system.handoff.applicationState(ofApp: "com.example.second") == .notRunning)

        let other = try system.handoff.open(FixtureSystem.goalActivity, appIdentifier: "com.example.second")
        #expect(other.status.state == .foreground)
        #expect(other.status.pid != first.status.pid)
        #expect(system.handoff.applicationState(ofApp: FixtureSystem.appIdentifier) == .background)
        #expect(system.handoff.applicationState(ofApp: "com.example.second") == .foreground)
    }
}
