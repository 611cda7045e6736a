import ExtensionLoading
import IntentConversation
import ExthostTestSupport
import Foundation
import Testing

/// Runs conversations with the C fixture plugin, in this process.
@Suite("The conversation")
struct ConversationEngineTests {
    private func run(
        _ intent: String = "LogWorkout",
        plugin: String = "good",
        defines: [String] = [],
        values: [String: IntentValue] = [:],
        answers: [String: [String]] = [:],
        deadline: Double = 10
    ) throws -> (ConversationResult, ScriptedPrompter) {
        let path = try FixturePlugins.build(plugin, defines: defines)
        let loaded = try ExtensionLoader().load(path: path.path)
        let prompter = ScriptedPrompter(answers: answers)
        let engine = try ConversationEngine(
            endpoint: .plugin(loaded), intent: intent, values: values, prompter: prompter,
            options: .init(stageDeadline: deadline)
        )
        return (engine.run(), prompter)
    }

    private let complete: [String: IntentValue] = [
        "activity": .enumeration(1),
        "minutes": .integer(30),
        "route": .object(ObjectValue(identifier: "river", displayString: "River Loop")),
    ]

    @Test("a complete request is resolved in order, confirmed by the user, handled, and its template filled")
    func successPath() throws {
        let (result, _) = try run(values: complete, answers: ["confirm": ["yes"]])
        #expect(result.outcome == .success)
        #expect(result.code == "success")
        #expect(result.message == "Logged 30 min run on River Loop: 300 kcal.")
        let resolved = result.transcript.filter { $0.stage == .resolve }.map(\.parameter)
        #expect(resolved == ["activity", "minutes", "distance", "route", "tags", "shared"])
        #expect(result.responseProperties["calories"] == .integer(300))
        #expect(result.userActivity?.activityType == "com.example.fixture.showGoal")
        #expect(result.userActivity?.userInfo == "{\"done\":3,\"goal\":5}")
    }

    @Test("a method the handler lacks gets the default: the given value succeeds")
    func missingMethodDefaults() throws {
        var values = complete
        values["distance"] = .decimal(5.5)
        let (result, _) = try run(values: values, answers: ["confirm": ["yes"]])
        let step = try #require(result.transcript.first { $0.parameter == "distance" && $0.stage == .resolve })
        #expect(step.defaulted)
        #expect(step.result == .resolution(.success))
        #expect(result.values["distance"] == .decimal(5.5))
    }

    @Test("a parameter whose relationship does not hold is skipped")
    func relationshipSkips() throws {
        var values = complete
        values["activity"] = .enumeration(2)  // swim: distance is asked only for run and ride
        values["distance"] = .decimal(1)
        let (result, _) = try run(values: values, answers: ["confirm": ["yes"]])
        let step = try #require(result.transcript.first { $0.parameter == "distance" })
        #expect(step.stage == .skip)
        #expect(result.values["distance"] == nil)
    }

    @Test("needsValue asks with the definition's prompt; without an answer the question stays open")
    func needsValue() throws {
        let (result, _) = try run(values: [:])
        #expect(result.outcome == .needsInput)
        #expect(result.pendingQuestion?.parameter == "activity")
        #expect(result.pendingQuestion?.prompt == "Which workout did you do?")
        #expect(result.message == "Which workout did you do?")
    }

    @Test("answers are typed by the definition: an enum case by name, a number")
    func answersFillValues() throws {
        let (result, _) = try run(values: ["route": .object(ObjectValue(identifier: "river", displayString: "River Loop"))],
                                  answers: ["activity": ["ride"], "minutes": ["45"], "confirm": ["yes"]])
        #expect(result.outcome == .success)
        #expect(result.values["activity"] == .enumeration(3))
        #expect(result.message == "Logged 45 min ride on River Loop: 450 kcal.")
    }

