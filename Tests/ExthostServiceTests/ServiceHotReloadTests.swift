import ExthostTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Hot reload: the service watches its plugin and app folders and picks up
/// a plugin added, replaced or removed, and app manifests, without a restart.
@Suite("The service's hot reload")
struct ServiceHotReloadTests {
    private let ping = #"{"intent": "Ping"}"#
    private let workout = #"{"intent": "LogWorkout", "parameters": {"activity": "run", "minutes": 30}}"#

    /// The fixture built with `FIXTURE_PING_MODE=mode`, under a name of its own.
    private func fixture(_ name: String, pingMode: Int) throws -> URL {
        try FixturePlugins.build(name, defines: ["FIXTURE_PING_MODE=\(pingMode)"])
    }

    /// Waits up to 10 s for `condition`; whether it came true.
    private func eventually(_ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return try condition()
    }

    private func errorCode(_ result: CommandRunner.Result) -> Int? {
        ((try? result.json())?["error"] as? [String: Any])?["code"] as? Int
    }

    @Test("a plugin copied into the folder while the service runs is served without a restart")
    func added() throws {
        let system = try ExampleSystem(plugins: ["LightsExtension"])
        let service = try RunningService(system)
        let before = try service.run(ping)
        #expect(errorCode(before) == 2004, "\(before.both)")
        // Copied in place (not moved): the service sees the file while it is written.
        try system.installPlugin(try fixture("reload-added", pingMode: 0), as: "fixture.so")
        #expect(eventually { service.output.contains("plugin added") }, "\(service.output)")
        let after = try service.run(ping)
        #expect(after.status == 0, "\(after.both)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("a plugin moved in is served by the very next request, before the watcher tells of it, and is added once")
    func servedAtOnce() throws {
        let system = try ExampleSystem(plugins: ["LightsExtension"])
        let service = try RunningService(system)
        let staged = system.root.appendingPathComponent("fixture.so")
        try FileManager.default.copyItem(at: try fixture("reload-at-once", pingMode: 0), to: staged)
        #expect(rename(staged.path, system.plugins.appendingPathComponent("fixture.so").path) == 0)
        let after = try service.run(ping)
        #expect(after.status == 0, "\(after.both)")
        // The watcher's own look, after its quiet period, finds nothing new.
        Thread.sleep(forTimeInterval: 1)
        #expect(service.output.components(separatedBy: "plugin added").count == 2, "\(service.output)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("a --plugins folder that does not exist yet is used once it is created, and its plugins are served")
    func pluginFolderCreatedLater() throws {
        let system = try ExampleSystem(plugins: ["LightsExtension"])
        let later = system.root.appendingPathComponent("LaterPlugins")
        let service = try RunningService(system, arguments: ["--plugins", later.path])
        let before = try service.run(ping)
        #expect(errorCode(before) == 2004, "\(before.both)")
        try FileManager.default.createDirectory(at: later, withIntermediateDirectories: false)
        try FileManager.default.copyItem(at: try fixture("reload-later-folder", pingMode: 0),
                                         to: later.appendingPathComponent("fixture.so"))
        #expect(eventually { service.output.contains("plugin added") }, "\(service.output)")
        let after = try service.run(ping)
        #expect(after.status == 0, "\(after.both)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("a replaced plugin answers the next request; a conversation started before finishes on the old one")
    func replaced() throws {
        let system = try ExampleSystem(plugins: ["LightsExtension"])
        let plugin = try system.installPlugin(try fixture("reload-says-pid", pingMode: 15), as: "fixture.so")
        let service = try RunningService(system)
        let first = try service.run(ping)
        #expect(first.status == 0, "\(first.both)")
        let old = try #require(service.pingProcesses.last)
        // Left open at its first question, on the process the ping warmed.
        let open = try service.run(workout)
        #expect(open.status == 3, "\(open.both)")
        let session = try #require(try open.json()["session"] as? String)
        // A changed build moved in whole: its Ping completes with failure.
        let staged = system.root.appendingPathComponent("fixture.so")
        try FileManager.default.copyItem(at: try fixture("reload-fails", pingMode: 13), to: staged)
        #expect(rename(staged.path, plugin.path) == 0)
        #expect(eventually { service.output.contains("plugin changed") }, "\(service.output)")
        let next = try service.run(ping)
        #expect(next.status != 0, "\(next.both)")
        #expect(next.both != first.both)
        #expect(kill(old, 0) == 0, "the open conversation's process \(old) was ended")
        let finished = try service.exthost(["session", "continue", session, "--socket", service.socket, "--json",
                                            "--answer", "route=1", "--answer", "confirm=yes"])
        #expect(finished.status == 0, "\(finished.both)")
        #expect(eventually { kill(old, 0) == -1 }, "process \(old) of the replaced plugin is still there")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("a removed plugin is unregistered: its intent answers 2004 and its idle process is ended")
    func removed() throws {
        let system = try ExampleSystem(plugins: ["LightsExtension"])
        let plugin = try system.installPlugin(try fixture("reload-removed", pingMode: 15), as: "fixture.so")
        // Kept warm far longer than the test: only the removal can end it.
        let service = try RunningService(system, arguments: ["--extension-idle", "600"])
        #expect(try service.run(ping).status == 0)
        let idle = try #require(service.pingProcesses.last)
        try FileManager.default.removeItem(at: plugin)
        #expect(eventually { kill(idle, 0) == -1 }, "idle process \(idle) of the removed plugin is still there")
        #expect(service.output.contains("plugin removed"), "\(service.output)")
        let after = try service.run(ping)
        #expect(errorCode(after) == 2004, "\(after.both)")
        let lights = try service.run(#"{"intent": "SetLights", "parameters": {"room": "kitchen", "brightness": 60, "color": "warm"}}"#)
        #expect(lights.status == 0, "\(lights.both)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("app manifests added and removed in the app folder are read again")
    func apps() throws {
        let system = try ExampleSystem(plugins: ["LightsExtension"])
        let service = try RunningService(system)
        let manifest = try ExampleApp.recipes.install(into: system.apps)
        #expect(eventually { service.output.contains("app added") }, "\(service.output)")
        try FileManager.default.removeItem(at: manifest)
        #expect(eventually { service.output.contains("app removed") }, "\(service.output)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("an app folder that does not exist when the service starts is watched once it is created")
    func folderCreatedLater() throws {
        let system = try ExampleSystem(plugins: ["LightsExtension"])
        let folder = system.root.appendingPathComponent("Later/Apps")
        let service = try RunningService(system, arguments: ["--apps", folder.path])
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try ExampleApp.recipes.install(into: folder)
        #expect(eventually { service.output.contains("app added") }, "\(service.output)")
        #expect(service.stop() == 0, "\(service.output)")
    }
}
