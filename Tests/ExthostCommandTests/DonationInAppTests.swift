import ExthostTestSupport
import Foundation
import Testing

/// A phrase for an intent the app handles in-app (no extension): said while
/// the app is in the background, it continues in the app; said again in the
/// foreground, the app handles it.
@Suite("Donations: in-app intents by phrase", .serialized)
struct DonationInAppTests {
    @Test func sayRunsTheAppsInAppHandler() throws {
        let system = try ExampleSystem.donations()
        defer { system.tearDown() }
        let add = try system.exthost(["shortcuts", "add", "Next step", "--app", DonatingApp.fixture,
                                      "--intent", "ShowDirections", "--parameters", #"{"recipe": "Tomato soup"}"#])
        #expect(add.status == 0, "\(add.standardError)")

        let first = try system.exthost(["say", "--json", "next step"])
        #expect(first.status == 0, "\(first.standardOutput)\(first.standardError)")
        let json = try first.json()
        #expect(json["outcome"] as? String == "continueInApp")
        #expect(((json["handoff"] as? [String: Any])?["shown"] as? [String])?.contains("showing directions: Tomato soup") == true)

        let again = try system.exthost(["say", "--json", "Next step."])
        #expect(again.status == 0, "\(again.standardOutput)\(again.standardError)")
        let againJSON = try again.json()
        #expect(againJSON["code"] as? String == "success")
        #expect(againJSON["message"] as? String == "Step 2.")

        // Both requests went through the system: recorded like any other.
        let donations = try #require(try system.exthost(["donations", "list", "--json"]).json()["donations"] as? [[String: Any]])
        #expect(Set(donations.compactMap { $0["intentHandlingStatus"] as? String }) == ["deferredToApplication", "success"])
    }
}
