import ExthostTestSupport
import Foundation
import Testing

/// The service's device lock: intents an extension restricts while locked
/// are refused until the device is unlocked.
@Suite("Locking the device")
struct ServiceDeviceLockTests {
    /// A system with one fixture plugin variant.
    private func system(_ name: String, defines: [String]) throws -> ExampleSystem {
        try ExampleSystem(fixtures: [try FixturePlugins.build(name, defines: defines)])
    }

    @Test("locked: a restricted intent is refused with status 5 and asks to unlock; others run; unlocked, it runs")
    func restrictedWhileLocked() throws {
        let service = try RunningService(try system("restricts-ping", defines: ["FIXTURE_RESTRICTS_PING"]))
        let locked = try service.exthost(["lock", "--socket", service.socket])
        #expect(locked.status == 0, "\(locked.both)")
        #expect(locked.standardOutput.contains("the device is locked"))
        let refused = try service.run(#"{"intent": "Ping"}"#)
        #expect(refused.status == 5, "\(refused.both)")
        let report = try refused.json()
        #expect(report["problem"] as? String == "deviceLocked")
        let message = report["message"] as? String ?? ""
        #expect(message.contains("the device is locked"), "\(message)")
        #expect(message.contains("exthost unlock"), "\(message)")
        let text = try service.run(#"{"intent": "Ping"}"#, json: false)
        #expect(text.status == 5)
        #expect(text.standardError.contains("unlock the device"), "\(text.both)")
        let other = try service.run(#"{"intent": "LogWorkout", "parameters": {"activity": "run", "minutes": 30}}"#,
                                    answers: ["route=1", "confirm=yes"])
        #expect(other.status == 0, "\(other.both)")
        let unlocked = try service.exthost(["unlock", "--socket", service.socket, "--json"])
        #expect(unlocked.status == 0, "\(unlocked.both)")
        #expect(try unlocked.json()["deviceLocked"] as? Bool == false)
        let ran = try service.run(#"{"intent": "Ping"}"#)
        #expect(ran.status == 0, "\(ran.both)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("locked or not, an extension that restricts an intent it does not support is error 2002")
    func restrictedUnsupportedStays2002() throws {
        let service = try RunningService(try system("restricts", defines: ["FIXTURE_RESTRICTS_UNSUPPORTED"]))
        #expect(try service.exthost(["lock", "--socket", service.socket]).status == 0)
        let result = try service.run(#"{"intent": "UnlockDoor"}"#)
        #expect(result.status == 4, "\(result.both)")
        #expect((try result.json()["error"] as? [String: Any])?["code"] as? Int == 2002)
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("the lock outlives the service: the next service on the socket starts locked, and unlock clears it for good")
    func lockOutlivesTheService() throws {
        let system = try system("restricts-ping-kept", defines: ["FIXTURE_RESTRICTS_PING"])
        let first = try RunningService(system)
        #expect(try first.exthost(["lock", "--socket", first.socket]).status == 0)
        #expect(first.stop() == 0, "\(first.output)")

        let second = try RunningService(system)
        let refused = try second.run(#"{"intent": "Ping"}"#)
        #expect(refused.status == 5, "\(refused.both)")
        #expect(try second.exthost(["unlock", "--socket", second.socket]).status == 0)
        #expect(second.stop() == 0, "\(second.output)")

        let third = try RunningService(system)
        let ran = try third.run(#"{"intent": "Ping"}"#)
        #expect(ran.status == 0, "\(ran.both)")
        #expect(third.stop() == 0, "\(third.output)")
    }

    @Test("a request run without the service honours the lock too: the device is locked, not one process")
    func lockHoldsInProcess() throws {
        var system = try system("restricts-ping-here", defines: ["FIXTURE_RESTRICTS_PING"])
        system.environment["EXTHOST_SOCKET"] = system.root.appendingPathComponent("exthost.sock").path
        let service = try RunningService(system)
        #expect(try service.exthost(["lock"]).status == 0)
        let refused = try service.runInProcess(#"{"intent": "Ping"}"#)
        #expect(refused.status == 5, "\(refused.both)")
        #expect(refused.both.contains("the device is locked"), "\(refused.both)")
        #expect(try service.exthost(["unlock"]).status == 0)
        let ran = try service.runInProcess(#"{"intent": "Ping"}"#)
        #expect(ran.status == 0, "\(ran.both)")
        #expect(service.stop() == 0, "\(service.output)")
    }
}
