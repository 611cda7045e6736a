import AppHandoff
import ExthostTestSupport
import Foundation
import Testing

@Suite("exthost open")
struct OpenCommandTests {
    /// Runs the built `exthost` with `arguments` in `directory`, with no
    /// `$EXTHOST_APP_PATH`, so apps are found in `Apps/` there.
    private func exthost(_ arguments: [String], in directory: URL, runtime: String) throws -> (status: Int32, output: String, error: String) {
        let runner = CommandRunner(environment: ["EXTHOST_RUNTIME_DIR": runtime, "EXTHOST_APP_PATH": ""], workingDirectory: directory)
        let result = try runner.run(arguments)
        return (result.status, result.standardOutput, result.standardError)
    }

    @Test("opens an activity file in the app found in Apps/, for people and as JSON")
    func opensAnActivityFile() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }
        let activity = #"{"activityType": "com.example.fixture.showGoal", "title": "Goal", "userInfo": {"done": 3, "goal": 5}}"#
        try Data(activity.utf8).write(to: system.root.appendingPathComponent("goal.json"))

        // Apps/ beside the working directory.
        let text = try exthost(["open", "goal.json"], in: system.root, runtime: system.runtimeDirectory.path)
        #expect(text.status == 0, "\(text.error)")
        #expect(text.output.contains("[Fixture] showing goal screen: 3/5 hours this week"))
        #expect(text.output.contains("Continued com.example.fixture.showGoal in com.example.fixture"))

        let json = try exthost(["open", system.root.appendingPathComponent("goal.json").path, "--json", "--apps", system.appsDirectory], in: URL(fileURLWithPath: "/"),
                               runtime: system.runtimeDirectory.path)
        #expect(json.status == 0, "\(json.error)")
        let outcome = try JSONDecoder().decode(ActivityOutcome.self, from: Data(json.output.utf8))
        #expect(outcome.continued)
        // The second run reached the instance the first launched.
        #expect(outcome.status.pid == system.handoff.status(ofApp: FixtureSystem.appIdentifier)?.pid)
    }

    @Test("an undeclared type fails with the reason")
    func undeclaredType() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }
        try Data(#"{"activityType": "com.example.scan", "app": "com.example.fixture"}"#.utf8)
            .write(to: system.root.appendingPathComponent("scan.json"))

        let result = try exthost(["open", "scan.json"], in: system.root, runtime: system.runtimeDirectory.path)
        #expect(result.status == 1)
        #expect(result.error.contains("does not declare the activity type \"com.example.scan\""))
    }

    @Test("--json: a failed hand-off and an unreadable file are JSON of the one error shape")
    func jsonErrors() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }
        try Data(#"{"activityType": "com.example.scan", "app": "com.example.fixture"}"#.utf8)
            .write(to: system.root.appendingPathComponent("scan.json"))

        let refused = try exthost(["open", "scan.json", "--json"], in: system.root, runtime: system.runtimeDirectory.path)
        #expect(refused.status == 1)
        let refusal = try #require(try JSONSerialization.jsonObject(with: Data(refused.output.utf8)) as? [String: Any])
        #expect(refusal["outcome"] as? String == "error")
        #expect((refusal["message"] as? String)?.contains("does not declare the activity type \"com.example.scan\"") == true)

        let unreadable = try exthost(["open", "missing.json", "--json"], in: system.root, runtime: system.runtimeDirectory.path)
        #expect(unreadable.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(unreadable.output.utf8)) as? [String: Any])
        #expect(NSDictionary(dictionary: object) == ["outcome": "error", "message": "missing.json: cannot be read"])
    }
}
