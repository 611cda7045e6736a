import ExthostPosix

/// How long one call of the system may take, and what to do when it runs out.
struct CallDeadline {
    /// When the call gives up, in monotonic nanoseconds (`Posix.monotonicNanoseconds()`).
    let instant: UInt64
    /// The whole budget, for messages.
    let budget: Duration
    /// Whether an app that misses the deadline is ended.
    let endsUnresponsiveApp: Bool

    init(budget: Duration, endsUnresponsiveApp: Bool) {
        self.instant = CallDeadline.after(budget)
        self.budget = budget
        self.endsUnresponsiveApp = endsUnresponsiveApp
    }

    var hasPassed: Bool { Posix.monotonicNanoseconds() >= instant }

    /// Monotonic nanoseconds `duration` from now (a negative duration is now).
    static func after(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return Posix.monotonicNanoseconds() }
        return Posix.monotonicNanoseconds() + UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }
}