    @Test("unsupported(forReason:) says the reason's message with the value filled in, then asks again")
    func unsupportedReason() throws {
        let (result, prompter) = try run(values: ["activity": .enumeration(1), "minutes": .integer(3)])
        #expect(result.outcome == .unsupported)
        #expect(result.message == "A workout of 3 minutes is too short to log.")
        #expect(prompter.said == ["A workout of 3 minutes is too short to log."])
        #expect(result.pendingQuestion?.parameter == "minutes")

        let (fixed, _) = try run(values: ["activity": .enumeration(1), "minutes": .integer(3),
                                          "route": .object(ObjectValue(displayString: "Hill Climb"))],
                                 answers: ["minutes": ["20"], "confirm": ["yes"]])
        #expect(fixed.outcome == .success)
        #expect(fixed.values["minutes"] == .integer(20))
    }

    @Test("a value past the definition's maximum is refused before the handler sees it, with the definition's message")
    func boundsFromDefinition() throws {
        let (result, _) = try run(values: ["activity": .enumeration(1), "minutes": .integer(601)])
        #expect(result.outcome == .unsupported)
        #expect(result.message == "Workouts longer than 600 minutes can't be logged.")
        let step = try #require(result.transcript.first { $0.parameter == "minutes" })
        #expect(step.defaulted)  // the host, not the handler, refused it
    }

    @Test("a value below the minimum without a reason of its own gets a generic message naming the bound")
    func lowerBound() throws {
        let (result, _) = try run(values: ["activity": .enumeration(1), "minutes": .integer(0)])
        #expect(result.outcome == .unsupported)
        #expect(result.message == "Minutes must be at least 1; 0 is too small.")
    }

    @Test("disambiguation offers items with subtitles and images; a number picks one")
    func disambiguation() throws {
        let (open, prompter) = try run(values: ["activity": .enumeration(1), "minutes": .integer(30)])
        #expect(open.outcome == .needsInput)
        let question = try #require(open.pendingQuestion)
        #expect(question.kind == .choice)
        #expect(question.prompt == "Which route?")
        #expect(question.choices.map(\.title) == ["River Loop", "Hill Climb"])
        #expect(question.choices.map(\.subtitle) == ["5 km along the river", "8 km, 300 m up"])
        #expect(question.choices.first?.image == "river.png")
        #expect(prompter.said == ["There are 2 routes."])

        let (picked, _) = try run(values: ["activity": .enumeration(1), "minutes": .integer(30)],
                                  answers: ["route": ["2"], "confirm": ["yes"]])
        #expect(picked.outcome == .success)
        #expect(picked.message == "Logged 30 min run on Hill Climb: 300 kcal.")
    }

    @Test("confirmationRequired asks yes or no with the definition's prompt")
    func confirmationRequired() throws {
        var values = complete
        values["route"] = .object(ObjectValue(identifier: "park", displayString: "Park"))
        let (open, _) = try run(values: values)
        #expect(open.pendingQuestion?.kind == .confirmValue)
        #expect(open.pendingQuestion?.prompt == "Just to confirm, ‘Park’?")

        let (yes, _) = try run(values: values, answers: ["route": ["yes"], "confirm": ["yes"]])
        #expect(yes.outcome == .success)
        #expect(yes.message == "Logged 30 min run on Park: 300 kcal.")
    }

    @Test("an intent that requires confirmation asks with the primary summary; no cancels")
    func userConfirmation() throws {
        let (open, _) = try run(values: complete)
        #expect(open.pendingQuestion?.kind == .confirmIntent)
        #expect(open.pendingQuestion?.prompt == "Log 30 minutes of Run?")
        let (no, _) = try run(values: complete, answers: ["confirm": ["no"]])
        #expect(no.outcome == .cancelled)
    }

    @Test("a custom response code picks its template and its success flag")
    func customCodes() throws {
        var values = complete
        values["minutes"] = .integer(42)
        let (best, _) = try run(values: values, answers: ["confirm": ["yes"]])
        #expect(best.code == "successPersonalBest")
        #expect(best.codeValue == 101)
        #expect(best.outcome == .success)
        #expect(best.message == "A personal best! 42 min run on River Loop.")

        values["minutes"] = .integer(13)
        let (locked, _) = try run(values: values, answers: ["confirm": ["yes"]])
        #expect(locked.code == "failureDeviceLocked")
        #expect(locked.codeValue == 100)
        #expect(locked.outcome == .failure)
        #expect(locked.message == "Unlock your phone to log workouts.")
    }

