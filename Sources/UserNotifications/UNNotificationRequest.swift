import Foundation

/// A notification to post (`UNNotificationRequest`).
open class UNNotificationRequest: NSObject, @unchecked Sendable {
    /// Unique per app: posting a request with the identifier of an earlier
    /// one replaces it.
    public let identifier: String
    /// What it says.
    public let content: UNNotificationContent
    /// When to deliver it; only `nil` (at once) is supported.
    public let trigger: UNNotificationTrigger?

    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
    }
}

/// When a notification is delivered (`UNNotificationTrigger`).
///
/// exthost delivers every notification when it is posted: time, calendar and
/// location triggers are not offered, so code that schedules one does not
/// build rather than deliver at the wrong time.
open class UNNotificationTrigger: NSObject, @unchecked Sendable {
    /// Whether the notification repeats.
    public let repeats: Bool

    init(repeats: Bool) {
        self.repeats = repeats
    }
}
