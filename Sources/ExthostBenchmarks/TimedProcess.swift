import IntentSystem
import IntentConversation
import ExtensionLoading
import ExthostPosix
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
    /// Wall time from spawn to the last bytes of standard output read: when
    /// a reader had the whole answer of a child that goes on after it.
    public var standardOutputNanoseconds: UInt64

    /// Runs `executable` with `arguments` and waits for it; its standard
    /// error goes to `/dev/null`.
    ///
    /// - Parameters:
    ///   - executable: An absolute path.
    ///   - arguments: The arguments after the program name.
    ///   - environment: Added to this process's environment.
    /// - Throws: `SystemCallError` when the child cannot be started.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> TimedProcess {
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        let outcome = try ChildProcess.run(executable, arguments: arguments, environment: variables, capturingStandardError: false)
        return TimedProcess(status: outcome.termination.shellStatus, standardOutput: Data(outcome.standardOutput), nanoseconds: outcome.nanoseconds,
                     standardOutputNanoseconds: outcome.standardOutputNanoseconds)
    }
}
