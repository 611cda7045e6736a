import ExthostABI
import ExthostTestSupport
import IntentConversation
import IntentConversationEmbedded
import IntentDefinition
import Testing

/// A prompter that keeps the conversation open (the service's sessions):
/// it is shown the result the conversation would end with, and its later
/// answer continues the conversation where it stopped.
@Suite("A conversation suspended at a question")
struct SuspendingPrompterTests {
    /// Has no answer at first; when suspended, keeps what it was shown and answers `later`.
    private final class LaterPrompter: SuspendingPrompter {
        let later: String?
        var shown: [ConversationResult] = []

        init(later: String?) { self.later = later }

        func answer(_ question: Question) -> String? { nil }
        func say(_ line: String) {}
        func suspend(_ question: Question, pending: ConversationResult) -> String? {
            shown.append(pending)
            return later
        }
    }

    private let values: [String: IntentValue] = [
        "activity": .enumeration(1),
        "minutes": .integer(30),
        "route": .object(ObjectValue(identifier: "river", displayString: "River Loop")),
    ]

    private func engine(_ prompter: any ConversationPrompter) throws -> ConversationEngine {
        let handler = EmbeddedHandler(definition: FixtureDefinition.definition)
        handler.on(HandlerSelector.handle) { _ in .response(code: SystemResponseCode.success.rawValue, properties: [.string("30 min run"), .integer(300)]) }
        return try ConversationEngine(endpoint: handler.endpoint, intent: "LogWorkout", values: values, prompter: prompter,
                                      options: .init(stageDeadline: 1))
    }

    @Test("the pending result shown is the one an unanswered run ends with")
    func pendingIsTheUnansweredResult() throws {
        let unanswered = try engine(ScriptedPrompter(answers: [:])).run()
        let prompter = LaterPrompter(later: nil)
        let suspended = try engine(prompter).run()
        let shown = try #require(prompter.shown.first)
        for result in [shown, suspended] {
            #expect(result.outcome == unanswered.outcome)
            #expect(result.message == unanswered.message)
            #expect(result.pendingQuestion == unanswered.pendingQuestion)
            #expect(result.transcript.map(\.stage) == unanswered.transcript.map(\.stage))
            #expect(result.values.keys.sorted() == unanswered.values.keys.sorted())
        }
    }

    @Test("a later answer continues where the conversation stopped")
    func laterAnswerContinues() throws {
        let prompter = LaterPrompter(later: "yes")
        let result = try engine(prompter).run()
        #expect(prompter.shown.count == 1)
        #expect(prompter.shown.first?.pendingQuestion?.kind == .confirmIntent)
        #expect(result.outcome == .success)
        #expect(result.transcript.last?.stage == .handle)
        #expect(result.transcript.contains { $0.stage == .ask && $0.result == .answered })
    }
}
