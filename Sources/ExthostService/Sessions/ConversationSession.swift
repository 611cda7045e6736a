import ExthostPosix
import Foundation
import IntentConversation
import NIOCore
import RequestWire

/// One conversation held by the service, under an identifier a client can
/// come back with.
///
/// The conversation runs on a thread of its own (the engine and plugins
/// block). When it asks a question, the session sends it to its client and
/// waits; an answer continues it where it stopped. A client that has no
/// answer now gets the result so far (`open`), and the session waits, until
/// its expiry, for an answer from any connection.
///
/// Thread safety: every method may be called from any thread; the state is
/// guarded by one condition variable.
final class ConversationSession: @unchecked Sendable {
    /// What the connection asked of a waiting session.
    enum Delivery {
        /// The answer to the open question.
        case answer(String)
        /// No answer now: send the result so far and wait.
        case noAnswer
        /// Ask the open question again (a client took the session up).
        case resume
    }

    /// The session's identifier, as clients name it.
    let identifier: String
    /// The intent asked for, for logs and errors.
    let intent: String
    /// How long a session waits for an answer, in seconds.
    let expiry: Double
    /// How problems are shown to the client.
    let renderer: any ConversationRendering
    /// What the client that started the session prints of a result.
    private let startedForm: ResultForm
    /// The client that started the session.
    private let starter: ClientLink
    /// Whether another client has taken the session up since.
    private var takenUp = false

    private let condition = NSCondition()
    private var client: ClientLink?
    private var waiting = false
    private var delivery: Delivery?
    private var ended = false
    private var endedBy: ServiceProblem?
    private var expiresAt: UInt64 = 0
    /// The question the session waits on, while it waits.
    private var openQuestion: Question?

    init(identifier: String, intent: String, expiry: Double, renderer: any ConversationRendering, form: ResultForm = .both, client: ClientLink) {
        self.startedForm = form
        self.starter = client
        self.identifier = identifier
        self.intent = intent
        self.expiry = expiry
        self.renderer = renderer
        self.client = client
    }

    // MARK: - From connections

    /// Gives the waiting conversation what a client sent, and makes that
    /// client the one the session talks to from now on.
    ///
    /// - Throws: ``ServiceProblem`` when the session is over (`sessionExpired`,
    ///   `sessionCancelled`, `shuttingDown`, `unknownSession`) or not waiting
    ///   for an answer (`sessionBusy`).
    func deliver(_ delivery: Delivery, from link: ClientLink) throws(ServiceProblem) {
        condition.lock()
        defer { condition.unlock() }
        if let endedBy { throw endedBy }
        if ended {
            throw ServiceProblem(.unknownSession, "session \(identifier) has already ended; start a new request")
        }
        guard waiting, self.delivery == nil else {
            throw ServiceProblem(.sessionBusy, "session \(identifier) is not waiting for an answer now (\(intent) is in a stage): wait for its question")
        }
        client = link
        if link !== starter { takenUp = true }
        self.delivery = delivery
        condition.broadcast()
    }

    /// What the session's client prints of a result, so only that is
    /// rendered: the form the starting client asked for, both once
    /// another client took the session up (`exthost session continue
    /// --json` of a run that printed lines).
    var form: ResultForm {
        condition.lock()
        defer { condition.unlock() }
        return takenUp ? .both : startedForm
    }

    /// Ends the session early: the conversation gets no answer and its result
    /// is dropped.
    ///
    /// - Parameter problem: Why (`sessionCancelled`, `shuttingDown`).
    /// - Returns: The client to tell, or nil when the session was over already.
    func end(_ problem: ServiceProblem) -> ClientLink? {
        condition.lock()
        guard endedBy == nil, !ended else {
            condition.unlock()
            return nil
        }
        endedBy = problem
        condition.broadcast()
        let told = client
        client = nil
        condition.unlock()
        // After endedBy is set: the stage a run did not call is asked
        // about again, and stops.
        interruption.interrupt()
        return told
    }

    /// Interrupted when the session ends early: a run in its extension
    /// process's hands then calls neither `confirm` nor `handle`.
    let interruption = RunInterruption()

