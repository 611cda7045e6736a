import Foundation

/// The domain of ``UNError``, as on iOS.
public let UNErrorDomain = "UNErrorDomain"

/// An error of the notification center, with the codes iOS uses.
public struct UNError: Error, CustomNSError, CustomStringConvertible, Sendable {
    /// `UNErrorCode`: the ones exthost gives.
    public enum Code: Int, Sendable {
        /// The system would not take the notification: this process was not
        /// started by exthost, or the system's store refused it (the
        /// message says why).
        case notificationsNotAllowed = 1
        /// Neither a title nor a body.
        case notificationInvalidNoContent = 1401
    }

    /// What went wrong.
    public let code: Code
    /// Why, in the system's words.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public static var errorDomain: String { UNErrorDomain }
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }
    public var description: String { "UNError \(code.rawValue): \(message)" }
}
