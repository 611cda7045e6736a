import Foundation

/// Apple's initialisers of the triggers that remind of a task, and of the
/// range of dates a time trigger or a snooze names. The classes themselves
/// are generated with the system intents (custom types: `INObject`s, where
/// Apple's are plain objects).
extension INDateComponentsRange {
    /// A range of dates; either end may be open.
    ///
    /// - Parameters:
    ///   - startDateComponents: Where it starts.
    ///   - endDateComponents: Where it ends.
    public convenience init(start startDateComponents: DateComponents?, end endDateComponents: DateComponents?) {
        let ends = [startDateComponents, endDateComponents].map { $0.map(ISO8601DateComponents.string(from:)) ?? "" }
        self.init(identifier: nil, display: ends.joined(separator: "–"), pronunciationHint: nil)
        self.startDateComponents = startDateComponents
        self.endDateComponents = endDateComponents
    }
}

extension INTemporalEventTrigger {
    /// A reminder at a time.
    ///
    /// - Parameter dateComponentsRange: When.
    public convenience init(dateComponentsRange: INDateComponentsRange) {
        self.init(identifier: nil, display: dateComponentsRange.displayString, pronunciationHint: nil)
        self.dateComponentsRange = dateComponentsRange
    }
}

extension INSpatialEventTrigger {
    /// A reminder on arriving at or leaving a place.
    ///
    /// - Parameters:
    ///   - placemark: The place.
    ///   - event: Arriving or leaving.
    public convenience init(placemark: CLPlacemark, event: INSpatialEvent) {
        self.init(identifier: nil, display: placemark.displayString, pronunciationHint: nil)
        self.placemark = placemark
        self.event = event
    }
}
