/// A prompter that can keep a conversation open while its answer is not
/// there yet: a session in the service, which answers the client with the
/// result so far and continues when the answer comes, maybe from another
/// connection, minutes later.
///
/// Implementation requirements:
/// - ``ConversationPrompter/answer(_:)`` returns nil when no answer is at
///   hand now; the engine then calls ``suspend(_:pending:)`` on the same
///   thread.
/// - ``suspend(_:pending:)`` may block the conversation's thread for as long
///   as the session lives (its expiry); no stage deadline runs meanwhile: the
///   next stage's clock starts when the engine calls it.
public protocol SuspendingPrompter: ConversationPrompter {
    /// Waits for the answer to `question`.
    ///
    /// - Parameters:
    ///   - question: The question left open.
    ///   - pending: What the conversation would end with if it stopped
    ///     here: exactly what `ConversationEngine.run` returns for an
    ///     unanswered question.
    /// - Returns: The answer, or nil to end the conversation with `pending`
    ///   (the session expired or was cancelled).
    func suspend(_ question: Question, pending: ConversationResult) -> String?
}
