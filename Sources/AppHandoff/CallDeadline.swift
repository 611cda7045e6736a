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
        self.instant = Posix.deadline(after: budget)
        self.budget = budget
        self.endsUnresponsiveApp = endsUnresponsiveApp
    }

    var hasPassed: Bool { Posix.monotonicNanoseconds() >= instant }
}
