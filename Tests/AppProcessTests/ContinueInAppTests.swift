import AppHandoff
import ExthostTestSupport
import Foundation
import Testing

@Suite("continueInApp")
struct ContinueInAppTests {
    @Test("the app process receives the activity and answers what it showed")
    func continuesTheActivity() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }

        let outcome = try system.handoff.continueInApp(
            activity: FixtureSystem.goalActivity, appIdentifier: FixtureSystem.appIdentifier)

        #expect(outcome.continued)
        #expect(outcome.activityType == "com.example.fixture.showGoal")
        #expect(outcome.shown == ["showing goal screen: 3/5 hours this week"])
        #expect(outcome.status.state == .foreground)
        #expect(outcome.status.pid > 0 && outcome.status.pid != getpid())
        #expect(system.appOutput().contains("[Fixture] showing goal screen: 3/5 hours this week"))
        #expect(system.appOutput().contains("launched in the foreground with 1 activities"))
    }

    @Test("a response without an activity gets one named after the intent, carrying the interaction")
    func makesTheActivityFromTheInteraction() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }
        let interaction = InteractionPayload(
            intentName: "PostStudyRecordIntent",
            parameters: ["duration": 30, "memo": "chapter 3"],
            responseCode: 2,
            responseCodeName: "continueInApp",
            responseProperties: ["weeklyProgress": 0.6]
        )

        let outcome = try system.handoff.continueInApp(
            activity: nil, interaction: interaction, appIdentifier: FixtureSystem.appIdentifier)

        #expect(outcome.activityType == "PostStudyRecordIntent")
        #expect(outcome.continued)
        #expect(outcome.shown == ["continuing PostStudyRecordIntent (continueInApp)"])
    }

    @Test("the made activity carries the interaction in userInfo too")
    func madeActivityCarriesTheInteraction() {
        let interaction = InteractionPayload(
            intentName: "PostStudyRecordIntent", parameters: ["duration": 30],
            responseCode: 6, responseCodeName: "failureRequiringAppLaunch")
        let activity = UserActivityPayload.made(for: interaction)

        #expect(activity.activityType == "PostStudyRecordIntent")
        #expect(activity.interaction == interaction)
        let carried = activity.userInfo[UserActivityPayload.interactionUserInfoKey]
        #expect(carried?["intentName"] == "PostStudyRecordIntent")
        #expect(carried?["parameters"]?["duration"] == 30)
        #expect(carried?["responseCodeName"] == "failureRequiringAppLaunch")
    }

    @Test("an unknown app is 2005, no app available")
    func unknownApp() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }

        #expect {
            try system.handoff.continueInApp(activity: FixtureSystem.goalActivity, appIdentifier: "com.example.nothing")
        } throws: { error in
            guard let error = error as? AppHandoffError, case .noAppAvailable = error else { return false }
            return error.code?.rawValue == 2005 && error.description.contains("com.example.nothing")
        }
    }

    @Test("the async variant answers the same")
    func asyncVariant() async throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }

        let outcome = try await system.handoff.continueInApp(
            activity: FixtureSystem.goalActivity, appIdentifier: FixtureSystem.appIdentifier)
        #expect(outcome.continued)
    }
}
