import ExthostTestSupport
import Foundation
import Testing

/// Hand-off through the service: the service launches or reaches the app.
@Suite("Continuing in the app through the service")
struct ServiceHandoffTests {
    private let workout = #"{"intent": "LogWorkout", "parameters": {"activity": "run", "minutes": MINUTES, "route": "River Loop"}, "answers": {"confirm": "yes"}}"#

    private func service() throws -> RunningService {
        let system = try ExampleSystem(fixtures: [try FixturePlugins.build("good")])
        try FixtureSystem.installApp(into: system.apps)
        return try RunningService(system)
    }

    @Test("continueInApp: the app continues the activity, reported as in-process")
    func continueInApp() throws {
        let service = try service()
        let request = workout.replacingOccurrences(of: "MINUTES", with: "99")
        let served = try service.run(request)
        #expect(served.status == 0, "\(served.both)")
        let handoff = try #require(try served.json()["handoff"] as? [String: Any])
        #expect(handoff["continued"] as? Bool == true)
        let local = try service.runInProcess(request)
        #expect(try served.jsonWithoutTimings() == local.jsonWithoutTimings())
        #expect(service.stop() == 0)
    }

    @Test("--save-activity writes the same activity file as in-process")
    func saveActivity() throws {
        let service = try service()
        let request = workout.replacingOccurrences(of: "MINUTES", with: "30")
        let servedFile = service.system.root.appendingPathComponent("served.json").path
        let localFile = service.system.root.appendingPathComponent("local.json").path
        let served = try service.run(request, answers: [], json: true, extra: ["--save-activity", servedFile])
        let local = try service.runInProcess(request, answers: [], json: true, extra: ["--save-activity", localFile])
        #expect(served.status == 0, "\(served.both)")
        #expect(served.status == local.status)
        #expect(try String(contentsOfFile: servedFile, encoding: .utf8) == String(contentsOfFile: localFile, encoding: .utf8))
        #expect(service.stop() == 0)
    }

    @Test("open --service continues an activity in the app with the service's apps, printing what open prints")
    func openThroughTheService() throws {
        let service = try service()
        let activity = try service.system.file("goal.json", #"{"activityType": "com.example.fixture.showGoal", "userInfo": {"minutes": 30}}"#)
        let served = try service.exthost(["open", "--service", "--socket", service.socket, "--json", activity])
        #expect(served.status == 0, "\(served.both)")
        let outcome = try served.json()
        #expect(outcome["continued"] as? Bool == true)
        #expect(outcome["activityType"] as? String == "com.example.fixture.showGoal")
        let text = try service.exthost(["open", "--service", "--socket", service.socket, activity])
        #expect(text.status == 0, "\(text.both)")
        #expect(text.standardOutput.contains("Continued com.example.fixture.showGoal in com.example.fixture (pid "), "\(text.standardOutput)")

        // A type no app declares: the service says so, as open here does.
        let unknown = try service.system.file("nobody.json", #"{"activityType": "com.example.nobody.show"}"#)
        let refused = try service.exthost(["open", "--service", "--socket", service.socket, unknown])
        let local = try service.exthost(["open", "--apps", service.system.apps.path, unknown])
        #expect(refused.status == 1 && local.status == 1, "\(refused.both) \(local.both)")
        let said = "error: No app available (2005): no app declares the activity type \"com.example.nobody.show\" in NSUserActivityTypes."
        #expect(refused.standardError.contains(said), "\(refused.standardError)")
        #expect(local.standardError.contains(said), "\(local.standardError)")
        #expect(service.stop() == 0)
    }

    @Test("say --service of an activity's phrase continues it through the service, as say here does")
    func activityPhraseThroughTheService() throws {
        let service = try service()
        let added = try service.exthost(["shortcuts", "add", "show my goal", "--app", FixtureSystem.appIdentifier,
                                         "--activity-type", "com.example.fixture.showGoal"])
        #expect(added.status == 0, "\(added.both)")
        let served = try service.exthost(["say", "--service", "--socket", service.socket, "--json", "show my goal"])
        #expect(served.status == 0, "\(served.both)")
        let json = try served.json()
        #expect(json["outcome"] as? String == "continued")
        #expect(json["app"] as? String == FixtureSystem.appIdentifier)
        let local = try service.exthost(["say", "--apps", service.system.apps.path, "--json", "show my goal"])
        #expect(local.status == 0, "\(local.both)")
        #expect(Set(try local.json().keys) == Set(json.keys))
        #expect(service.stop() == 0)
    }
}
