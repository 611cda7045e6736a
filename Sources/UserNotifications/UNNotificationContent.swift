import Foundation

/// What a notification says (`UNNotificationContent` on iOS): read-only;
/// make one with ``UNMutableNotificationContent``.
///
/// What crosses to the system: `title`, `subtitle`, `body` and
/// `threadIdentifier`. `userInfo`, `badge`, `sound` and
/// `categoryIdentifier` are kept on the object, for code that sets them,
/// but the notification log has no use for them and does not keep them.
open class UNNotificationContent: NSObject, @unchecked Sendable {
    fileprivate var storedTitle = ""
    fileprivate var storedSubtitle = ""
    fileprivate var storedBody = ""
    fileprivate var storedThreadIdentifier = ""
    fileprivate var storedCategoryIdentifier = ""
    fileprivate var storedUserInfo: [AnyHashable: Any] = [:]
    fileprivate var storedBadge: NSNumber?
    fileprivate var storedSound: UNNotificationSound?

    public override init() {}

    /// The headline.
    open var title: String { storedTitle }
    /// A second line under the title.
    open var subtitle: String { storedSubtitle }
    /// The message.
    open var body: String { storedBody }
    /// Groups notifications of one conversation or task.
    open var threadIdentifier: String { storedThreadIdentifier }
    /// The app's category for actions (not used by the log).
    open var categoryIdentifier: String { storedCategoryIdentifier }
    /// The app's own values (not kept by the log).
    open var userInfo: [AnyHashable: Any] { storedUserInfo }
    /// The number for the app's icon (not used on Linux).
    open var badge: NSNumber? { storedBadge }
    /// The sound (not played on Linux).
    open var sound: UNNotificationSound? { storedSound }

    /// Whether there is anything for the person to read.
    var hasText: Bool { !title.isEmpty || !body.isEmpty }
}

/// Content to fill in (`UNMutableNotificationContent`).
open class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
    open override var title: String {
        get { storedTitle }
        set { storedTitle = newValue }
    }
    open override var subtitle: String {
        get { storedSubtitle }
        set { storedSubtitle = newValue }
    }
    open override var body: String {
        get { storedBody }
        set { storedBody = newValue }
    }
    open override var threadIdentifier: String {
        get { storedThreadIdentifier }
        set { storedThreadIdentifier = newValue }
    }
    open override var categoryIdentifier: String {
        get { storedCategoryIdentifier }
        set { storedCategoryIdentifier = newValue }
    }
    open override var userInfo: [AnyHashable: Any] {
        get { storedUserInfo }
        set { storedUserInfo = newValue }
    }
    open override var badge: NSNumber? {
        get { storedBadge }
        set { storedBadge = newValue }
    }
    open override var sound: UNNotificationSound? {
        get { storedSound }
        set { storedSound = newValue }
    }
}

/// A notification's sound (`UNNotificationSound`): accepted, not played.
open class UNNotificationSound: NSObject, @unchecked Sendable {
    /// The system's default sound.
    public static let `default` = UNNotificationSound()
}
