#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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
        let end = deadline.map { start + UInt64(max(0, min($0, 1e9)) * 1e9) }
        var streams = [child.standardOutput, child.standardError].compactMap { $0 }.map { (fd: $0, bytes: [UInt8]()) }
        var open = streams.indices.map { _ in true }
        var timedOut = false
        var chunk = [UInt8](repeating: 0, count: 65536)

        while open.contains(true) {
            var entries = streams.indices.filter { open[$0] }.map { pollfd(fd: streams[$0].fd, events: Int16(POLLIN), revents: 0) }
            var timeout: Int32 = -1
            if let end {
                let now = Posix.monotonicNanoseconds()
                if now >= end { timedOut = true; break }
                timeout = Int32(min((end - now) / 1_000_000 + 1, UInt64(Int32.max)))
            }
            let ready = poll(&entries, nfds_t(entries.count), timeout)
            if ready < 0 && Glibc.errno == EINTR { continue }
            if ready < 0 { break }
            for entry in entries where entry.revents != 0 {
                guard let index = streams.firstIndex(where: { $0.fd == entry.fd }) else { continue }
                let count = chunk.withUnsafeMutableBytes { buffer in
                    (try? Posix.read(entry.fd, into: buffer)) ?? 0
                }
                if count > 0 {
                    streams[index].bytes.append(contentsOf: chunk[..<count])
                } else {
                    open[index] = false
                }
            }
        }
        // A child may close its output and still run: the deadline holds
        // until it has ended.
        let ending = child.wait(until: end)
        let elapsed = Posix.monotonicNanoseconds() - start
        streams.forEach { Posix.close($0.fd) }
        return Outcome(
            termination: ending.termination,
            timedOut: timedOut || ending.killedAtDeadline,
            standardOutput: streams.first?.bytes ?? [],
            standardError: capturingStandardError && streams.count > 1 ? streams[1].bytes : [],
            nanoseconds: elapsed
        )
    }
}
