/// Error numbers as the Intents framework numbers them (`INIntentErrorCode`),
/// so that a failure here reads like the same failure on iOS.
public enum IntentsErrorCode: Int, Codable, Sendable, CaseIterable {
    /// Two or more extensions claim the intent.
    case intentSupportedByMultipleExtensions = 2001
    /// The intent is restricted while locked but the extension does not support it.
    case restrictedIntentsNotSupportedByExtension = 2002
    /// `handler(for:)` gave no handler for the intent.
    case noHandlerProvidedForIntent = 2003
    /// No extension or app knows an intent of that name.
    case invalidIntentName = 2004
    /// No app is available to continue the request.
    case noAppAvailable = 2005
    /// A stage did not complete before its deadline.
    case requestTimedOut = 3001
    /// The extension did not finish launching before the deadline.
    case extensionLaunchingTimeout = 5000
    /// The extension failed to start.
    case extensionBringUpFailed = 5001

    /// The name Apple gives the code, e.g. `INIntentErrorRequestTimedOut`.
    public var name: String {
        switch self {
        case .intentSupportedByMultipleExtensions: "INIntentErrorIntentSupportedByMultipleExtension"
        case .restrictedIntentsNotSupportedByExtension: "INIntentErrorRestrictedIntentsNotSupportedByExtension"
        case .noHandlerProvidedForIntent: "INIntentErrorNoHandlerProvidedForIntent"
        case .invalidIntentName: "INIntentErrorInvalidIntentName"
        case .noAppAvailable: "INIntentErrorNoAppAvailable"
        case .requestTimedOut: "INIntentErrorRequestTimedOut"
        case .extensionLaunchingTimeout: "INIntentErrorExtensionLaunchingTimeout"
        case .extensionBringUpFailed: "INIntentErrorExtensionBringUpFailed"
        }
    }
}

/// A failure of the system side, numbered as on iOS, with what to do about it.
public struct IntentsError: Error, CustomStringConvertible, Sendable {
    public var code: IntentsErrorCode
    /// What failed, naming the intent, extension or file.
    public var message: String

    public init(_ code: IntentsErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "error \(code.rawValue) (\(code.name)): \(message)" }
}
