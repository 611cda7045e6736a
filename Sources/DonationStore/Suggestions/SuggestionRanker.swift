import Foundation

/// A shortcut suggested to the user, with its score and why.
public struct Suggestion: Sendable {
    public var shortcut: Shortcut
    public var score: Double
    /// How many donations of it count (eligible, not failed, not deleted, not after the date).
    public var count: Int
    /// Its latest donation, if any.
    public var lastPerformed: Date?
    /// What contributed: `donations`, `shortcutSuggestion`, `upcomingMedia`, `relevantShortcut`.
    public var reasons: [String]

    /// The suggestion as JSON, for `--json` output.
    public var jsonObject: [String: Any] {
        var object: [String: Any] = ["shortcut": shortcut.jsonObject, "score": (score * 1000).rounded() / 1000,
                                     "count": count, "reasons": reasons]
        if let lastPerformed { object["lastPerformed"] = ISO8601DateFormatter().string(from: lastPerformed) }
        return object
    }
}

/// Ranks an app's shortcuts for suggestion. Deterministic: the same store and
/// date give the same list.
///
/// Each donation `d` of a shortcut performed at or before the date `now`
/// adds
///
///     recency(d) × timeOfDay(d)
///     recency(d)   = 2^(−age / 14 days)                         (1 today, ½ two weeks ago)
///     timeOfDay(d) = 1 + cos(2π × (hour(d) − hour(now)) / 24)   (2 at the same hour, 0 twelve hours away)
///
/// so frequency is the sum, recency halves it every two weeks and a shortcut
/// used around this time of day counts up to twice. Hours are local time
/// (the `TZ` of the process), with minutes as fractions. Then:
///
/// - a shortcut of the app's `setShortcutSuggestions` gets `+ 0.5` (so it is
///   listed even before it is donated);
/// - a relevant shortcut (`setRelevantShortcuts`) whose date relevance holds
///   at `now` gets `+ 4`; one without a date relevance gets `+ 0.5`.
/// - a media intent of the app's `INUpcomingMediaManager.setSuggestedMediaIntents`
///   gets `+ 0.5 + 0.5 × (n − i) / n`, the `i`-th (from 0) of the app's `n`:
///   `+ 1` for the first, so the app's order holds among them;
///
/// Left out: activities not eligible for prediction, interactions whose
/// request ended in an error response (handling status `failure`: the user
/// did not get what they asked for, so it is not something to suggest),
/// donations after `now` and (being gone from the store) deleted ones. Ties are broken by the latest
/// donation, then by the shortcut's key.
public enum SuggestionRanker {
    /// The half-life of a donation's weight.
    public static let halfLifeDays = 14.0

    /// Ranks shortcuts.
    ///
    /// - Parameters:
    ///   - donations: The app's donations.
    ///   - suggested: Its `setShortcutSuggestions`.
    ///   - relevant: Its `setRelevantShortcuts`.
    ///   - upcomingMedia: Its `INUpcomingMediaManager.setSuggestedMediaIntents`,
    ///     each app's most important first.
    ///   - now: The date suggestions are for.
    ///   - calendar: Gives the hour of day (local time by default).
    /// - Returns: Suggestions, best first.
    public static func rank(donations: [Donation], suggested: [Shortcut], relevant: [RelevantShortcut], upcomingMedia: [Shortcut] = [],
                            at now: Date, calendar: Calendar = .current) -> [Suggestion] {
        var byKey: [String: Suggestion] = [:]
        let nowHour = hourOfDay(now, calendar: calendar)
        for donation in donations where donation.eligibleForPrediction && !donation.failed && donation.startDate <= now {
            let key = donation.shortcut.key
            let ageDays = now.timeIntervalSince(donation.startDate) / 86_400
            let recency = pow(2, -ageDays / halfLifeDays)
            let hours = hourOfDay(donation.startDate, calendar: calendar) - nowHour
            let timeOfDay = 1 + cos(2 * Double.pi * hours / 24)
            var entry = byKey[key] ?? Suggestion(shortcut: donation.shortcut, score: 0, count: 0, lastPerformed: nil, reasons: ["donations"])
            entry.score += recency * timeOfDay
            entry.count += 1
            if entry.lastPerformed.map({ donation.startDate > $0 }) ?? true {
                entry.lastPerformed = donation.startDate
                entry.shortcut = donation.shortcut
            }
            byKey[key] = entry
        }
        for shortcut in suggested {
            var entry = byKey[shortcut.key] ?? Suggestion(shortcut: shortcut, score: 0, count: 0, lastPerformed: nil, reasons: [])
            entry.score += 0.5
            entry.reasons.append("shortcutSuggestion")
            byKey[shortcut.key] = entry
        }
        // Each app's list in its order: its first gets 1, its last just over 0.5.
        let mediaCounts = Dictionary(grouping: upcomingMedia, by: \.app).mapValues(\.count)
        var mediaPositions: [String: Int] = [:]
        for shortcut in upcomingMedia {
            let position = mediaPositions[shortcut.app, default: 0]
            mediaPositions[shortcut.app] = position + 1
            let count = Double(mediaCounts[shortcut.app] ?? 1)
            var entry = byKey[shortcut.key] ?? Suggestion(shortcut: shortcut, score: 0, count: 0, lastPerformed: nil, reasons: [])
            entry.score += 0.5 + 0.5 * (count - Double(position)) / count
            entry.reasons.append("upcomingMedia")
            byKey[shortcut.key] = entry
        }
        for item in relevant {
            var entry = byKey[item.shortcut.key] ?? Suggestion(shortcut: item.shortcut, score: 0, count: 0, lastPerformed: nil, reasons: [])
            if item.isRelevant(at: now) {
                entry.score += 4
                entry.reasons.append("relevantShortcut")
            } else if item.startDate == nil {
                entry.score += 0.5
                entry.reasons.append("relevantShortcut")
            } else {
                continue
            }
            byKey[item.shortcut.key] = entry
        }
        return byKey.values.sorted { a, b in
            if a.score != b.score { return a.score > b.score }
            let x = a.lastPerformed ?? .distantPast, y = b.lastPerformed ?? .distantPast
            if x != y { return x > y }
            return a.shortcut.key < b.shortcut.key
        }
    }

    static func hourOfDay(_ date: Date, calendar: Calendar) -> Double {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return Double(parts.hour ?? 0) + Double(parts.minute ?? 0) / 60
    }
}
