import ExthostTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The service runs each extension in processes of its own: warm between
/// requests, ended when idle, replaced after a crash, disabled when it keeps
/// crashing.
@Suite("The service's extension processes")
struct ServiceExtensionProcessTests {
    private let ping = #"{"intent": "Ping"}"#
    private let workout = #"{"intent": "LogWorkout", "parameters": {"activity": "run", "minutes": 30}}"#
    private let workoutAnswers = ["route=1", "confirm=yes"]

    /// A system with the Lights example and a variant of the fixture plugin.
    private func system(fixture name: String, pingMode: Int) throws -> ExampleSystem {
        try ExampleSystem(plugins: ["LightsExtension"],
                          fixtures: [try FixturePlugins.build(name, defines: ["FIXTURE_PING_MODE=\(pingMode)"])])
    }

    @Test("a crashing handler gives 5001; other extensions are served, and the next request gets a fresh process")
    func crashIsContained() throws {
        let service = try RunningService(try system(fixture: "ping-crashes", pingMode: 5))
        let crashed = try service.run(ping)
        #expect(crashed.status == 4, "\(crashed.both)")
        let error = try crashed.json()["error"] as? [String: Any]
        #expect(error?["code"] as? Int == 5001)
        let message = error?["message"] as? String ?? ""
        #expect(message.contains("signal 11"), "\(crashed.both)")
        let lights = try service.run(#"{"intent": "SetLights", "parameters": {"room": "kitchen", "brightness": 60, "color": "warm"}}"#)
        #expect(lights.status == 0, "\(lights.both)")
        let next = try service.run(workout, answers: workoutAnswers)
        #expect(next.status == 0, "\(next.both)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("one process serves consecutive requests and is ended after the idle period")
    func warmThenIdle() throws {
        let service = try RunningService(try system(fixture: "ping-says-pid", pingMode: 15), arguments: ["--extension-idle", "1"])
        for _ in 0..<2 {
            let result = try service.run(ping)
            #expect(result.status == 0, "\(result.both)")
        }
        let processes = service.pingProcesses
        #expect(processes.count == 2, "\(service.output)")
        #expect(Set(processes).count == 1, "two requests ran in \(processes)")
        let first = try #require(processes.first)
        #expect(first != service.process.processIdentifier)
        let gone = Date().addingTimeInterval(10)
        while kill(first, 0) == 0 && Date() < gone { Thread.sleep(forTimeInterval: 0.1) }
        #expect(kill(first, 0) == -1, "process \(first) is still there after the idle period")
        let again = try service.run(ping)
        #expect(again.status == 0, "\(again.both)")
        #expect(service.pingProcesses.last != first)
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("an extension that keeps crashing is disabled, with why and until when; a new .so enables it again")
    func repeatedCrashesDisable() throws {
        let system = try system(fixture: "ping-crashes", pingMode: 5)
        let service = try RunningService(system)
        for _ in 0..<3 {
            let crashed = try service.run(ping)
            #expect((try crashed.json()["error"] as? [String: Any])?["code"] as? Int == 5001, "\(crashed.both)")
        }
        let refused = try service.run(workout, answers: workoutAnswers)
        #expect(refused.status == 4, "\(refused.both)")
        let error = try refused.json()["error"] as? [String: Any]
        #expect(error?["code"] as? Int == 5001)
        let message = error?["message"] as? String ?? ""
        #expect(message.contains("is disabled until"), "\(message)")
        #expect(message.contains("signal 11"), "\(message)")
        let plugin = system.plugins.appendingPathComponent("ping-crashes.so")
        let listed = try service.exthost(["list", "--service", "--socket", service.socket, "--json"])
        #expect(listed.status == 0, "\(listed.both)")
        let extensions = try listed.json()["extensions"] as? [[String: Any]] ?? []
        let fixture = extensions.first { ($0["path"] as? String)?.hasSuffix("ping-crashes.so") == true }
        let disabled = fixture?["disabled"] as? [String: Any]
        #expect((disabled?["lastCrash"] as? String)?.contains("signal 11") == true, "\(listed.standardOutput)")
        #expect(disabled?["until"] is String)
        let lights = extensions.first { ($0["path"] as? String)?.hasSuffix("ping-crashes.so") == false }
        #expect(lights != nil && lights?["disabled"] == nil)
        let text = try service.exthost(["list", "--service", "--socket", service.socket])
        #expect(text.standardOutput.contains("disabled: until"), "\(text.both)")
        // A chmod is not a new .so: the extension stays disabled.
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: plugin.path)
        let stillRefused = try service.run(workout, answers: workoutAnswers)
        #expect(stillRefused.status == 4, "\(stillRefused.both)")
        #expect(((try stillRefused.json()["error"] as? [String: Any])?["message"] as? String)?.contains("is disabled until") == true,
                "\(stillRefused.both)")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: plugin.path)
        let enabled = try service.run(workout, answers: workoutAnswers)
        #expect(enabled.status == 0, "\(enabled.both)")
        let relisted = try service.exthost(["list", "--service", "--socket", service.socket])
        #expect(relisted.status == 0, "\(relisted.both)")
        #expect(relisted.standardOutput.contains("ping-crashes.so"), "\(relisted.both)")
        #expect(!relisted.standardOutput.contains("disabled"), "\(relisted.both)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("an extension that hangs at every request is disabled as one that crashes, naming the stage that hung")
    func repeatedHangsDisable() throws {
        let service = try RunningService(try system(fixture: "ping-hangs", pingMode: 4))
        for _ in 0..<3 {
            let hung = try service.run(ping, extra: ["--deadline", "0.3"])
            #expect((try hung.json()["error"] as? [String: Any])?["code"] as? Int == 3001, "\(hung.both)")
        }
        let refused = try service.run(ping, extra: ["--deadline", "0.3"])
        #expect(refused.status == 4, "\(refused.both)")
        let error = try refused.json()["error"] as? [String: Any]
        #expect(error?["code"] as? Int == 5001, "\(refused.both)")
        let message = error?["message"] as? String ?? ""
        #expect(message.contains("is disabled until"), "\(message)")
        #expect(message.contains("crashed or hung 3 times"), "\(message)")
        #expect(message.contains("did not answer during handle of Ping before its deadline"), "\(message)")
        // Another extension of the same service is still served.
        let lights = try service.run(#"{"intent": "SetLights", "parameters": {"room": "kitchen", "brightness": 60, "color": "warm"}}"#)
        #expect(lights.status == 0, "\(lights.both)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("a .so replaced during a conversation: that conversation's process is ended after it, the next request gets the new .so")
    func replacedDuringConversation() throws {
        let system = try system(fixture: "ping-says-pid", pingMode: 15)
        let service = try RunningService(system)
        #expect(try service.run(ping).status == 0)
        let old = try #require(service.pingProcesses.last)
        let open = try service.run(workout)
        #expect(open.status == 3, "\(open.both)")
        let session = try #require(try open.json()["session"] as? String)
        let plugin = system.plugins.appendingPathComponent("ping-says-pid.so")
        let copy = system.root.appendingPathComponent("ping-says-pid.so")
        try FileManager.default.copyItem(at: plugin, to: copy)
        try FileManager.default.removeItem(at: plugin)
        try FileManager.default.moveItem(at: copy, to: plugin)
        #expect(try service.exthost(["session", "cancel", session, "--socket", service.socket]).status == 0)
        let gone = Date().addingTimeInterval(10)
        while kill(old, 0) == 0 && Date() < gone { Thread.sleep(forTimeInterval: 0.05) }
        #expect(kill(old, 0) == -1, "process \(old) of the replaced .so is still there")
        #expect(try service.run(ping).status == 0)
        #expect(service.pingProcesses.last != old, "\(service.output)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("--in-process keeps extensions in the service's process")
    func inProcess() throws {
        let service = try RunningService(try system(fixture: "ping-says-pid", pingMode: 15), arguments: ["--in-process"])
        let result = try service.run(ping)
        #expect(result.status == 0, "\(result.both)")
        // The ping ran in the service's own process, not in an extension process.
        #expect(service.pingProcesses == [service.process.processIdentifier], "\(service.output)")
        #expect(service.stop() == 0, "\(service.output)")
    }
}
