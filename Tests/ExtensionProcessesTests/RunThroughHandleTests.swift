import ExtensionLoading
import ExtensionProcesses
import ExthostABI
import ExthostPosix
import ExthostTestSupport
import Foundation
import IntentConversation
import Synchronization
import Testing

/// A run of resolve calls goes on through `confirm` and `handle` when the
/// engine would go from one to the next without asking anything
/// (protocol version 9): a request that asks nothing is one round trip,
/// with the same transcript, the same per-stage deadlines and crash
/// reports, and a conversation stopped while the run is in the
/// extension process's hands never reaches `handle`.
@Suite("Runs through confirm and handle")
struct RunThroughHandleTests {
    @Test("a Ping that asks nothing is one round trip whatever confirm and handle answer, with the transcript of one call a stage", arguments: [
        ("ping-default", [String]()),  // no confirm (ready by default), handle succeeds
        ("ping-confirm-fails", ["FIXTURE_PING_CONFIRM_MODE=3"]),  // confirm answers failure: handle is not called
        ("ping-continue-in-app", ["FIXTURE_PING_MODE=32"]),  // handle answers continueInApp
    ])
    func oneRoundTrip(variant: String, defines: [String]) throws {
        let ran = Self.scratch("handle-ran-\(variant)")
        defer { try? FileManager.default.removeItem(atPath: ran) }
        let fixture = try IsolatedFixture(variant, defines: defines, environment: ["FIXTURE_HANDLE_RAN": ran])
        _ = try fixture.converse("Ping")
        let before = fixture.isolated.roundTrips
        let isolated = try fixture.converse("Ping")
        #expect(fixture.isolated.roundTrips - before == 1, "open, resolveWhen, confirm and handle in one write")
        let loaded = try ExtensionLoader().load(path: try FixturePlugins.build(variant, defines: defines).path)
        let local = try ConversationEngine(endpoint: .plugin(loaded), intent: "Ping", values: [:], prompter: ScriptedPrompter(answers: [:])).run()
        #expect(IsolatedFixture.summary(isolated) == IsolatedFixture.summary(local))
        #expect(isolated.transcript.contains { $0.stage == .confirm })
        // The transcript alone cannot tell a handle the run called and the
        // engine never took up: the plugin says whether it ran.
        #expect(FileManager.default.fileExists(atPath: ran) == (variant != "ping-confirm-fails"), "handle ran: \(FileManager.default.fileExists(atPath: ran))")
    }

    @Test("a request that asks the person something stops the run there, and goes on as before", arguments: [
        ["activity": nil],  // resolveActivity needs a value
        ["route": .object(ObjectValue(identifier: "park", displayString: "Park"))],  // resolveRoute asks to confirm the value
        [:],  // every value given: LogWorkout asks the person to confirm before handle
    ] as [[String: IntentValue?]])
    func asks(change: [String: IntentValue?]) throws {
        var values = IsolatedFixture.workout
        values["distance"] = .decimal(5)
        values["tags"] = .list([.string("easy")])
        for (name, value) in change { values[name] = value }
        let answers = ["confirm": ["yes"], "route": ["yes"], "activity": ["run"]]
        let isolated = try IsolatedFixture("good").converse("LogWorkout", values: values, answers: answers)
        let loaded = try ExtensionLoader().load(path: try FixturePlugins.build("good").path)
        let local = try ConversationEngine(endpoint: .plugin(loaded), intent: "LogWorkout", values: values,
                                           prompter: ScriptedPrompter(answers: answers)).run()
        #expect(IsolatedFixture.summary(isolated) == IsolatedFixture.summary(local))
        #expect(isolated.transcript.contains { $0.stage == .ask }, "the person was asked")
        #expect(isolated.outcome == .success, "\(isolated.message)")
    }

    @Test("confirm that never returns inside the run: 3001 naming it at a 1 s deadline, the process killed, handle never called")
    func hangInConfirm() throws {
        let ran = Self.scratch("handle-ran")
        defer { try? FileManager.default.removeItem(atPath: ran) }
        let fixture = try IsolatedFixture("ping-confirm-hangs", defines: ["FIXTURE_PING_CONFIRM_MODE=1"], environment: ["FIXTURE_HANDLE_RAN": ran])
        let pid = try #require(fixture.isolated.processID)
        let result = try fixture.converse("Ping", deadline: 1)
        let error = try #require(result.error)
        #expect(error.code == .requestTimedOut, "\(error)")
        #expect(error.message.contains("confirm of Ping"), "\(error.message)")
        #expect(result.transcript.map { "\($0.stage) \($0.result.name)" }.suffix(2) == ["resolve notRequired", "confirm timeout"], "\(result.transcript)")
        #expect(!Posix.processExists(pid))
        #expect(!FileManager.default.fileExists(atPath: ran))
    }

