import Foundation

/// A stopwatch or timer measuring study of one material: what the extension
/// starts by voice and the app shows.
public struct StudyMeasurement: Codable, Equatable, Sendable {
    /// How the time is measured.
    public enum Kind: String, Codable, Sendable {
        /// Counts up until finished.
        case stopwatch
        /// Counts down from ``StudyMeasurement/timerMinutes``.
        case timer
    }

    public var kind: Kind
    public var materialIdentifier: String?
    public var materialName: String
    /// The timer's length; nil for a stopwatch.
    public var timerMinutes: Int?
    /// When it started (seconds since 1970).
    public var startedAt: Double
    /// Since when it has been running; nil while paused.
    public var runningSince: Double?
    /// Seconds measured before the last pause.
    public var accumulatedSeconds: Double

    public init(kind: Kind, materialIdentifier: String?, materialName: String, timerMinutes: Int? = nil, now: Double) {
        self.kind = kind
        self.materialIdentifier = materialIdentifier
        self.materialName = materialName
        self.timerMinutes = timerMinutes
        self.startedAt = now
        self.runningSince = now
        self.accumulatedSeconds = 0
    }

    /// Whether it is paused.
    public var isPaused: Bool { runningSince == nil }

    /// Seconds measured at `now` (a timer stops at its length).
    public func elapsedSeconds(at now: Double) -> Double {
        let total = accumulatedSeconds + (runningSince.map { max(0, now - $0) } ?? 0)
        if let timerMinutes { return min(total, Double(timerMinutes) * 60) }
        return total
    }

    /// Whole minutes measured at `now`, rounded down.
    public func elapsedMinutes(at now: Double) -> Int {
        Int(elapsedSeconds(at: now) / 60)
    }

    /// The minutes a record of this measurement gets: rounded to the
    /// nearest minute, at least one.
    public func recordedMinutes(at now: Double) -> Int {
        max(1, Int((elapsedSeconds(at: now) / 60).rounded()))
    }

    /// Pauses at `now`.
    public mutating func pause(at now: Double) {
        guard let since = runningSince else { return }
        accumulatedSeconds += max(0, now - since)
        runningSince = nil
    }

    /// Resumes at `now`.
    public mutating func resume(at now: Double) {
        guard runningSince == nil else { return }
        runningSince = now
    }

    /// How it reads: `stopwatch running`, `timer paused, 20 minutes left`.
    public func status(at now: Double) -> String {
        let state = isPaused ? "paused" : "running"
        guard kind == .timer, let timerMinutes else { return "stopwatch \(state)" }
        let left = max(0, Int((Double(timerMinutes) * 60 - elapsedSeconds(at: now)) / 60 + 0.999))
        return left == 0 ? "timer finished" : "timer \(state), \(left) minute\(left == 1 ? "" : "s") left"
    }
}
