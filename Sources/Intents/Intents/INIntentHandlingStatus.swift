/// How far the handling of an intent got, as recorded in an `INInteraction`.
public enum INIntentHandlingStatus: Int, Sendable, Codable {
    /// Unknown.
    case unspecified = 0
    /// The extension is ready to handle the intent (`confirm` answered `ready`).
    case ready
    /// The extension is handling the intent.
    case inProgress
    /// The intent was handled.
    case success
    /// Handling failed.
    case failure
    /// The user continues in the app.
    case deferredToApplication
    /// The user must open the app to finish.
    case userConfirmationRequired
}
