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

    /// Reads `descriptors` (a child's pipes) until each has reached its end,
    /// handing every chunk to `chunk` as it comes, so a writer never blocks
    /// on a full pipe. The descriptors stay open; `chunk` may close one once
    /// it is told that descriptor has ended.
    ///
    /// - Parameters:
    ///   - descriptors: The read ends.
    ///   - deadline: Monotonic nanoseconds (``monotonicNanoseconds()``) to
    ///     stop at; nil reads until every descriptor has ended.
    ///   - gathering: Milliseconds to wait, once a descriptor has
    ///     something to read, before reading it, so that what is written
    ///     meanwhile is read in the same pass: a writer of many small writes
    ///     then wakes this thread once for them all, not once each. None is
    ///     waited for when a descriptor has ended.
    ///   - chunk: Called with the index in `descriptors` and the bytes read;
    ///     empty bytes say that descriptor has ended (or failed) and is not
    ///     read again.
    /// - Returns: Whether `deadline` passed before every descriptor ended.
    @discardableResult
    package static func drain(
        _ descriptors: [Int32],
        until deadline: UInt64? = nil,
        gathering: Int = 0,
        _ chunk: (_ index: Int, _ bytes: ArraySlice<UInt8>) -> Void
    ) -> Bool {
        var open = Array(descriptors.indices)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            var entries = open.map { pollfd(fd: descriptors[$0], events: Int16(POLLIN), revents: 0) }
            var passed = false
            let polled = try? syscall("poll") { () -> Int32 in
                guard let timeout = pollTimeout(until: deadline) else {
                    passed = true
                    return 0
                }
                return poll(&entries, nfds_t(entries.count), timeout)
            }
            if passed { return true }
            guard polled != nil else { break }
            if gathering > 0, !entries.contains(where: { $0.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 }) {
                sleep(milliseconds: gathering)
            }
            for (index, entry) in zip(open, entries) where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { (try? read(entry.fd, into: $0)) ?? 0 }
                if count == 0 { open.removeAll { $0 == index } }
                chunk(index, buffer[..<count])
            }
        }
        return false
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