    @Test("continueInApp ends the conversation for the app, with the response's user activity")
    func continueInApp() throws {
        var values = complete
        values["minutes"] = .integer(99)
        let (result, _) = try run(values: values, answers: ["confirm": ["yes"]])
        #expect(result.outcome == .continueInApp)
        #expect(result.code == "continueInApp")
        #expect(result.userActivity?.activityType == "com.example.fixture.showGoal")
    }

    @Test("lists cross as lists")
    func multipleValues() throws {
        var values = complete
        values["tags"] = .list([.string("morning"), .string("easy")])
        values["shared"] = .boolean(true)
        let (result, _) = try run(values: values, answers: ["confirm": ["yes"]])
        #expect(result.values["tags"] == .list([.string("morning"), .string("easy")]))
        #expect(result.values["shared"] == .boolean(true))
    }

    @Test("a completion called later from another thread is waited for")
    func completionFromAnotherThread() throws {
        let (result, _) = try run("Ping", plugin: "ping-later", defines: ["FIXTURE_PING_MODE=3"])
        #expect(result.outcome == .success)
        #expect(result.message == "Pong.")
    }

    @Test("a completion never called is error 3001 at the stage's deadline")
    func neverCompletes() throws {
        let (result, _) = try run("Ping", plugin: "ping-never", defines: ["FIXTURE_PING_MODE=1"], deadline: 0.2)
        #expect(result.outcome == .error)
        #expect(result.error?.code == .requestTimedOut)
        #expect(result.message.contains("3001"))
        #expect(result.message.contains("handle"))
    }

    @Test("a completion called twice: the first counts, the second is reported and ignored")
    func completesTwice() throws {
        let (result, _) = try run("Ping", plugin: "ping-twice", defines: ["FIXTURE_PING_MODE=2"])
        #expect(result.outcome == .success)
        #expect(result.code == "success")
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.contains("handle was called 2 times") == true)
    }

    @Test("completions are reused across requests: each request counts its own second calls, and a clean one reports none")
    func reusedCompletionsCountAfresh() throws {
        let twice = try ExtensionLoader().load(path: try FixturePlugins.build("ping-twice", defines: ["FIXTURE_PING_MODE=2"]).path)
        let once = try ExtensionLoader().load(path: try FixturePlugins.build("ping-once", defines: ["FIXTURE_PING_MODE=0"]).path)
        func ping(_ loaded: LoadedExtension) throws -> ConversationResult {
            try ConversationEngine(endpoint: .plugin(loaded), intent: "Ping", values: [:], prompter: ScriptedPrompter(answers: [:])).run()
        }
        for _ in 0..<3 {
            let result = try ping(twice)
            #expect(result.code == "success")
            #expect(result.warnings.count == 1)
            #expect(result.warnings.first?.contains("handle was called 2 times") == true)
            // The closures the request gave back serve this one: their
            // count of calls starts again.
            let clean = try ping(once)
            #expect(clean.code == "success")
            #expect(clean.warnings.isEmpty)
        }
    }

    @Test("values larger than the arena's block cross to the plugin and back intact")
    func valuesLargerThanABlock() throws {
        var values = complete
        // One string longer than a block, then many that fill several.
        let long = String(repeating: "a long tag, ", count: 300)
        let tags: [IntentValue] = [.string(long)] + (0..<60).map { .string("tag \($0) " + String(repeating: "x", count: $0 * 7)) }
        values["tags"] = .list(tags)
        let (result, _) = try run(values: values, answers: ["confirm": ["yes"]])
        #expect(result.outcome == .success)
        #expect(result.values["tags"] == .list(tags))
    }

    @Test("handler(for:) returning nil is error 2003")
    func nilHandler() throws {
        let (result, _) = try run("Ping", plugin: "nil-handler", defines: ["FIXTURE_NIL_HANDLER"])
        #expect(result.outcome == .error)
        #expect(result.error?.code == .noHandlerProvidedForIntent)
        #expect(result.message.contains("2003"))
    }

    @Test("the first handler(for:) is timed as a load phase")
    func firstHandlerTimed() throws {
        let (result, _) = try run("Ping", plugin: "ping-timed")
        #expect((result.loadTimings?.firstHandlerFor ?? 0) > 0)
    }
}
