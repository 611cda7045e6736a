#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Posix {
    /// Waits until `fd` is readable (or its peer hung up), at most until
    /// `deadline`.
    ///
    /// - Parameters:
    ///   - fd: The descriptor.
    ///   - deadline: Monotonic nanoseconds (``monotonicNanoseconds()``) to
    ///     give up at; nil waits as long as it takes. A deadline that has
    ///     passed gives false at once, without looking at `fd`.
    /// - Returns: Whether `fd` is readable; false when the deadline passed first.
    /// - Throws: ``SystemCallError`` when `poll` fails.
    package static func pollReadable(_ fd: Int32, until deadline: UInt64?) throws(SystemCallError) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var passed = false
        // The timeout is worked out again when a signal interrupts the wait.
        let ready = try syscall("poll") { () -> Int32 in
            guard let timeout = pollTimeout(until: deadline) else {
                passed = true
                return 0
            }
            return poll(&entry, 1, timeout)
        }
        return !passed && ready > 0
    }

    /// The `poll` timeout that ends at `deadline`: milliseconds rounded up
    /// (so the wait never ends early), -1 for no deadline, nil when it has
    /// passed.
    private static func pollTimeout(until deadline: UInt64?) -> Int32? {
        guard let deadline else { return -1 }
        let now = monotonicNanoseconds()
        // Compared first: `deadline - now` would wrap around once it passed.
        guard now < deadline else { return nil }
        return Int32(min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max)))
    }
}
