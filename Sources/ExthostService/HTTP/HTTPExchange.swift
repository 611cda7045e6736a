import Foundation
import NIOCore
import RequestWire
import Synchronization

/// One HTTP request that starts or continues a conversation, as the
/// session's client: gathers what the system says, and answers the request
/// once the conversation asks a question or ends.
///
/// At a question it answers the session "no answer now", as a socket client
/// answering `null`: the session then sends the result so far (`open`, the
/// `--json` object with its `question`) and waits, detached, for an answer
/// from a later request. So the response is always what `exthost run --json`
/// prints for the same request and answers.
///
/// Thread safety: the link's messages come from the conversation's thread.
final class HTTPExchange: Sendable {
    private let responder: HTTPResponder
    private let sessions: SessionTable
    private let api: HTTPAPI
    private let created: Bool
    private let state = Mutex<(said: [String], answered: Bool)>(([], false))

    /// - Parameter created: Whether the request started the conversation:
    ///   then a session left open is a resource it created (201, `Location`).
    init(responder: HTTPResponder, sessions: SessionTable, api: HTTPAPI, created: Bool) {
        self.created = created
        self.responder = responder
        self.sessions = sessions
        self.api = api
    }

    /// The exchange as a session's client.
    var link: ClientLink {
        ClientLink(sink: { [self] message in receive(message) })
    }

    private func receive(_ message: ServiceMessage) -> EventLoopFuture<Void> {
        switch message {
        case .said(_, let line):
            state.withLock { $0.said.append(line) }
            return responder.done
        case .question(let session, _, _):
            // The session's thread holds its lock until it waits for the
            // answer: deliver from another thread, which gets the lock then.
            let link = self.link
            let sessions = self.sessions
            DispatchQueue.global().async { [self] in
                do throws(ServiceProblem) {
                    try sessions.session(session).deliver(.noAnswer, from: link)
                } catch {
                    // It ended meanwhile (cancelled, shut down); whoever
                    // ended it told this client, unless it was none.
                    respond(api.problem(error, intent: nil, session: session))
                }
            }
            return responder.done
        case .result(let session, let rendered, let open, let expiry):
            var object: [String: Any] = ["session": session, "open": open, "report": rendered.report,
                                         "lines": rendered.lines, "exitStatus": rendered.exitStatus,
                                         "said": state.withLock { $0.said }]
            if let expiry { object["expiresInSeconds"] = expiry }
            if open && created {
                return respond(HTTPResponse(.created, json: object, headers: [("Location", "/v1/conversations/\(session)")]))
            }
            return respond(HTTPResponse(.ok, json: object))
        case .error(let session, let problem, let rendered):
            return respond(api.problem(problem, rendered: rendered, session: session))
        case .cancelled, .deviceLock, .extensions, .shortcuts, .sessions, .opened, .output, .exit, .declined:
            return responder.done
        }
    }

    /// Answers the request, once: a later message (the session's expiry
    /// after it was left open) has no request to go to.
    @discardableResult
    private func respond(_ response: HTTPResponse) -> EventLoopFuture<Void> {
        let first = state.withLock { state in
            defer { state.answered = true }
            return !state.answered
        }
        return first ? responder.respond(response) : responder.done
    }
}
