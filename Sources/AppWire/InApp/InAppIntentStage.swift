/// One stage of an intent's conversation.
public enum InAppIntentStage: Codable, Hashable, Sendable {
    /// Resolve one parameter (the engine asks in the definition's order).
    case resolve(parameter: String)
    /// Confirm the intent before handling it.
    case confirm
    /// Handle the intent.
    case handle
}
