import CExthostPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A child process started with `posix_spawn`: the one way exthost starts
/// another program (an app, a probe of a new plugin, a benchmark's fresh
/// process, a C compiler).
///
/// Every child gets standard input from `/dev/null`, an empty signal mask,
/// `SIGPIPE` at its default, and no file descriptor of ours but the three
/// standard ones (`closefrom(3)`), and the one descriptor it is handed on
/// purpose, as its descriptor 3: a child that outlives the call that started
/// it must not hold our sockets or keep a pipe of our parent open.
package struct ChildProcess: Sendable {
    /// Where a child's standard output or error goes.
    package enum Destination: Sendable {
        /// `/dev/null`.
        case null
        /// A pipe whose read end this process keeps (``standardOutput`` /
        /// ``standardError``).
        case pipe
        /// Appended to a file, created when missing.
        case appending(toFile: String)
        /// Standard error only: wherever standard output goes.
        case standardOutput
    }

    /// The child's process id.
    package let pid: Int32
    /// The read end of the child's standard output, when it is a ``Destination/pipe``.
    package let standardOutput: Int32?
    /// The read end of the child's standard error, when it is a ``Destination/pipe``.
    package let standardError: Int32?

    /// Starts `path`.
    ///
    /// - Parameters:
    ///   - path: The program, an absolute path.
    ///   - arguments: The arguments after the program name.
    ///   - environment: The child's whole environment; nil for this process's.
    ///   - standardOutput: Where its standard output goes.
    ///   - standardError: Where its standard error goes.
    ///   - newProcessGroup: Starts it in a process group of its own, so that
    ///     a signal to our group (a terminal's Ctrl-C) does not reach it.
    ///   - newSession: Starts it in a session of its own (`setsid`), with no
    ///     controlling terminal: a daemon that outlives the terminal too.
    ///   - passing: A descriptor of ours the child gets as its descriptor 3
    ///     (an extension process's end of its socket pair); nil for none.
    /// - Throws: ``SystemCallError`` when the pipes cannot be made or
    ///   `posix_spawn` fails (no such program, not executable).
    package static func spawn(
        _ path: String,
        arguments: [String],
        environment: [String: String]? = nil,
        standardOutput: Destination = .null,
        standardError: Destination = .null,
        newProcessGroup: Bool = false,
        newSession: Bool = false,
        passing descriptor: Int32? = nil
    ) throws(SystemCallError) -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)

        var readEnds: [Int32: Int32] = [:]
        var writeEnds: [Int32] = []
        defer { writeEnds.forEach(Posix.close) }
        do throws(SystemCallError) {
            for (target, destination) in [(Int32(1), standardOutput), (Int32(2), standardError)] {
                switch destination {
                case .null:
                    posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
                case .appending(let file):
                    posix_spawn_file_actions_addopen(&actions, target, file, O_WRONLY | O_CREAT | O_APPEND, 0o644)
                case .standardOutput:
                    posix_spawn_file_actions_adddup2(&actions, 1, target)
                case .pipe:
                    var ends: [Int32] = [0, 0]
                    try Posix.syscall("pipe2") { cexthostposix_pipe_cloexec(&ends) }
                    readEnds[target] = ends[0]
                    writeEnds.append(ends[1])
                    posix_spawn_file_actions_adddup2(&actions, ends[1], target)
                }
            }
        } catch {
            readEnds.values.forEach(Posix.close)
            throw error
        }
        if let descriptor {
            // dup2 onto itself would keep close-on-exec: go through a spare number.
            posix_spawn_file_actions_adddup2(&actions, descriptor, descriptor == 3 ? 4 : 3)
            if descriptor == 3 { posix_spawn_file_actions_adddup2(&actions, 4, 3) }
        }
        cexthostposix_spawn_file_actions_addclosefrom(&actions, descriptor == nil ? 3 : 4)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newSession {
            flags |= Int32(cexthostposix_spawn_setsid_flag())
        } else if newProcessGroup {
            flags |= POSIX_SPAWN_SETPGROUP
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { variables in
            variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = envp.map { posix_spawn(&pid, path, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard result == 0 else {
            readEnds.values.forEach(Posix.close)
            throw SystemCallError(call: "posix_spawn", path: path, errno: result)
        }
        return ChildProcess(pid: pid, standardOutput: readEnds[1], standardError: readEnds[2])
    }

    /// How a child ended, as waiting for it found it.
    package struct Ending: Hashable, Sendable {
        /// How it ended; a child killed at its deadline is ``ProcessTermination/signaled(_:)`` with `SIGKILL`.
        package var termination: ProcessTermination
        /// The most memory it held (`wait4`'s `ru_maxrss`), in bytes.
        package var peakResidentBytes: UInt64
        /// Whether it still ran at the deadline and was killed for it.
        package var killedAtDeadline: Bool

        /// Its status was collected elsewhere.
        static let unknown = Ending(termination: .unknown, peakResidentBytes: 0, killedAtDeadline: false)
    }

    /// Waits for the child to end, kills it with `SIGKILL` if it still runs
    /// at `deadline`, and reaps it.
    ///
    /// - Parameter deadline: Monotonic nanoseconds (``Posix/monotonicNanoseconds()``)
    ///   to kill it at; nil waits as long as it takes. A deadline that has
    ///   passed kills a child that still runs at once.
    /// - Returns: How it ended and the most memory it held; `.unknown` when
    ///   its status was collected elsewhere.
    package func wait(until deadline: UInt64? = nil) -> Ending {
        reap(until: deadline, killing: true) ?? .unknown
    }

    /// How the child ended, reaping it, or nil while it still runs: a wait
    /// with a deadline of now that leaves a running child alone.
    package func reapIfEnded() -> Ending? {
        reap(until: 0, killing: false)
    }

    /// Waits until the child ends or `deadline` passes; then kills it when
    /// `killing`, or gives nil.
    private func reap(until deadline: UInt64?, killing: Bool) -> Ending? {
        while true {
            let passed = deadline.map { Posix.monotonicNanoseconds() >= $0 } ?? false
            if let ending = waitForStatus(blocking: deadline == nil) { return ending }
            if passed {
                guard killing else { return nil }
                Posix.sendSignal(Posix.killSignal, to: pid)
                var ending = waitForStatus(blocking: true) ?? .unknown
                ending.killedAtDeadline = true
                return ending
            }
            Posix.sleep(milliseconds: 1)
        }
    }

    /// `wait4` for the child: its ending, or nil while it runs when not `blocking`.
    private func waitForStatus(blocking: Bool) -> Ending? {
        var status: Int32 = 0
        var peak = 0
        let reaped: Int32
        do {
            reaped = try Posix.syscall("wait4") {
                cexthostposix_wait4(pid, &status, blocking ? 0 : WNOHANG, &peak)
            }
        } catch {
            return .unknown
        }
        guard reaped == pid else { return nil }
        return Ending(termination: ProcessTermination(waitStatus: status), peakResidentBytes: UInt64(max(peak, 0)) * 1024,
                      killedAtDeadline: false)
    }
}

extension ChildProcess {
    /// A child this process started earlier and tracks by its id alone (an
    /// app the system launched), to wait for it; it has no pipes here.
    package init(pid: Int32) {
        self.init(pid: pid, standardOutput: nil, standardError: nil)
    }
}
