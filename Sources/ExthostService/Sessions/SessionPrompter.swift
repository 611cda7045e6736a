import IntentConversation

/// The prompter of a conversation held by the service: answers the request
/// came with first, then the session's client, which may answer later
/// (``SuspendingPrompter``).
final class SessionPrompter: SuspendingPrompter {
    private let scripted: ScriptedPrompter
    private let session: ConversationSession

    /// - Parameters:
    ///   - answers: The request's own answers (an intent file's `answers`), used first.
    ///   - session: The session whose client is asked.
    init(answers: [String: [String]], session: ConversationSession) {
        self.scripted = ScriptedPrompter(answers: answers)
        self.session = session
    }

    func answer(_ question: Question) -> String? {
        scripted.answer(question) ?? session.ask(question)
    }

    func say(_ line: String) {
        session.say(line)
    }

    func suspend(_ question: Question, pending: ConversationResult) -> String? {
        session.suspend(question, pending: session.renderer.render(pending, form: session.form))
    }
}
