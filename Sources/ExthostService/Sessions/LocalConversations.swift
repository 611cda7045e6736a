import Foundation
import IntentConversation
import NIOCore
import NIOPosix
import RequestWire

/// Conversations held for code inside the service process, as a socket
/// client holds them but without a connection: the session table's
/// messages are taken as they are, not encoded and read back. What the
/// service's `command` handler (``ServiceCommanding``) converses through.
public struct LocalConversations: Sendable {
    let sessions: SessionTable
    let renderer: any ConversationRendering

    /// Starts `request` as a session and holds it to its end, as
    /// `ServiceClient.converse` does over a socket: what the system says
    /// goes to `prompter`, and `prompter` answers each question (nil: no
    /// answer now, so the session answers with the result so far and stays
    /// open).
    ///
    /// - Parameter form: What the caller prints of the result: only that is rendered.
    /// - Returns: The ending message: `result` or `error`.
    public func converse(_ request: IntentRequest, deadline: Double?, form: ResultForm = .both, prompter: any ConversationPrompter) -> ServiceMessage {
        let inbox = Inbox()
        let eventLoop = MultiThreadedEventLoopGroup.singleton.any()
        let link = ClientLink(sink: { message in
            inbox.put(message)
            return eventLoop.makeSucceededVoidFuture()
        })
        do throws(ServiceProblem) {
            try sessions.start(request, deadline: deadline, form: form, client: link)
        } catch {
            return .error(session: nil, problem: error, rendered: renderer.render(error, intent: request.intent))
        }
        while true {
            let message = inbox.take()
            switch message {
            case .said(_, let line):
                prompter.say(line)
            case .question(let session, let question, _):
                let answer = prompter.answer(question)
                do throws(ServiceProblem) {
                    try sessions.session(session).deliver(answer.map { .answer($0) } ?? .noAnswer, from: link)
                } catch {
                    return .error(session: session, problem: error, rendered: renderer.render(error, intent: request.intent))
                }
            default:
                return message
            }
        }
    }

    /// The messages of one session, from its thread to the one holding it.
    private final class Inbox: @unchecked Sendable {
        private let condition = NSCondition()
        private var messages: [ServiceMessage] = []

        func put(_ message: ServiceMessage) {
            condition.lock()
            messages.append(message)
            condition.signal()
            condition.unlock()
        }

        func take() -> ServiceMessage {
            condition.lock()
            defer { condition.unlock() }
            while messages.isEmpty { condition.wait() }
            return messages.removeFirst()
        }
    }
}
