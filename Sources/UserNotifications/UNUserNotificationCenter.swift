import ExthostABI
import Foundation
import Intents

/// Posts notifications to the system (`UNUserNotificationCenter`).
///
/// On Linux there is no banner: each notification goes into the system's
/// notification log at once, in the name of the app (an extension posts in
/// its app's name, as on iOS), where `exthost notifications` shows it and
/// `exthost notifications --follow` prints it as it arrives. It works in an
/// extension started by exthost and in an app connected with
/// `IntentsConnection.connect(app:)`.
open class UNUserNotificationCenter: NSObject, @unchecked Sendable {
    private static let shared = UNUserNotificationCenter()

    /// The app's (or extension's) center.
    open class func current() -> UNUserNotificationCenter { shared }

    override private init() {}

    /// Asks to post notifications. There is no one to ask on Linux: always
    /// granted, with no error.
    open func requestAuthorization(options: UNAuthorizationOptions = [],
                                   completionHandler: @escaping (Bool, Error?) -> Void) {
        completionHandler(true, nil)
    }

    /// ``requestAuthorization(options:completionHandler:)`` for `async` code.
    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        true
    }

    /// Posts a notification, delivered at once.
    ///
    /// - Parameters:
    ///   - request: The notification; its `trigger` must be `nil`.
    ///   - completionHandler: Called once, before this returns, with `nil`
    ///     or a ``UNError``: `notificationInvalidNoContent` for neither
    ///     title nor body, `notificationsNotAllowed` with the system's reason.
    open func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: ((Error?) -> Void)? = nil) {
        completionHandler?(post(request))
    }

    /// ``add(_:withCompletionHandler:)`` for `async` code.
    open func add(_ request: UNNotificationRequest) async throws {
        if let error = post(request) { throw error }
    }

    private func post(_ request: UNNotificationRequest) -> UNError? {
        let content = request.content
        guard content.hasText else {
            return UNError(.notificationInvalidNoContent, "the notification \(request.identifier) has neither a title nor a body")
        }
        let fields: [String: Any] = ["identifier": request.identifier, "title": content.title, "subtitle": content.subtitle,
                                     "body": content.body, "threadIdentifier": content.threadIdentifier]
        guard let failure = ExtensionHost.donations(.postNotification, fields) else { return nil }
        return UNError(.notificationsNotAllowed, "the system did not take the notification \(request.identifier): \(failure.message)")
    }
}

/// What an app asks to be allowed (`UNAuthorizationOptions`).
public struct UNAuthorizationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
    public static let carPlay = UNAuthorizationOptions(rawValue: 1 << 3)
    public static let criticalAlert = UNAuthorizationOptions(rawValue: 1 << 4)
    public static let providesAppNotificationSettings = UNAuthorizationOptions(rawValue: 1 << 5)
    public static let provisional = UNAuthorizationOptions(rawValue: 1 << 6)
}
