import AppHandoff
import ExthostTestSupport
import Foundation
import Testing

@Suite("User-activity shortcuts")
struct UserActivityShortcutTests {
    @Test("a plain activity goes to the app that declares its type")
    func opensInTheDeclaringApp() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }

        let outcome = try system.handoff.open(FixtureSystem.goalActivity)
        #expect(outcome.continued)
        #expect(outcome.status.appIdentifier == FixtureSystem.appIdentifier)
    }

    @Test("a type the app did not declare is refused, naming the types it did")
    func undeclaredTypeIsRefused() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }
        let activity = UserActivityPayload(activityType: "com.example.fixture.scanBarcode")

        #expect {
            try system.handoff.open(activity, appIdentifier: FixtureSystem.appIdentifier)
        } throws: { error in
            guard let error = error as? AppHandoffError, case .activityTypeNotDeclared(let type, _) = error else { return false }
            return type == "com.example.fixture.scanBarcode"
                && error.description.contains("com.example.fixture.showGoal")
        }
        #expect {
            try system.handoff.continueInApp(activity: activity, appIdentifier: FixtureSystem.appIdentifier)
        } throws: { error in
            guard let error = error as? AppHandoffError, case .activityTypeNotDeclared = error else { return false }
            return true
        }
        // Refused before anything was launched.
        #expect(system.handoff.status(ofApp: FixtureSystem.appIdentifier) == nil)
    }

    @Test("a type no app declares is 2005, no app available")
    func noAppDeclaresTheType() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }

        #expect {
            try system.handoff.open(UserActivityPayload(activityType: "com.example.other.thing"))
        } throws: { error in
            guard let error = error as? AppHandoffError, case .noAppAvailable = error else { return false }
            return error.code?.rawValue == 2005
        }
    }

    @Test("a type two apps declare needs the app named")
    func twoAppsDeclareTheType() throws {
        let other = """
            {"identifier": "com.example.other", "executable": "/bin/true",
             "NSUserActivityTypes": ["com.example.fixture.showGoal"]}
            """
        let system = try FixtureSystem(extraManifests: ["other.json": other])
        defer { system.tearDown() }

        #expect {
            try system.handoff.open(FixtureSystem.goalActivity)
        } throws: { error in
            guard let error = error as? AppHandoffError, case .severalAppsDeclare(_, let apps) = error else { return false }
            return apps == ["com.example.fixture", "com.example.other"]
        }
        let outcome = try system.handoff.open(FixtureSystem.goalActivity, appIdentifier: FixtureSystem.appIdentifier)
        #expect(outcome.continued)
    }

    @Test("an activity the app does not continue comes back as not continued")
    func appDeclinesTheActivity() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }

        // Declared, but the app's switch has no case for it.
        let outcome = try system.handoff.continueInApp(
            activity: UserActivityPayload(activityType: "PostStudyRecordIntent"), appIdentifier: FixtureSystem.appIdentifier)
        #expect(!outcome.continued)
        #expect(outcome.shown.isEmpty)
    }
}
