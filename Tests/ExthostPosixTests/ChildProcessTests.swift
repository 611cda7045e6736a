import ExthostPosix
import Glibc
import Testing

@Suite struct ChildProcessTests {
    @Test func outputAndErrorAreCapturedSeparatelyWithTheExitStatus() throws {
        let outcome = try ChildProcess.run("/bin/sh", arguments: ["-c", "echo out; echo err >&2; exit 3"])
        #expect(outcome.termination == .exited(3))
        #expect(outcome.termination.shellStatus == 3)
        #expect(!outcome.timedOut)
        #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "out\n")
        #expect(String(decoding: outcome.standardError, as: UTF8.self) == "err\n")
    }

    @Test func aSignalIsReportedAsTheShellReportsIt() throws {
        let outcome = try ChildProcess.run("/bin/sh", arguments: ["-c", "kill -SEGV $$"])
        #expect(outcome.termination == .signaled(SIGSEGV))
        #expect(outcome.termination.shellStatus == 128 + SIGSEGV)
        #expect(outcome.termination.description.contains("signal 11"))
    }

    @Test func aChildPastItsDeadlineIsKilled() throws {
        // Long enough for the shell to have written its line on a busy
        // machine: at 0.3 s it was sometimes killed before it had.
        let outcome = try ChildProcess.run("/bin/sh", arguments: ["-c", "echo started; exec sleep 30"], deadline: 2)
        #expect(outcome.timedOut)
        #expect(outcome.termination == .signaled(SIGKILL))
        #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "started\n")
        #expect(outcome.nanoseconds < 10_000_000_000)
    }

    @Test func aChildThatClosesItsOutputIsStillHeldToTheDeadline() throws {
        let outcome = try ChildProcess.run("/bin/sh", arguments: ["-c", "exec >&- 2>&-; sleep 30"], deadline: 0.3)
        #expect(outcome.timedOut)
        #expect(outcome.termination == .signaled(SIGKILL))
    }

    @Test func noDescriptorOfTheParentReachesTheChild() throws {
        // A descriptor opened without O_CLOEXEC, as a library might leave one.
        let leaked = Glibc.open("/dev/null", O_RDONLY)
        #expect(leaked > 2)
        defer { Glibc.close(leaked) }
        let outcome = try ChildProcess.run("/bin/sh", arguments: ["-c", "test -e /proc/$$/fd/\(leaked) && echo inherited || echo closed"])
        #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "closed\n")
    }

    @Test func theEnvironmentIsExactlyTheOneGiven() throws {
        let outcome = try ChildProcess.run("/usr/bin/env", arguments: [], environment: ["ONLY": "this"])
        #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "ONLY=this\n")
    }

    @Test func aMissingProgramNamesTheCallThePathAndTheReason() {
        #expect {
            _ = try ChildProcess.spawn("/nonexistent/program", arguments: [])
        } throws: { error in
            guard let failure = error as? SystemCallError else { return false }
            return failure.call == "posix_spawn" && failure.errno == ENOENT
                && failure.description == "posix_spawn /nonexistent/program: No such file or directory (errno 2)"
        }
    }

    @Test func standardErrorCanFollowStandardOutputIntoAFile() throws {
        let path = "/tmp/exthost-child-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log"
        defer { Posix.unlink(path) }
        let child = try ChildProcess.spawn("/bin/sh", arguments: ["-c", "echo one; echo two >&2"],
                                           standardOutput: .appending(toFile: path), standardError: .standardOutput)
        #expect(child.wait().termination == .exited(0))
        let fd = try Posix.open(path, flags: O_RDONLY)
        defer { Posix.close(fd) }
        #expect(String(decoding: try Posix.readToEnd(fd), as: UTF8.self) == "one\ntwo\n")
    }

    @Test func aChildThatOutlivesItsDeadlineIsKilledAndReaped() throws {
        let child = try ChildProcess.spawn("/bin/sh", arguments: ["-c", "exec sleep 30"])
        let start = Posix.monotonicNanoseconds()
        let ending = child.wait(until: start + 300_000_000)
        #expect(ending.termination == .signaled(SIGKILL))
        #expect(ending.killedAtDeadline)
        #expect(Posix.monotonicNanoseconds() - start < 10_000_000_000)
        #expect(!Posix.processExists(child.pid))
    }

    @Test func aChildThatEndsBeforeItsDeadlineIsNotKilled() throws {
        let child = try ChildProcess.spawn("/bin/sh", arguments: ["-c", "exit 4"])
        let ending = child.wait(until: Posix.monotonicNanoseconds() + 10_000_000_000)
        #expect(ending.termination == .exited(4))
        #expect(!ending.killedAtDeadline)
        #expect(ending.peakResidentBytes > 0)
    }

    @Test func reapIfEndedLeavesARunningChildAlone() throws {
        let child = try ChildProcess.spawn("/bin/sh", arguments: ["-c", "exec sleep 30"])
        #expect(child.reapIfEnded() == nil)
        #expect(Posix.processExists(child.pid))
        Posix.sendSignal(SIGTERM, to: child.pid)
        #expect(child.wait().termination == .signaled(SIGTERM))
    }
}
