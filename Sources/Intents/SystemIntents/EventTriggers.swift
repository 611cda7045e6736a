import Foundation

/// Apple's initialisers of the triggers that remind of a task, of the
/// range of dates a time trigger or a snooze names, and of the range's
/// recurrence rule. The classes themselves are generated with the system
/// intents as plain objects, as Apple's are (``_ExthostPlainObject``): no
/// identifier, no display string; the display string each writes across
/// the ABI is only for the host's transcripts.
///
/// Not here: `EKRecurrenceRule` (EventKit), so neither
/// `init(ekRecurrenceRule:)` nor `ekRecurrenceRule()`; Linux has no EventKit.
extension INDateComponentsRange {
    /// A range of dates; either end may be open.
    ///
    /// - Parameters:
    ///   - startDateComponents: Where it starts.
    ///   - endDateComponents: Where it ends.
    public convenience init(start startDateComponents: DateComponents?, end endDateComponents: DateComponents?) {
        self.init(start: startDateComponents, end: endDateComponents, recurrenceRule: nil)
    }

    /// A range of dates that repeats (iOS 11).
    ///
    /// - Parameters:
    ///   - startDateComponents: Where it starts.
    ///   - endDateComponents: Where it ends.
    ///   - recurrenceRule: How it repeats, or `nil`.
    public convenience init(start startDateComponents: DateComponents?, end endDateComponents: DateComponents?, recurrenceRule: INRecurrenceRule?) {
        self.init()
        self.startDateComponents = startDateComponents
        self.endDateComponents = endDateComponents
        self.recurrenceRule = recurrenceRule
    }

    /// Its ends in ISO 8601 (an open end empty), and its rule: `2026-11-25T09:00–, weekly`.
    public var _exthostDisplayString: String {
        let ends = [startDateComponents, endDateComponents].map { $0.map(ISO8601DateComponents.string(from:)) ?? "" }
        return ends.joined(separator: "–") + (recurrenceRule.map { ", " + $0._exthostDisplayString } ?? "")
    }
}

extension INRecurrenceRule {
    /// A rule repeating every `interval` times `frequency` (iOS 11).
    ///
    /// - Parameters:
    ///   - interval: How many of `frequency` between two repetitions.
    ///   - frequency: The unit: daily, weekly, ….
    public convenience init(interval: Int, frequency: INRecurrenceFrequency) {
        self.init(interval: interval, frequency: frequency, weeklyRecurrenceDays: [])
    }

    /// A rule repeating every `interval` times `frequency`, on some days of
    /// the week (iOS 14).
    ///
    /// - Parameters:
    ///   - interval: How many of `frequency` between two repetitions.
    ///   - frequency: The unit: daily, weekly, ….
    ///   - weeklyRecurrenceDays: The days a weekly rule repeats on.
    public convenience init(interval: Int, frequency: INRecurrenceFrequency, weeklyRecurrenceDays: INDayOfWeekOptions = []) {
        self.init()
        self.interval = interval
        self.frequency = frequency
        self.weeklyRecurrenceDays = weeklyRecurrenceDays
    }

    /// `weekly`, `weekly (every 2)`, `weekly on monday, friday`.
    public var _exthostDisplayString: String {
        var text = String(describing: frequency)
        if interval > 1 { text += " (every \(interval))" }
        if !weeklyRecurrenceDays.isEmpty { text += " on " + weeklyRecurrenceDays._exthostNames.joined(separator: ", ") }
        return text
    }
}

extension INTemporalEventTrigger {
    /// A reminder at a time.
    ///
    /// - Parameter dateComponentsRange: When.
    public convenience init(dateComponentsRange: INDateComponentsRange) {
        self.init()
        self.dateComponentsRange = dateComponentsRange
    }

    /// Its range's.
    public var _exthostDisplayString: String { dateComponentsRange._exthostDisplayString }
}

extension INSpatialEventTrigger {
    /// A reminder on arriving at or leaving a place.
    ///
    /// - Parameters:
    ///   - placemark: The place.
    ///   - event: Arriving or leaving.
    public convenience init(placemark: CLPlacemark, event: INSpatialEvent) {
        self.init()
        self.placemark = placemark
        self.event = event
    }

    /// The place's.
    public var _exthostDisplayString: String { placemark.displayString }
}
