import ExthostABI
import ExthostPosix
import ExtensionProcesses
import ExthostTestSupport
import Foundation
import IntentConversation
import Testing

/// Misbehaving plugins in extension processes: each fault ends the plugin's
/// process with its documented error, this process carries on, and the next
/// request to the same extension works in a fresh process.
@Suite("Extension process faults")
struct ExtensionProcessFaultTests {
    /// Runs Ping (which misbehaves in `defines`), then a LogWorkout that
    /// must succeed in a new process; returns Ping's error.
    private func faultThenRecovery(_ name: String, defines: [String], deadline: Double = 10,
                                   memoryLimit: UInt64? = ExtensionProcessConfiguration.defaultMemoryLimit) throws -> IntentsError {
        let fixture = try IsolatedFixture(name, defines: defines, memoryLimit: memoryLimit)
        let first = try #require(fixture.isolated.processID)
        let failed = try fixture.converse("Ping", deadline: deadline)
        #expect(failed.outcome == .error)
        #expect(fixture.isolated.processID == nil, "the process that failed is gone")
        #expect(!Posix.processExists(first), "the process that failed was reaped")
        let next = try fixture.converse("LogWorkout", values: IsolatedFixture.workout, answers: ["confirm": ["yes"]])
        #expect(next.outcome == .success, "\(next.message)")
        #expect(fixture.isolated.processID != nil && fixture.isolated.processID != first, "a fresh process served it")
        return try #require(failed.error)
    }

    @Test("a plugin that dereferences NULL: 5001 naming the extension, the signal and the stage")
    func segfault() throws {
        let error = try faultThenRecovery("isolated-segfault", defines: ["FIXTURE_PING_MODE=5"])
        #expect(error.code == .extensionBringUpFailed)
        #expect(error.message.contains("extension com.example.fixture.intents was killed by signal 11"), "\(error.message)")
        #expect(error.message.contains("during handle of Ping"))
        #expect(!error.message.contains("memory limit"))
    }

    @Test("a plugin that aborts: 5001 with SIGABRT")
    func abort() throws {
        let error = try faultThenRecovery("isolated-abort", defines: ["FIXTURE_PING_MODE=6"])
        #expect(error.code == .extensionBringUpFailed)
        #expect(error.message.contains("killed by signal 6"), "\(error.message)")
        #expect(error.message.contains("during handle of Ping"))
    }

    @Test("a plugin that calls exit(0): 5001 saying it exited, and that it must not")
    func exitZero() throws {
        let error = try faultThenRecovery("isolated-exit", defines: ["FIXTURE_PING_MODE=7"])
        #expect(error.code == .extensionBringUpFailed)
        #expect(error.message.contains("exited with status 0 during handle of Ping"), "\(error.message)")
        #expect(error.message.contains("must not end its process"))
    }

    @Test("a method that never returns: 3001 at the deadline, and the process is killed")
    func hangInMethod() throws {
        let error = try faultThenRecovery("isolated-hang", defines: ["FIXTURE_PING_MODE=4"], deadline: 0.3)
        #expect(error.code == .requestTimedOut, "\(error)")
        #expect(error.message.contains("handle of Ping"))
    }

    @Test("a completion never called: 3001, and the process that may still hold it is killed")
    func completionNeverCalled() throws {
        let error = try faultThenRecovery("isolated-no-completion", defines: ["FIXTURE_PING_MODE=1"], deadline: 0.3)
        #expect(error.code == .requestTimedOut, "\(error)")
    }

    @Test("a plugin that allocates without bound: the memory limit, not a crash")
    func memoryLimit() throws {
        let error = try faultThenRecovery("isolated-allocates", defines: ["FIXTURE_PING_MODE=8"], memoryLimit: 512 << 20)
        #expect(error.code == .extensionBringUpFailed)
        #expect(error.message.contains("reached its memory limit of 512 MiB"), "\(error.message)")
        #expect(error.message.contains("during handle of Ping"))
    }

    @Test("a memory limit below what the process maps before loading: a clear 5001 saying how much it needs")
    func limitTooSmall() throws {
        let error = try #require(throws: IntentsError.self) {
            _ = try IsolatedFixture("good", memoryLimit: 64 << 20)
        }
        #expect(error.code == .extensionBringUpFailed)
        #expect(error.message.contains("the memory limit of 64 MiB leaves"), "\(error.message)")
        #expect(error.message.contains("Raise the limit (--memory-limit)"))
    }

    @Test("kill -9 of the extension process mid-request: 5001 naming signal 9")
    func killedFromOutside() throws {
        let fixture = try IsolatedFixture("isolated-hang", defines: ["FIXTURE_PING_MODE=4"])
        let pid = try #require(fixture.isolated.processID)
        let killer = Thread {
            Thread.sleep(forTimeInterval: 0.2)
            Posix.sendSignal(Posix.killSignal, to: pid)
        }
        killer.start()
        let failed = try fixture.converse("Ping", deadline: 10)
        let error = try #require(failed.error)
        #expect(error.code == .extensionBringUpFailed)
        #expect(error.message.contains("was killed by signal 9"), "\(error.message)")
        let next = try fixture.converse("LogWorkout", values: IsolatedFixture.workout, answers: ["confirm": ["yes"]])
        #expect(next.outcome == .success)
    }

    @Test("init that never returns: 5000 at the launch deadline, the process killed")
    func hangInInit() throws {
        let error = try #require(throws: IntentsError.self) {
            _ = try IsolatedFixture("isolated-init-hangs", defines: ["FIXTURE_INIT_HANGS"], launchBudget: 0.3)
        }
        #expect(error.code == .extensionLaunchingTimeout, "\(error)")
        #expect(error.message.contains("did not finish launching"))
    }

    @Test("init that crashes: 5001 saying it died while launching")
    func crashInInit() throws {
        let error = try #require(throws: IntentsError.self) {
            _ = try IsolatedFixture("isolated-init-crashes", defines: ["FIXTURE_INIT_CRASHES"])
        }
        #expect(error.code == .extensionBringUpFailed)
        #expect(error.message.contains("was killed by signal 11 (Segmentation fault) while launching"), "\(error.message)")
    }

    @Test("what a plugin prints is logged, attributed to the extension, and the request succeeds")
    func printsToStandardOutput() throws {
        let fixture = try IsolatedFixture("isolated-prints", defines: ["FIXTURE_PING_MODE=9"])
        let result = try fixture.converse("Ping")
        #expect(result.outcome == .success)
        let pid = try #require(fixture.isolated.processID)
        withExtendedLifetime(fixture) {}
        Posix.sendSignal(Posix.killSignal, to: pid)  // ends the pipes, so every line has been read
        let deadline = Date().addingTimeInterval(5)
        while fixture.recorder.entries.count < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let lines = fixture.recorder.entries.filter { $0.metadata["extension"] == "com.example.fixture.intents" }
        #expect(lines.contains { $0.metadata["stream"] == "stdout" && $0.message.hasSuffix(#"{"not": "the host's output"}"#) })
        #expect(lines.contains { $0.metadata["stream"] == "stderr" && $0.message.hasSuffix("ping on standard error") })
    }

    @Test("a plugin that closes its standard output keeps working")
    func closesStandardOutput() throws {
        let fixture = try IsolatedFixture("isolated-closes-stdout", defines: ["FIXTURE_PING_MODE=10"])
        #expect(try fixture.converse("Ping").outcome == .success)
        #expect(try fixture.converse("Ping").outcome == .success)
        let next = try fixture.converse("LogWorkout", values: IsolatedFixture.workout, answers: ["confirm": ["yes"]])
        #expect(next.outcome == .success)
    }
}
