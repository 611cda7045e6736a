import Foundation

/// How a system type's `Date` property crosses the ABI: as date components
/// in UTC, to the second (`INMessage.dateSent` as `dateSentComponents`,
/// `INCallRecord.dateCreated` as `dateCreatedComponents`).
enum SystemDates {
    /// The components a date crosses as.
    static func components(_ date: Date?) -> DateComponents? {
        date.map { calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: $0) }
    }

    /// The date the components stand for.
    static func date(_ components: DateComponents?) -> Date? {
        components.flatMap { calendar.date(from: $0) }
    }

    private static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }
}