    /// Forgets a client that went away; the session waits for another.
    func detach(_ channel: any Channel) {
        condition.lock()
        if client?.isLink(of: channel) == true { client = nil }
        condition.unlock()
    }

    /// Why the session ended early (expired, cancelled, shut down), if it did.
    var endedProblem: ServiceProblem? {
        condition.lock()
        defer { condition.unlock() }
        return endedBy
    }

    /// Whether the conversation's thread has finished.
    var isFinished: Bool {
        condition.lock()
        defer { condition.unlock() }
        return ended
    }

    // MARK: - From the conversation's thread

    /// Sends a line the system says to the client.
    func say(_ line: String) {
        condition.lock()
        client?.send(.said(session: identifier, line: line))
        condition.unlock()
    }

    /// Asks the client and waits for its answer.
    ///
    /// - Returns: The answer, or nil when the client has none now (the
    ///   engine then calls ``suspend(_:pending:)``) or the session ended.
    func ask(_ question: Question) -> String? {
        condition.lock()
        defer { condition.unlock() }
        guard endedBy == nil else { return nil }
        send(question)
        return waitForAnswer(question, pending: nil)
    }

    /// Sends the result so far and keeps the conversation waiting for an
    /// answer, from any connection, until the session expires.
    ///
    /// - Returns: The answer, or nil when the session expired or ended.
    func suspend(_ question: Question, pending: RenderedConversation) -> String? {
        condition.lock()
        defer { condition.unlock() }
        guard endedBy == nil else { return nil }
        sendOpen(pending)
        return waitForAnswer(question, pending: pending)
    }

    /// The conversation is over: sends its result (or problem) to the
    /// client, unless the session ended early.
    func finish(_ message: ServiceMessage) {
        condition.lock()
        defer { condition.unlock() }
        ended = true
        if endedBy == nil { client?.send(message) }
        client = nil
        condition.broadcast()
    }

    /// What `session list` shows of the session now.
    var summary: SessionSummary {
        condition.lock()
        defer { condition.unlock() }
        return SessionSummary(identifier: identifier, intent: intent, question: openQuestion?.prompt,
                              expiresInSeconds: openQuestion == nil ? nil : remainingSeconds, attached: client != nil)
    }

    /// Waits for the session's thread to finish, until `deadline` (monotonic ns).
    func waitUntilFinished(deadline: UInt64) {
        condition.lock()
        defer { condition.unlock() }
        while !ended {
            let now = Posix.monotonicNanoseconds()
            guard now < deadline else { return }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(deadline - now) / 1e9))
        }
    }

    // MARK: - Waiting (the lock is held)

    private func send(_ question: Question) {
        expiresAt = Posix.deadline(after: expiry)
        client?.send(.question(session: identifier, question: question, expiresInSeconds: expiry))
    }

    private func sendOpen(_ pending: RenderedConversation) {
        client?.send(.result(session: identifier, rendered: pending, open: true, expiresInSeconds: remainingSeconds))
        client = nil
    }

    private var remainingSeconds: Double {
        let now = Posix.monotonicNanoseconds()
        return expiresAt > now ? Double(expiresAt - now) / 1e9 : 0
    }

    private func waitForAnswer(_ question: Question, pending: RenderedConversation?) -> String? {
        waiting = true
        openQuestion = question
        defer {
            waiting = false
            openQuestion = nil
        }
        while true {
            while delivery == nil, endedBy == nil {
                let now = Posix.monotonicNanoseconds()
                if now >= expiresAt {
                    let expired = ServiceProblem(
                        .sessionExpired,
                        "session \(identifier) (\(intent)) expired: no answer to “\(question.prompt)” within \(String(format: "%g", expiry)) s; run the request again"
                    )
                    endedBy = expired
                    client?.send(.error(session: identifier, problem: expired, rendered: renderer.render(expired, intent: intent)))
                    client = nil
                    break
                }
                _ = condition.wait(until: Date(timeIntervalSinceNow: Double(expiresAt - now) / 1e9))
            }
            guard endedBy == nil, let taken = delivery else { return nil }
            delivery = nil
            switch taken {
            case .answer(let text):
                return text
            case .resume:
                send(question)
            case .noAnswer:
                guard let pending else { return nil }
                sendOpen(pending)
            }
        }
    }
}