    @Test("handle that never returns inside the run: 3001 naming it at a 1 s deadline, the process killed")
    func hangInHandle() throws {
        let fixture = try IsolatedFixture("ping-handle-hangs", defines: ["FIXTURE_PING_MODE=4"])
        let pid = try #require(fixture.isolated.processID)
        let result = try fixture.converse("Ping", deadline: 1)
        let error = try #require(result.error)
        #expect(error.code == .requestTimedOut, "\(error)")
        #expect(error.message.contains("handle of Ping"), "\(error.message)")
        #expect(result.transcript.map(\.stage) == [.handlerFor, .resolve, .confirm, .handle], "\(result.transcript)")
        #expect(result.transcript.last?.result.name == "timeout")
        #expect(!Posix.processExists(pid))
    }

    @Test("handle that crashes inside the run: 5001 naming handle; the next request gets a fresh process")
    func crashInHandle() throws {
        let fixture = try IsolatedFixture("ping-handle-crashes", defines: ["FIXTURE_PING_MODE=5"])
        let pid = try #require(fixture.isolated.processID)
        let result = try fixture.converse("Ping")
        let error = try #require(result.error)
        #expect(error.code == .extensionBringUpFailed, "\(error)")
        #expect(error.message.contains("during handle of Ping"), "\(error.message)")
        #expect(error.message.contains("signal 11"), "\(error.message)")
        #expect(result.transcript.map(\.stage) == [.handlerFor, .resolve, .confirm], "the stages before handle kept: \(result.transcript)")
        #expect(!Posix.processExists(pid))
        let next = try fixture.converse("Ping")
        #expect(next.error?.message.contains("during handle of Ping") == true, "the next request ran in a fresh process")
        #expect(fixture.isolated.processID != pid)
    }

    @Test("a conversation stopped while confirm runs inside the run never reaches handle; the process serves the next request")
    func stoppedDuringConfirm() throws {
        let (started, release, ran) = (Self.scratch("confirm-started"), Self.scratch("confirm-release"), Self.scratch("handle-ran"))
        defer { for path in [started, release, ran] { try? FileManager.default.removeItem(atPath: path) } }
        let fixture = try IsolatedFixture("ping-confirm-waits", defines: ["FIXTURE_PING_CONFIRM_MODE=2"], environment: [
            "FIXTURE_CONFIRM_STARTED": started, "FIXTURE_CONFIRM_RELEASE": release, "FIXTURE_HANDLE_RAN": ran,
        ])
        let pid = try #require(fixture.isolated.processID)
        let stopped = Atomic(false)
        let interruption = RunInterruption()
        let stop = IntentsError(.requestTimedOut, "the session ended (sessionCancelled) before the next stage")
        // What the service does at `session cancel`: the stop first, then
        // the interruption, while confirm is running; then confirm returns.
        let canceller = Thread {
            let until = Date().addingTimeInterval(20)
            while !FileManager.default.fileExists(atPath: started) && Date() < until { Thread.sleep(forTimeInterval: 0.005) }
            stopped.store(true, ordering: .sequentiallyConsistent)
            interruption.interrupt()
            _ = FileManager.default.createFile(atPath: release, contents: nil)
        }
        canceller.start()
        let result = try fixture.converse("Ping") { options in
            options.stopBeforeStage = { _ in stopped.load(ordering: .sequentiallyConsistent) ? stop : nil }
            options.interruption = interruption
        }
        #expect(result.error == stop, "\(String(describing: result.error))")
        #expect(result.stoppedBeforeStage)
        #expect(result.transcript.map(\.stage) == [.handlerFor, .resolve, .confirm], "confirm answered, handle not called: \(result.transcript)")
        #expect(!FileManager.default.fileExists(atPath: ran), "handle ran after the conversation was stopped")
        // The stop did not outlive its request: the same process runs the
        // next Ping through handle.
        let next = try fixture.converse("Ping")
        #expect(next.outcome == .success, "\(next.message)")
        #expect(FileManager.default.fileExists(atPath: ran), "the next request's handle ran")
        #expect(fixture.isolated.processID == pid)
    }

    /// A path in the temporary folder no test uses yet.
    private static func scratch(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("exthost-\(name)-\(UUID().uuidString)").path
    }
}
