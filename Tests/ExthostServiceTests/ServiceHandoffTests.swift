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
}
