import Foundation

/// The threads conversations run on. A thread that finished a conversation
/// waits a while for the next one, so a warm request does not pay for
/// starting a thread (with its 8 MiB stack mapped) and ending it.
///
/// Not a fixed-size pool: a conversation waiting for an answer holds its
/// thread for minutes, and must not hold up others, so a conversation that
/// finds no idle thread gets a new one. The number of threads is bounded by
/// the sessions the service holds (`--max-sessions`) plus the idle ones,
/// at most ``maximumIdle``, each ended after ``idlePeriod`` unused.
///
/// Thread safety: ``run(_:)`` may be called from any thread.
final class SessionThreads: @unchecked Sendable {
    /// The most threads kept waiting for work.
    let maximumIdle: Int
    /// How long, in seconds, an idle thread waits for work before it ends.
    let idlePeriod: Double

    private let condition = NSCondition()
    private var queued: [@Sendable () -> Void] = []
    private var idle = 0

    init(maximumIdle: Int = 16, idlePeriod: Double = 30) {
        self.maximumIdle = maximumIdle
        self.idlePeriod = idlePeriod
    }

    /// Runs `work` on an idle thread, else on a new one.
    func run(_ work: @escaping @Sendable () -> Void) {
        condition.lock()
        // Each queued item has an idle thread of its own to take it.
        if idle > queued.count {
            queued.append(work)
            condition.unlock()
            // Signalled after the unlock: a thread woken while the lock is
            // still held here would wake only to wait for it again (one more
            // context switch and two futex calls an action).
            condition.signal()
            return
        }
        condition.unlock()
        let thread = Thread { [self] in
            var next: (@Sendable () -> Void)? = work
            while let current = next {
                current()
                next = awaitWork()
            }
        }
        thread.name = "exthost.session"
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The next work for a thread that finished its own, or nil when none
    /// came within the idle period (or enough threads are idle already):
    /// the thread then ends.
    private func awaitWork() -> (@Sendable () -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        guard idle < maximumIdle else { return nil }
        idle += 1
        defer { idle -= 1 }
        let deadline = Date(timeIntervalSinceNow: idlePeriod)
        while queued.isEmpty {
            if !condition.wait(until: deadline) { break }
        }
        return queued.isEmpty ? nil : queued.removeFirst()
    }
}
