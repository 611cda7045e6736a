import ExthostABI
import ExthostTestSupport
import IntentConversation
import IntentConversationEmbedded
import IntentDefinition
import Testing

/// The engine's behaviour against an in-memory handler: every case is a
/// closure, no plugin is compiled. (What crosses the C ABI is tested with
/// real plugins in ConversationEngineTests.)
@Suite("The conversation, with an embedded handler")
struct EmbeddedHandlerTests {
    private let complete: [String: IntentValue] = [
        "activity": .enumeration(1),
        "minutes": .integer(30),
        "route": .object(ObjectValue(identifier: "river", displayString: "River Loop")),
    ]

    private func run(
        _ handler: EmbeddedHandler,
        intent: String = "LogWorkout",
        values: [String: IntentValue],
        answers: [String: [String]] = [:]
    ) throws -> (ConversationResult, ScriptedPrompter) {
        let prompter = ScriptedPrompter(answers: answers)
        let engine = try ConversationEngine(endpoint: handler.endpoint, intent: intent, values: values, prompter: prompter,
                                            options: .init(stageDeadline: 1))
        return (engine.run(), prompter)
    }

    private func handling(code: SystemResponseCode = .success, properties: [IntentValue?] = [.string("30 min run"), .integer(300)]) -> EmbeddedHandler {
        let handler = EmbeddedHandler(definition: FixtureDefinition.definition)
        handler.on(HandlerSelector.handle) { _ in .response(code: code.rawValue, properties: properties) }
        return handler
    }

    @Test("a handler with only handle: every parameter gets the default, the template is filled")
    func onlyHandle() throws {
        let handler = handling()
        let (result, _) = try run(handler, values: complete, answers: ["confirm": ["yes"]])
        #expect(result.outcome == .success)
        #expect(result.message == "Logged 30 min run: 300 kcal.")
        #expect(result.transcript.filter { $0.stage == .resolve }.allSatisfy { $0.defaulted })
        // The relationship (distance only for run and ride) holds for a run:
        // distance is resolved, in definition order.
        #expect(handler.calls.map(\.selector) == [
            "resolveActivity", "resolveMinutes", "resolveDistance", "resolveRoute", "resolveTags", "resolveShared",
            "confirm", "handle",
        ])
    }

    @Test("a parameter whose relationship does not hold is never asked of the handler")
    func relationshipSkipsTheCall() throws {
        let handler = handling()
        var values = complete
        values["activity"] = .enumeration(2)  // swim
        _ = try run(handler, values: values, answers: ["confirm": ["yes"]])
        #expect(!handler.calls.map(\.selector).contains("resolveDistance"))
    }

    @Test("the handler sees the values resolved before it, in its intent")
    func valuesReachTheHandler() throws {
        let handler = handling()
        handler.on(HandlerSelector.resolve("minutes")) { call in
            // activity (index 0) is set; the request's minutes (index 1) too.
            #expect(call.values[0] == .enumeration(1))
            return .resolution(.success, .integer(45))
        }
        let (result, _) = try run(handler, values: complete, answers: ["confirm": ["yes"]])
        #expect(result.values["minutes"] == .integer(45))
    }

    @Test("success without a value is the handler's error, naming the method")
    func successWithoutValue() throws {
        let handler = handling()
        handler.on(HandlerSelector.resolve("minutes")) { _ in .resolution(.success) }
        let (result, _) = try run(handler, values: complete)
        #expect(result.outcome == .error)
        #expect(result.error?.code == .extensionBringUpFailed)
        #expect(result.message.contains("resolveMinutes answered success without a value"))
    }

    @Test("a stage that never completes is 3001, naming the stage and the handler")
    func neverCompletes() throws {
        let handler = handling()
        handler.on(HandlerSelector.confirm) { _ in .never }
        let (result, _) = try run(handler, values: complete, answers: ["confirm": ["yes"]])
        #expect(result.error?.code == .requestTimedOut)
        #expect(result.message.contains("confirm of LogWorkout in embedded handler did not call its completion"))
    }

    @Test("a handler that fails mid-conversation ends it with its error")
    func handlerFails() throws {
        let handler = handling()
        handler.on(HandlerSelector.resolve("activity")) { _ in
            .failure(IntentsError(.noAppAvailable, "the app went away"))
        }
        let (result, _) = try run(handler, values: complete)
        #expect(result.outcome == .error)
        #expect(result.error?.code == .noAppAvailable)
        #expect(!handler.calls.map(\.selector).contains("handle"))
    }

    @Test("needsValue on a parameter with dynamic options offers the handler's options; a number picks one")
    func dynamicOptions() throws {
        let handler = handling()
        handler.on(HandlerSelector.resolve("route")) { call in
            call.values[3] == nil ? .resolution(.needsValue) : .resolution(.success, call.values[3])
        }
        handler.on(HandlerSelector.options("route")) { _ in
            .options([
                .object(ObjectValue(identifier: "river", displayString: "River Loop")),
                .object(ObjectValue(identifier: "hill", displayString: "Hill Climb")),
            ])
        }
        var values = complete
        values["route"] = nil
        let (result, _) = try run(handler, values: values, answers: ["route": ["2"], "confirm": ["yes"]])
        #expect(result.values["route"] == .object(ObjectValue(identifier: "hill", displayString: "Hill Climb")))
        #expect(handler.calls.map(\.selector).contains("provideRouteOptionsCollection"))
    }

    @Test("a completion called more than once is reported as a warning")
    func duplicateCompletion() throws {
        let handler = handling()
        handler.reportDuplicateCompletion(of: "handle", extraCalls: 1)
        let (result, _) = try run(handler, values: complete, answers: ["confirm": ["yes"]])
        #expect(result.outcome == .success)
        #expect(result.warnings == ["the completion of handle was called 2 times; calls after the first were ignored. Call each completion exactly once."])
    }

    @Test("a failure response code fills the failure template")
    func failureResponse() throws {
        let handler = handling(code: .failure, properties: [])
        let (result, _) = try run(handler, values: complete, answers: ["confirm": ["yes"]])
        #expect(result.outcome == .failure)
        #expect(result.code == "failure")
        #expect(result.message == "Sorry, the workout could not be logged.")
    }
}
