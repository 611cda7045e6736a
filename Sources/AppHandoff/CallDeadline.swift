/// How long one call of the system may take, and what to do when it runs out.
struct CallDeadline {
    /// When the call gives up.
    let instant: ContinuousClock.Instant
    /// The whole budget, for messages.
    let budget: Duration
    /// Whether an app that misses the deadline is ended.
    let endsUnresponsiveApp: Bool

    init(budget: Duration, endsUnresponsiveApp: Bool) {
        self.instant = ContinuousClock.now + budget
        self.budget = budget
        self.endsUnresponsiveApp = endsUnresponsiveApp
    }

    var hasPassed: Bool { ContinuousClock.now >= instant }
}
