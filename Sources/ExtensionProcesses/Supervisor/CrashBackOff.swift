import Foundation

/// When an extension whose processes keep failing is disabled, and until
/// when: ``crashLimit`` failures within ``window`` seconds disable it for
/// ``firstBackOff`` seconds, doubled each time it is disabled again, up to
/// ``longestBackOff``. A new `.so` (another size, modification time or
/// inode) starts it afresh. A failure is a process that crashed, exited or
/// reached its memory limit mid-request, and one killed because a stage
/// missed its deadline or it broke the protocol.
///
/// Rationale: one crash is a fault of one request (the next gets a fresh
/// process, as iOS relaunches an extension); three within a minute mean
/// every request will crash and each costs a process launch, so the system
/// stops trying for a while, as launchd throttles a job that keeps exiting.
/// A hang counts too, as iOS counts its watchdog's terminations: an
/// extension that hangs at every request costs each client the whole
/// deadline and a process launch.
public struct CrashBackOff: Sendable {
    /// Crashes within ``window`` that disable the extension.
    public static let crashLimit = 3
    /// Seconds the crashes are counted over.
    public static let window: Double = 60
    /// Seconds the first time it is disabled.
    public static let firstBackOff: Double = 30
    /// The longest it is disabled for at once.
    public static let longestBackOff: Double = 3_600

    /// Wall-clock times of the crashes within the window.
    private var crashes: [Date] = []
    /// How long the next disabling lasts.
    private var nextBackOff = CrashBackOff.firstBackOff
    /// Until when it is disabled, and the crash that disabled it.
    public private(set) var disabled: (until: Date, lastCrash: String)?

    public init() {}

    /// Counts a crash; disables the extension at the limit.
    ///
    /// - Returns: Whether this crash disabled it.
    public mutating func record(_ crash: String, at now: Date = Date()) -> Bool {
        crashes = crashes.filter { now.timeIntervalSince($0) < Self.window } + [now]
        guard crashes.count >= Self.crashLimit else { return false }
        disabled = (now.addingTimeInterval(nextBackOff), crash)
        nextBackOff = min(nextBackOff * 2, Self.longestBackOff)
        crashes = []
        return true
    }

    /// Until when it is disabled and why, nil when it is enabled (again).
    public mutating func disabledNow(at now: Date = Date()) -> (until: Date, lastCrash: String)? {
        if let disabled, disabled.until <= now { self.disabled = nil }
        return disabled
    }
}
