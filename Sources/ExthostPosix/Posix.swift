#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Every system call exthost makes goes through here, the way swift-nio's
/// `System.swift` does it: calls that can be interrupted are retried on
/// `EINTR` in one place (``syscall(_:path:blocking:)``), and every failure is
/// one ``SystemCallError`` carrying the call, the path and `errno`.
///
/// The namespace is split by subject: files and locks (`Posix+Files`),
/// Unix-domain sockets (`Posix+Sockets`), waiting on descriptors until a
/// deadline (`Posix+Polling`), processes and signals (`Posix+Processes`), the
/// dynamic linker (`Posix+DynamicLinker`), directory watches
/// (`Posix+Inotify`). Starting
/// and waiting for child processes is ``ChildProcess``.
package enum Posix {
    /// Runs a system call that returns -1 and sets `errno` on failure,
    /// retrying it while it fails with `EINTR`.
    ///
    /// - Parameters:
    ///   - call: The call's name, for the error.
    ///   - path: What the call is about, for the error.
    ///   - body: The call itself.
    /// - Returns: The call's non-negative result.
    /// - Throws: ``SystemCallError`` for any other failure.
    @inline(__always)
    @discardableResult
    package static func syscall<Result: BinaryInteger>(
        _ call: String,
        path: String? = nil,
        blocking body: () -> Result
    ) throws(SystemCallError) -> Result {
        while true {
            let result = body()
            if result >= 0 { return result }
            let code = Glibc.errno
            if code != EINTR { throw SystemCallError(call: call, path: path, errno: code) }
        }
    }

    /// The value of an environment variable.
    package static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// The real user id of this process.
    package static var userID: UInt32 { getuid() }

    /// The effective user id of this process: 0 when it runs as root.
    package static var effectiveUserID: UInt32 { geteuid() }

    /// `clock_gettime(CLOCK_MONOTONIC)` in nanoseconds: what every timing uses.
    @inline(__always)
    package static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The monotonic instant (``monotonicNanoseconds()``) `seconds` after
    /// `start` (default: now): the one place a budget in seconds becomes a
    /// deadline. A negative or NaN budget is `start`; one too large to count
    /// in nanoseconds (`inf`, `1e308`) is never, rather than a trap in the
    /// conversion.
    package static func deadline(after seconds: Double, from start: UInt64 = monotonicNanoseconds()) -> UInt64 {
        guard seconds > 0 else { return start }
        let nanoseconds = seconds * 1e9
        guard nanoseconds < Double(UInt64.max - start) else { return .max }
        return start + UInt64(nanoseconds)
    }

    /// The monotonic instant `duration` from now (a negative duration is now).
    package static func deadline(after duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        return deadline(after: Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// Sleeps for `milliseconds`, resuming after a signal until the time has passed.
    package static func sleep(milliseconds: Int) {
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && Glibc.errno == EINTR {
            request = remaining
        }
    }

    /// `ECONNRESET`: the peer of a socket closed it with data unread.
    package static let connectionReset = ECONNRESET
    /// `ECONNREFUSED`: nobody listens on a socket path.
    package static let connectionRefused = ECONNREFUSED
}
