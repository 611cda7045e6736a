import ExthostTestSupport
import Foundation
import Testing

/// `exthost run` handing off to apps: real plugins, a real app process.
@Suite("Continuing in the app")
struct HandoffTests {
    /// A system (``ExampleSystem``) with fixture plugins and the fixture app
    /// as their containing app (`com.example.fixture`).
    private func fixtureAppSystem(plugins: [URL]) throws -> ExampleSystem {
        let system = try ExampleSystem(fixtures: plugins)
        try FixtureSystem.installApp(into: system.apps)
        return system
    }

    private let workout = #"{"intent": "LogWorkout", "parameters": {"activity": "run", "minutes": MINUTES, "route": "River Loop"}, "answers": {"confirm": "yes"}}"#

    @Test("continueInApp launches the app, which continues the response's activity and shows it")
    func continueWithActivity() throws {
        let system = try fixtureAppSystem(plugins: [try FixturePlugins.build("good")])
        defer { system.tearDown() }
        let result = try system.run(workout.replacingOccurrences(of: "MINUTES", with: "99"))
        #expect(result.status == 0, "\(result.standardOutput) \(result.standardError)")
        let json = try result.json()
        #expect(json["outcome"] as? String == "continueInApp")
        let handoff = try #require(json["handoff"] as? [String: Any])
        #expect(handoff["app"] as? String == "com.example.fixture")
        #expect(handoff["activityType"] as? String == "com.example.fixture.showGoal")
        #expect(handoff["continued"] as? Bool == true)
        #expect((handoff["shown"] as? [String])?.contains("showing goal screen: 3/5 hours this week") == true)
    }

    @Test("a response without an activity: the system makes one of the intent's class name, carrying the interaction")
    func systemMadeActivity() throws {
        let system = try fixtureAppSystem(plugins: [try FixturePlugins.build("good")])
        defer { system.tearDown() }
        let result = try system.run(workout.replacingOccurrences(of: "MINUTES", with: "98"))
        let json = try result.json()
        #expect(json["code"] as? String == "failureRequiringAppLaunch")
        let handoff = try #require(json["handoff"] as? [String: Any])
        #expect(handoff["activityType"] as? String == "LogWorkoutIntent")
        #expect((handoff["shown"] as? [String])?.contains("continuing LogWorkoutIntent (failureRequiringAppLaunch)") == true)
    }

    @Test("a success response's activity saved with --save-activity is continued by exthost open, as tapping it does")
    func saveAndOpen() throws {
        let system = try fixtureAppSystem(plugins: [try FixturePlugins.build("good")])
        defer { system.tearDown() }
        let saved = system.root.appendingPathComponent("activity.json")
        let result = try system.run(workout.replacingOccurrences(of: "MINUTES", with: "30"), options: ["--save-activity", saved.path])
        #expect(result.status == 0, "\(result.standardError)")
        let activity = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: saved)) as? [String: Any])
        #expect(activity["activityType"] as? String == "com.example.fixture.showGoal")
        let opened = try system.exthost(["open", saved.path, "--app", "com.example.fixture", "--apps", system.apps.path])
        #expect(opened.status == 0, "\(opened.standardError)")
        #expect(opened.standardOutput.contains("showing goal screen: 3/5 hours this week"))
    }

    @Test("the saved activity file holds what --json prints as userActivity (and the app, when one was named)")
    func savedActivityMatchesJSON() throws {
        let system = try fixtureAppSystem(plugins: [try FixturePlugins.build("good")])
        defer { system.tearDown() }
        let saved = system.root.appendingPathComponent("activity.json")
        let result = try system.run(workout.replacingOccurrences(of: "MINUTES", with: "30"), options: ["--save-activity", saved.path])
        #expect(result.status == 0, "\(result.standardError)")
        let printed = try #require(try result.json()["userActivity"] as? [String: Any])
        var file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: saved)) as? [String: Any])
        file["app"] = nil
        #expect(NSDictionary(dictionary: file).isEqual(to: printed), "\(file) vs \(printed)")
        #expect((file["userInfo"] as? [String: Any])?["goal"] as? Int == 5)
    }

    @Test("no app to continue in is error 2005 with exit 4, and the conversation's result still stands")
    func noApp() throws {
        let system = try fixtureAppSystem(plugins: [try FixturePlugins.build("good")])
        defer { system.tearDown() }
        try FileManager.default.removeItem(at: system.apps.appendingPathComponent("fixture.json"))
        let result = try system.run(workout.replacingOccurrences(of: "MINUTES", with: "99"))
        #expect(result.status == 4)
        let json = try result.json()
        #expect(json["outcome"] as? String == "continueInApp")
        let error = try #require((json["handoff"] as? [String: Any])?["error"] as? [String: Any])
        #expect(error["code"] as? Int == 2005)
    }

    @Test("an extension writes into its app group's shared container")
    func sharedContainer() throws {
        let system = try fixtureAppSystem(plugins: [try FixturePlugins.build("good")])
        defer { system.tearDown() }
        let result = try system.run(#"{"intent": "Ping"}"#)
        #expect(result.status == 0, "\(result.standardError)")
        let file = system.root.appendingPathComponent("containers/group.com.example.fixture/pings.txt")
        #expect((try? String(contentsOf: file, encoding: .utf8)) == "ping\n")
    }

    @Test("an intent the app lists is handled in the app: in the background it asks for the app, then the foreground answers")
    func inApp() throws {
        let system = try fixtureAppSystem(plugins: [try FixturePlugins.build("good")])
        defer { system.tearDown() }
        let request = #"{"intent": "ShowDirections", "parameters": {"recipe": "Pancakes"}}"#
        let first = try system.run(request)
        #expect(first.status == 0, "\(first.standardOutput) \(first.standardError)")
        let firstJSON = try first.json()
        #expect(firstJSON["extension"] as? String == "com.example.fixture")
        #expect(firstJSON["outcome"] as? String == "continueInApp")
        let handoff = try #require(firstJSON["handoff"] as? [String: Any])
        #expect(handoff["activityType"] as? String == "com.example.fixture.showDirections")
        #expect((handoff["shown"] as? [String])?.contains("showing directions: Pancakes") == true)

        // The app is now running in the foreground: the next request is handled there.
        let second = try system.run(request)
        let secondJSON = try second.json()
        #expect(secondJSON["outcome"] as? String == "success")
        #expect(secondJSON["message"] as? String == "Step 2.")
    }

    @Test("an in-app intent without a value asks with the app's definition's prompt")
    func inAppNeedsValue() throws {
        let system = try fixtureAppSystem(plugins: [])
        defer { system.tearDown() }
        let result = try system.run(#"{"intent": "ShowDirections"}"#)
        #expect(result.status == 3)
        #expect((try result.json()["question"] as? [String: Any])?["prompt"] as? String == "Which recipe?")
    }
}
