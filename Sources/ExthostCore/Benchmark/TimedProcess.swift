#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// One child process, started and waited for with nothing in between but
/// reading its standard output: what the benchmarks time when they say
/// "a fresh process".
///
/// The clock runs from just before `posix_spawn` to just after `waitpid`,
/// so the figure includes exec, the dynamic linking of the child and its
/// exit, the way a user waiting for a command experiences it.
public struct TimedProcess: Sendable {
    /// How the child ended: its exit status, or 128 + the signal.
    public var status: Int32
    /// What it printed on standard output.
    public var standardOutput: Data
    /// Wall time from spawn to reaped, in nanoseconds of the monotonic clock.
    public var nanoseconds: UInt64

    /// Runs `executable` with `arguments` and waits for it.
    ///
    /// - Parameters:
    ///   - executable: An absolute path.
    ///   - arguments: The arguments after the program name.
    ///   - environment: Added to this process's environment.
    /// - Throws: `Posix.Failure` when the child cannot be started.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> TimedProcess {
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        let result = try Posix.spawnAndWait(executable, arguments: arguments,
                                            environment: variables.map { "\($0.key)=\($0.value)" })
        return TimedProcess(status: result.status, standardOutput: result.output, nanoseconds: result.nanoseconds)
    }
}

extension Posix {
    /// `posix_spawn` with standard output to a pipe (standard input and
    /// error to /dev/null), read to its end, then `waitpid`; timed.
    static func spawnAndWait(_ executable: String, arguments: [String], environment: [String])
        throws(Failure) -> (status: Int32, output: Data, nanoseconds: UInt64)
    {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw Failure(call: "pipe", path: executable, reason: errnoText()) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let start = monotonicNanoseconds()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        close(fds[1])
        guard spawned == 0 else {
            close(fds[0])
            throw Failure(call: "posix_spawn", path: executable, reason: errnoText(spawned))
        }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if got > 0 {
                output.append(contentsOf: buffer[0..<got])
            } else if got < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let elapsed = monotonicNanoseconds() - start
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
        let signal = status & 0x7F
        let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        return (code, output, elapsed)
    }
}
