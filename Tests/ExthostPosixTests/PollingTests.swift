import ExthostPosix
import Glibc
import Testing

@Suite struct PollingTests {
    @Test func aBudgetBecomesADeadlineWithoutTrappingOnAbsurdValues() {
        #expect(Posix.deadline(after: 1.5, from: 100) == 1_500_000_100)
        // Negative and NaN budgets have already run out; `inf` and 1e308
        // (which `UInt64(_:)` would trap on) never run out.
        #expect(Posix.deadline(after: -3, from: 100) == 100)
        #expect(Posix.deadline(after: .nan, from: 100) == 100)
        #expect(Posix.deadline(after: .infinity, from: 100) == .max)
        #expect(Posix.deadline(after: 1e308) == .max)
        let start = Posix.monotonicNanoseconds()
        let quarter = Posix.deadline(after: .milliseconds(250))
        #expect(quarter >= start + 250_000_000 && quarter < Posix.monotonicNanoseconds() + 250_000_000 + 1)
    }

    @Test func aDeadlineInThePastGivesFalseAtOnce() throws {
        let (one, other) = try Posix.socketPair()
        defer { [one, other].forEach(Posix.close) }
        let start = Posix.monotonicNanoseconds()
        #expect(try !Posix.pollReadable(one, until: start - 1_000_000_000))
        #expect(Posix.monotonicNanoseconds() - start < 100_000_000)
    }

    @Test func aSilentDescriptorIsWaitedForUntilTheDeadline() throws {
        let (one, other) = try Posix.socketPair()
        defer { [one, other].forEach(Posix.close) }
        let deadline = Posix.monotonicNanoseconds() + 200_000_000
        #expect(try !Posix.pollReadable(one, until: deadline))
        #expect(Posix.monotonicNanoseconds() >= deadline)
    }

    @Test func dataOrAHangUpEndsTheWait() throws {
        let (one, other) = try Posix.socketPair()
        defer { Posix.close(one) }
        try Array("x".utf8).withUnsafeBytes { try Posix.send(other, $0) }
        #expect(try Posix.pollReadable(one, until: Posix.monotonicNanoseconds() + 10_000_000_000))
        var byte: [UInt8] = [0]
        #expect(try byte.withUnsafeMutableBytes { try Posix.read(one, into: $0) } == 1)
        Posix.close(other)
        #expect(try Posix.pollReadable(one, until: nil))
    }

    @Test func drainHandsOverEveryChunkAndEachEnd() throws {
        let child = try ChildProcess.spawn("/bin/sh", arguments: ["-c", "echo out; echo err >&2"],
                                           standardOutput: .pipe, standardError: .pipe)
        let pipes = [child.standardOutput, child.standardError].compactMap { $0 }
        defer { pipes.forEach(Posix.close) }
        var read: [[UInt8]] = [[], []]
        var ended: [Bool] = [false, false]
        let passed = Posix.drain(pipes, until: Posix.monotonicNanoseconds() + 10_000_000_000) { index, bytes in
            if bytes.isEmpty { ended[index] = true } else { read[index] += bytes }
        }
        #expect(!passed)
        #expect(ended == [true, true])
        #expect(String(decoding: read[0], as: UTF8.self) == "out\n")
        #expect(String(decoding: read[1], as: UTF8.self) == "err\n")
        #expect(child.wait().termination == .exited(0))
    }

    @Test("gathering reads a run of small writes in a few passes, loses none, and still reads each end")
    func drainGathersSmallWrites() throws {
        // Twenty lines written one by one, 2 ms apart: read at once, each
        // would be a pass of its own; gathered for 200 ms, they come in a few.
        let script = "i=0; while [ $i -lt 20 ]; do echo line$i; sleep 0.002; i=$((i+1)); done"
        let child = try ChildProcess.spawn("/bin/sh", arguments: ["-c", script], standardOutput: .pipe)
        let pipe = try #require(child.standardOutput)
        defer { Posix.close(pipe) }
        var read: [UInt8] = []
        var passes = 0
        var ended = false
        let passed = Posix.drain([pipe], until: Posix.monotonicNanoseconds() + 30_000_000_000, gathering: 200) { _, bytes in
            if bytes.isEmpty { ended = true } else { read += bytes; passes += 1 }
        }
        #expect(!passed)
        #expect(ended)
        #expect(String(decoding: read, as: UTF8.self) == (0..<20).map { "line\($0)\n" }.joined())
        #expect(passes < 10, "\(passes) passes for 20 writes")
        #expect(child.wait().termination == .exited(0))
    }
}
