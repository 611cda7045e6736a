import CExthostPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How a child process ended: the one decoder of a `waitpid` status.
package enum ProcessTermination: Hashable, Sendable, CustomStringConvertible {
    /// It called `exit` with this status.
    case exited(Int32)
    /// A signal ended it.
    case signaled(Int32)
    /// It ended, but its status was collected elsewhere (SIGCHLD ignored,
    /// or another waiter reaped it).
    case unknown

    /// Decodes a status as `waitpid` stores it.
    package init(waitStatus status: Int32) {
        if cexthostposix_wifexited(status) != 0 {
            self = .exited(cexthostposix_wexitstatus(status))
        } else if cexthostposix_wifsignaled(status) != 0 {
            self = .signaled(cexthostposix_wtermsig(status))
        } else {
            self = .unknown
        }
    }

    /// The status a shell reports: the exit status, or 128 + the signal.
    package var shellStatus: Int32 {
        switch self {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        case .unknown: 255
        }
    }

    package var description: String {
        switch self {
        case .exited(let code): return "exited with status \(code)"
        case .signaled(let signal):
            let name = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
            return "was killed by signal \(signal) (\(name))"
        case .unknown:
            return "ended (its exit status is unknown)"
        }
    }
}
