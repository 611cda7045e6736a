import ExtensionLoading
import ExtensionProcesses
import ExthostABI
import ExthostPosix
import ExthostTestSupport
import Foundation
import IntentConversation
import Testing

/// A request's `open` goes out in the write of its first stage, and its
/// answer is read with that stage's (protocol version 8): one round trip
/// fewer a request, and a refused or failed `handler(for:)` still ends the
/// conversation as it did when `open` was a round trip of its own.
@Suite("open with the first stage")
struct OpenWithFirstStageTests {
    private func inProcess(_ variant: String, defines: [String], _ intent: String, values: [String: IntentValue],
                           answers: [String: [String]]) throws -> ConversationResult {
        let loaded = try ExtensionLoader().load(path: try FixturePlugins.build(variant, defines: defines).path)
        return try ConversationEngine(endpoint: .plugin(loaded), intent: intent, values: values,
                                      prompter: ScriptedPrompter(answers: answers)).run()
    }

    @Test("handler(for:) that gives no handler: 2003 as in process, no stage, nothing asked; the same process serves the next request", arguments: [
        "Ping",
        // Every value in bounds: the open goes with a run of resolve calls.
        "LogWorkout",
        // minutes out of bounds: refused before any call, so the engine
        // would ask for another value before the first stage; it must not.
        "LogWorkout minutes=700",
    ])
    func refusedHandler(request: String) throws {
        let intent = String(request.split(separator: " ")[0])
        var values = intent == "Ping" ? [:] : IsolatedFixture.workout
        if request.hasSuffix("minutes=700") { values["minutes"] = .integer(700) }
        let answers = ["minutes": ["45"], "confirm": ["yes"]]
        let defines = ["FIXTURE_NIL_HANDLER"]
        let local = try inProcess("nil-handler", defines: defines, intent, values: values, answers: answers)
        #expect(local.error?.code == .noHandlerProvidedForIntent)
        let fixture = try IsolatedFixture("nil-handler", defines: defines)
        let pid = try #require(fixture.isolated.processID)
        for _ in 0..<2 {
            let before = fixture.isolated.roundTrips
            let isolated = try fixture.converse(intent, values: values, answers: answers)
            #expect(IsolatedFixture.summary(isolated) == IsolatedFixture.summary(local))
            #expect(isolated.transcript.isEmpty, "\(isolated.transcript)")
            // The open and the first stage went in one write, or the open alone.
            #expect(fixture.isolated.roundTrips - before == 1)
            // The stage's "not opened" answer was read and dropped: the
            // process stays in step and is kept for the next request.
            #expect(fixture.isolated.processID == pid)
            #expect(fixture.isolated.failureOfLastProcess == nil)
        }
        let lines = fixture.recorder.entries.map(\.message).joined(separator: "\n")
        #expect(!lines.contains("broke"), "\(lines)")
    }

    @Test("handler(for:) that crashes: 5001 naming the signal and handler(for:), no stage, the request's values")
    func crashInHandlerFor() throws {
        let fixture = try IsolatedFixture("handler-for-crashes", defines: ["FIXTURE_HANDLER_FOR_CRASHES"])
        let pid = try #require(fixture.isolated.processID)
        let result = try fixture.converse("LogWorkout", values: IsolatedFixture.workout)
        let error = try #require(result.error)
        #expect(error.code == .extensionBringUpFailed)
        #expect(error.message.contains("extension com.example.fixture.intents was killed by signal 11 (Segmentation fault) in handler(for:) of LogWorkout"),
                "\(error.message)")
        #expect(result.transcript.isEmpty, "\(result.transcript)")
        #expect(result.values == IsolatedFixture.workout)
        #expect(result.outcome == .error)
        #expect(!Posix.processExists(pid))
    }

    @Test("handler(for:) that never returns: 3001 at the launch budget, its process killed, no stage")
    func hangInHandlerFor() throws {
        let fixture = try IsolatedFixture("handler-for-hangs", defines: ["FIXTURE_HANDLER_FOR_HANGS"], launchBudget: 1)
        let pid = try #require(fixture.isolated.processID)
        let result = try fixture.converse("Ping", deadline: 5)
        let error = try #require(result.error)
        #expect(error.code == .requestTimedOut, "\(error)")
        #expect(error.message.contains("handler(for:) of Ping in extension com.example.fixture.intents did not return within 1.0 s; its process was killed"),
                "\(error.message)")
        #expect(result.transcript.isEmpty, "\(result.transcript)")
        #expect(!Posix.processExists(pid))
    }

    @Test("the open costs no round trip of its own: a warm Ping, which asks nothing, is one round trip")
    func oneRoundTripARequest() throws {
        let fixture = try IsolatedFixture("good")
        let pid = try #require(fixture.isolated.processID)
        for _ in 0..<3 { #expect(try fixture.converse("Ping").outcome == .success) }
        let requests = 40
        let tripsBefore = fixture.isolated.roundTrips
        for _ in 0..<requests {
            let result = try fixture.converse("Ping")
            #expect(result.outcome == .success)
            #expect(result.transcript.map(\.stage) == [.handlerFor, .resolve, .confirm, .handle], "\(result.transcript)")
        }
        let trips = fixture.isolated.roundTrips - tripsBefore
        #expect(fixture.isolated.processID == pid)
        // The open went in the write of the run, which carried resolveWhen,
        // confirm and handle (version 9); with the open a round trip of its
        // own, one more a request. The extension process's read calls
        // (`syscr`) were counted here too, but they count every thread's
        // reads and under a loaded machine exceeded a bound the earlier
        // protocol nearly met as well.
        #expect(trips == requests, "\(trips) round trips for \(requests) requests")
    }
}
