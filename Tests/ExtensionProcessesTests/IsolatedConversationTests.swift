import ExtensionLoading
import ExtensionProcesses
import ExthostTestSupport
import Foundation
import IntentConversation
import Logging
import Testing

/// A conversation through an extension process is the conversation in
/// this process: the same result and transcript, step for step.
@Suite("Isolated conversations")
struct IsolatedConversationTests {
    /// What must match, without timings.
    private func summary(_ result: ConversationResult) -> String {
        let steps = result.transcript.map { step in
            "\(step.stage) \(step.parameter ?? "-") \(step.result.name) \(step.value.map { "\($0)" } ?? "-") \(step.message ?? "-") \(step.defaulted)"
        }
        return ([
            "\(result.outcome) \(result.code ?? "-") \(result.codeValue ?? -1) \(result.message)",
            "values \(result.values.sorted { $0.key < $1.key })",
            "properties \(result.responseProperties.sorted { $0.key < $1.key })",
            "activity \(String(describing: result.userActivity))",
            "question \(String(describing: result.pendingQuestion))",
            "error \(String(describing: result.error))",
            "warnings \(result.warnings)",
        ] + steps).joined(separator: "\n")
    }

    private func inProcess(_ intent: String, values: [String: IntentValue], answers: [String: [String]]) throws -> ConversationResult {
        let loaded = try ExtensionLoader().load(path: try FixturePlugins.build("good").path)
        return try ConversationEngine(endpoint: .plugin(loaded), intent: intent, values: values,
                                      prompter: ScriptedPrompter(answers: answers)).run()
    }

    @Test("a full conversation: disambiguation, options, confirmation, handle", arguments: [
        ["route": ["1"], "confirm": ["yes"]],
        ["route": ["Park", "yes"], "confirm": ["yes"]],
        ["confirm": ["no"]],
        [:],
    ])
    func sameAsInProcess(answers: [String: [String]]) throws {
        var values = IsolatedFixture.workout
        values["route"] = nil
        values["tags"] = .list([.string("easy"), .string("morning")])
        let fixture = try IsolatedFixture("good")
        let isolated = try fixture.converse("LogWorkout", values: values, answers: answers)
        let local = try inProcess("LogWorkout", values: values, answers: answers)
        #expect(summary(isolated) == summary(local))
        #expect(!isolated.transcript.isEmpty)
        #expect(isolated.loadTimings?.dlopen ?? 0 > 0, "the extension process's load timings are reported")
    }

    @Test("a completion called twice is reported the same way")
    func duplicateCompletions() throws {
        let fixture = try IsolatedFixture("isolated-twice", defines: ["FIXTURE_PING_MODE=2"])
        let result = try fixture.converse("Ping")
        #expect(result.outcome == .success)
        #expect(result.warnings.contains { $0.contains("handle was called 2 times") }, "\(result.warnings)")
    }

    @Test("an extension's log calls arrive in the supervisor at their level, named for the extension")
    func logLines() throws {
        let fixture = try IsolatedFixture(
            "isolated-logs", defines: ["FIXTURE_LOGS_AT_INIT", #"FIXTURE_IDENTIFIER="com.example.fixture.logs""#], logLevel: .debug)
        #expect(fixture.recorder.entries == LogRecorder.Entry.fixtureInitLines(extension: "com.example.fixture.logs"))
    }

    @Test("one extension process serves request after request")
    func reusesProcess() throws {
        let fixture = try IsolatedFixture("good")
        let pid = try #require(fixture.isolated.processID)
        for minutes in [30, 42, 13] {
            var values = IsolatedFixture.workout
            values["minutes"] = .integer(Int64(minutes))
            let result = try fixture.converse("LogWorkout", values: values, answers: ["confirm": ["yes"]])
            // Handled by the plugin each time (13 minutes is its custom failure code).
            #expect(result.error == nil && result.code != nil, "\(result.message)")
        }
        #expect(fixture.isolated.processID == pid)
    }
}
