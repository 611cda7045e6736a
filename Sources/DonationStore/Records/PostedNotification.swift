import Foundation
import GRDB

/// A notification an app or its extension posted
/// (`UNUserNotificationCenter.add`), as the system's notification log keeps
/// it. A Linux stand-in for what iOS shows as a banner and keeps in
/// Notification Center: `exthost notifications` reads the log, and
/// `--follow` prints each one as it is posted.
public struct PostedNotification: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    /// The log's order: larger is posted later. A notification that replaces
    /// another takes a new sequence, as iOS presents it again.
    public var sequence: Int64?
    /// The app that posted it (an extension posts in its app's name).
    public var app: String
    /// `UNNotificationRequest.identifier`: unique per app; posting the same
    /// identifier again replaces the notification.
    public var identifier: String
    public var title: String
    public var subtitle: String
    public var body: String
    /// `UNNotificationContent.threadIdentifier`, for grouping; may be empty.
    public var threadIdentifier: String
    /// When it was posted.
    public var postedAt: Date

    public static let databaseTableName = "notification"
    // Seconds since 1970, as the donations' dates.
    public static let databaseDateEncodingStrategy = DatabaseDateEncodingStrategy.timeIntervalSince1970
    public static let databaseDateDecodingStrategy = DatabaseDateDecodingStrategy.timeIntervalSince1970

    public init(app: String, identifier: String, title: String = "", subtitle: String = "", body: String = "",
                threadIdentifier: String = "", postedAt: Date = Date()) {
        self.app = app
        self.identifier = identifier
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.threadIdentifier = threadIdentifier
        self.postedAt = postedAt
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        sequence = inserted.rowID
    }

    /// The notification as one line of text: `title — subtitle: body`, the
    /// parts it has.
    public var summary: String {
        let heading = [title, subtitle].filter { !$0.isEmpty }.joined(separator: " — ")
        if heading.isEmpty { return body }
        return body.isEmpty ? heading : "\(heading): \(body)"
    }

    /// The notification for `--json` output.
    public var jsonObject: [String: Any] {
        var object: [String: Any] = ["sequence": sequence ?? 0, "app": app, "identifier": identifier,
                                     "title": title, "body": body,
                                     "postedAt": ISO8601DateFormatter().string(from: postedAt)]
        if !subtitle.isEmpty { object["subtitle"] = subtitle }
        if !threadIdentifier.isEmpty { object["threadIdentifier"] = threadIdentifier }
        return object
    }
}
