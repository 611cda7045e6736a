import AppHandoff
import ExthostTestSupport
import Foundation
import Testing

@Suite("Apps that fail")
struct AppFailureTests {
    @Test("an app that crashes gives a clear error and the system carries on")
    func crashingApp() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }
        let before = try system.handoff.open(FixtureSystem.goalActivity)

        #expect {
            try system.handoff.open(UserActivityPayload(activityType: "com.example.fixture.crash"))
        } throws: { error in
            guard let error = error as? AppHandoffError,
                  case .appCrashed(_, let pid, let reason, let during, _) = error else { return false }
            return pid == before.status.pid && reason.contains("signal 6") && during.contains("com.example.fixture.crash")
        }

        let after = try system.handoff.open(FixtureSystem.goalActivity)
        #expect(after.continued)
        #expect(after.status.pid != before.status.pid)
    }

    @Test("an app that does not answer within the deadline is a 3001 timeout, and is ended")
    func hangingApp() throws {
        let system = try FixtureSystem(deadline: .milliseconds(1500))
        defer { system.tearDown() }
        let before = try system.handoff.open(FixtureSystem.goalActivity)

        let start = ContinuousClock.now
        #expect {
            try system.handoff.open(UserActivityPayload(activityType: "com.example.fixture.hang"))
        } throws: { error in
            guard let error = error as? AppHandoffError,
                  case .appDidNotAnswer(_, let pid, _, _, let terminated) = error else { return false }
            return pid == before.status.pid && terminated && error.code?.rawValue == 3001
        }
        // The process was ended: nothing answers at its socket any more.
        #expect(system.handoff.applicationState(ofApp: FixtureSystem.appIdentifier) == .notRunning)
        let waited = ContinuousClock.now - start
        #expect(waited >= .milliseconds(1400) && waited < .seconds(5), "waited \(waited)")
        #expect(kill(before.status.pid, 0) != 0)

        let after = try system.handoff.open(FixtureSystem.goalActivity)
        #expect(after.continued)
    }

    @Test("without the watchdog a busy app is left running, and still says who it is")
    func busyAppLeftRunning() throws {
        let system = try FixtureSystem(deadline: .milliseconds(500), terminatesUnresponsiveApps: false)
        defer { system.tearDown() }
        let before = try system.handoff.open(FixtureSystem.goalActivity)

        #expect {
            try system.handoff.open(UserActivityPayload(activityType: "com.example.fixture.hang"))
        } throws: { error in
            guard let error = error as? AppHandoffError, case .appDidNotAnswer(_, _, _, _, let terminated) = error else {
                return false
            }
            return !terminated
        }
        // Its main thread is stuck, but it answers `hello` from its socket thread.
        #expect(system.handoff.status(ofApp: FixtureSystem.appIdentifier)?.pid == before.status.pid)
    }

    @Test("a deadline given to the call overrides the configured one")
    func callDeadline() throws {
        let system = try FixtureSystem()
        defer { system.tearDown() }
        _ = try system.handoff.open(FixtureSystem.goalActivity)

        let start = ContinuousClock.now
        #expect {
            try system.handoff.open(UserActivityPayload(activityType: "com.example.fixture.hang"), deadline: .milliseconds(300))
        } throws: { error in
            guard let error = error as? AppHandoffError, case .appDidNotAnswer(_, _, _, let deadline, _) = error else {
                return false
            }
            return deadline == .milliseconds(300) && error.description.contains("0.3 seconds")
        }
        #expect(ContinuousClock.now - start < .seconds(3))
    }

    @Test("an app that exits at launch failed to start, with its output")
    func appExitsAtLaunch() throws {
        let system = try FixtureSystem(arguments: ["--exit-at-launch", "3"])
        defer { system.tearDown() }

        #expect {
            try system.handoff.open(FixtureSystem.goalActivity)
        } throws: { error in
            guard let error = error as? AppHandoffError, case .appFailedToStart(_, let reason, let output) = error else {
                return false
            }
            return reason.contains("exited with status 3") && output.contains("exiting at launch")
        }
    }

    @Test("a manifest naming a missing executable failed to start, naming the key")
    func missingExecutable() throws {
        let system = try FixtureSystem(executable: "/nonexistent/LifecycleProbeApp")
        defer { system.tearDown() }

        #expect {
            try system.handoff.open(FixtureSystem.goalActivity)
        } throws: { error in
            guard let error = error as? AppHandoffError, case .appFailedToStart = error else { return false }
            return error.description.contains("/nonexistent/LifecycleProbeApp") && error.description.contains("'executable'")
        }
    }
}
