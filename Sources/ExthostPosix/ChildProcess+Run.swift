extension ChildProcess {
    /// What a child did, run to its end.
    package struct Outcome: Sendable {
        /// How it ended; a child killed at its deadline is ``ProcessTermination/signaled(_:)`` with `SIGKILL`.
        package var termination: ProcessTermination
        /// Whether it was killed because the deadline passed.
        package var timedOut: Bool
        /// What it wrote on standard output.
        package var standardOutput: [UInt8]
        /// What it wrote on standard error (empty when not captured).
        package var standardError: [UInt8]
        /// Monotonic nanoseconds from just before `posix_spawn` to just after
        /// `waitpid`: exec, the child's dynamic linking, its run and its exit,
        /// the way a user waiting for a command experiences it.
        package var nanoseconds: UInt64
        /// Monotonic nanoseconds from just before `posix_spawn` to the last
        /// read of standard output that brought bytes: when its answer had
        /// reached the reader, for a child that goes on after it (0 when it
        /// wrote nothing).
        package var standardOutputNanoseconds: UInt64 = 0
    }

    /// Runs `path` to its end, reading its output as it comes (so a chatty
    /// child never blocks on a full pipe), and kills it with `SIGKILL` when
    /// `deadline` seconds pass first.
    ///
    /// - Parameters:
    ///   - path: The program, an absolute path.
    ///   - arguments: The arguments after the program name.
    ///   - environment: The child's whole environment; nil for this process's.
    ///   - deadline: Seconds the child may run; nil for no limit.
    ///   - capturingStandardError: Reads standard error too; otherwise it goes to `/dev/null`.
    /// - Throws: ``SystemCallError`` when the child cannot be started.
    package static func run(
        _ path: String,
        arguments: [String],
        environment: [String: String]? = nil,
        deadline: Double? = nil,
        capturingStandardError: Bool = true
    ) throws(SystemCallError) -> Outcome {
        let start = Posix.monotonicNanoseconds()
        let child = try spawn(path, arguments: arguments, environment: environment,
                              standardOutput: .pipe, standardError: capturingStandardError ? .pipe : .null)
        let end = deadline.map { Posix.deadline(after: $0, from: start) }
        let pipes = [child.standardOutput, child.standardError].compactMap { $0 }
        var output: [[UInt8]] = pipes.map { _ in [] }
        var outputEnd: UInt64 = 0
        let timedOut = Posix.drain(pipes, until: end) { index, bytes in
            output[index] += bytes
            if index == 0, !bytes.isEmpty { outputEnd = Posix.monotonicNanoseconds() - start }
        }
        // A child may close its output and still run: the deadline holds
        // until it has ended.
        let ending = child.wait(until: end)
        let elapsed = Posix.monotonicNanoseconds() - start
        pipes.forEach(Posix.close)
        return Outcome(
            termination: ending.termination,
            timedOut: timedOut || ending.killedAtDeadline,
            standardOutput: output.first ?? [],
            standardError: capturingStandardError && output.count > 1 ? output[1] : [],
            nanoseconds: elapsed,
            standardOutputNanoseconds: outputEnd
        )
    }
}
