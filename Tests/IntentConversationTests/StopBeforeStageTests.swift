import ExthostABI
import ExthostTestSupport
import IntentConversation
import IntentConversationEmbedded
import IntentDefinition
import Testing

/// A conversation told to stop (a cancelled session, a service shutting
/// down) calls no further stage.
@Suite("Stopping a conversation before its next stage")
struct StopBeforeStageTests {
    @Test("once the stop answers an error, the handler is not called again and the result is that error")
    func stopsBeforeHandle() throws {
        let handler = EmbeddedHandler(definition: FixtureDefinition.definition)
        handler.on(HandlerSelector.handle) { _ in .response(code: SystemResponseCode.success.rawValue, properties: []) }
        let stopped = IntentsError(.requestTimedOut, "the session ended")
        let engine = try ConversationEngine(
            endpoint: handler.endpoint, intent: "LogWorkout",
            values: ["activity": .enumeration(1), "minutes": .integer(30)],
            prompter: ScriptedPrompter(answers: ["confirm": ["yes"]]),
            options: .init(stageDeadline: 1, stopBeforeStage: { _ in stopped })
        )
        let result = engine.run()
        #expect(result.outcome == .error)
        #expect(result.error?.message == stopped.message)
        #expect(handler.calls.isEmpty)
    }
}
