import ExtensionLoading
import ExtensionProcesses
import ExthostABI
import ExthostPosix
import ExthostTestSupport
import Foundation
import IntentConversation
import Testing

/// The resolve calls a request makes in a row go to the extension process
/// as one frame (protocol version 5): fewer round trips, the same calls in
/// the same order, the same transcript, and each call still has its own
/// deadline.
@Suite("Runs of resolve calls")
struct ResolveRunTests {
    @Test("a request's resolve calls and confirm take two round trips where they took seven, and the result is the same", arguments: [
        // Every value given: activity and minutes in one run; distance
        // depends on activity, so the rest are the second.
        ["confirm": ["yes"]],
        // The request stops at confirm: the same two runs.
        [:],
    ])
    func fewerRoundTrips(answers: [String: [String]]) throws {
        var values = IsolatedFixture.workout
        values["tags"] = .list([.string("easy")])
        values["shared"] = .boolean(true)
        let fixture = try IsolatedFixture("good")
        let before = fixture.isolated.roundTrips
        let isolated = try fixture.converse("LogWorkout", values: values, answers: answers)
        let loaded = try ExtensionLoader().load(path: try FixturePlugins.build("good").path)
        let local = try ConversationEngine(endpoint: .plugin(loaded), intent: "LogWorkout", values: values,
                                           prompter: ScriptedPrompter(answers: answers)).run()
        #expect(IsolatedFixture.summary(isolated) == IsolatedFixture.summary(local))
        #expect(isolated.transcript.filter { $0.stage == .resolve }.count == 6, "six parameters resolved")
        // open with the first run (version 8), the second run with
        // confirm (version 9: LogWorkout asks the person to confirm, so
        // handle is not in it), and handle when it was confirmed.
        let expected = answers.isEmpty ? 2 : 3
        #expect(fixture.isolated.roundTrips - before == expected)
    }

    @Test("a run ends where the engine would decide between calls: bounds, a relationship, a question, a refusal", arguments: [
        ["minutes": .integer(700)],  // out of bounds: refused before resolveMinutes
        ["activity": .enumeration(2)],  // swim: distance is skipped, its value cleared
        ["minutes": .integer(3)],  // resolveMinutes refuses it
        ["activity": nil],  // resolveActivity asks for a value
        ["route": .object(ObjectValue(identifier: "park", displayString: "Park"))],  // resolveRoute asks to confirm
    ] as [[String: IntentValue?]])
    func sameAsInProcess(change: [String: IntentValue?]) throws {
        var values = IsolatedFixture.workout
        values["distance"] = .decimal(5)
        values["tags"] = .list([.string("easy")])
        for (name, value) in change { values[name] = value }
        let answers = ["confirm": ["yes"], "route": ["yes"], "activity": ["run"], "minutes": ["45"]]
        let isolated = try IsolatedFixture("good").converse("LogWorkout", values: values, answers: answers)
        let loaded = try ExtensionLoader().load(path: try FixturePlugins.build("good").path)
        let local = try ConversationEngine(endpoint: .plugin(loaded), intent: "LogWorkout", values: values,
                                           prompter: ScriptedPrompter(answers: answers)).run()
        #expect(IsolatedFixture.summary(isolated) == IsolatedFixture.summary(local))
    }

    @Test("a resolve method that never returns, third in a run: 3001 naming it, the calls before it kept, the process killed")
    func hangInRun() throws {
        var values = IsolatedFixture.workout
        values["distance"] = .decimal(5)
        values["tags"] = .list([.string("easy")])
        let fixture = try IsolatedFixture("isolated-tags-hang", defines: ["FIXTURE_TAGS_HANGS"])
        let pid = try #require(fixture.isolated.processID)
        let result = try fixture.converse("LogWorkout", values: values, deadline: 1)
        let error = try #require(result.error)
        #expect(error.code == .requestTimedOut, "\(error)")
        #expect(error.message.contains("resolveTags of LogWorkout"), "\(error.message)")
        let resolved = result.transcript.filter { $0.stage == .resolve }.map { "\($0.parameter ?? "-") \($0.result.name)" }
        #expect(resolved == ["activity success", "minutes success", "distance success", "route success", "tags timeout"], "\(resolved)")
        #expect(fixture.isolated.processID == nil, "the process that hung is gone")
        #expect(!Posix.processExists(pid))
    }
}
