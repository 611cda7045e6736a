/// What the app answered for one stage.
public enum InAppStageReply: Codable, Hashable, Sendable {
    /// The answer to `resolve`.
    case resolution(InAppResolution)
    /// The answer to `confirm` or `handle`.
    case response(InAppIntentResponse)
    /// `application(_:handlerFor:)` returned nil for this intent.
    case noHandler
}
