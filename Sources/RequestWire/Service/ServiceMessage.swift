import Foundation
import IntentConversation

/// A message the service sends to a client (`docs/service-protocol.md`).
public enum ServiceMessage {
    /// Something the system tells the user mid-conversation (an unsupported
    /// value's message): `{"type": "said", "session", "line"}`.
    case said(session: String, line: String)
    /// A question the session waits on: answer it with an `answer` message.
    /// `{"type": "question", "session", "question", "expiresInSeconds"}`.
    case question(session: String, question: Question, expiresInSeconds: Double)
    /// The conversation's result: `{"type": "result", "session", "open",
    /// "report", "lines", "exitStatus", "expiresInSeconds"}`. `open` is true
    /// when the session still waits on `report.question` (until it expires).
    case result(session: String, rendered: RenderedConversation, open: Bool, expiresInSeconds: Double?)
    /// A problem: `{"type": "error", "session"?, "problem", "message",
    /// "report", "exitStatus"}`; `report.error` has the iOS number when
    /// there is one. The session, if any, is over.
    case error(session: String?, problem: ServiceProblem, rendered: RenderedConversation)
    /// The session was cancelled as asked: `{"type": "cancelled", "session"}`.
    case cancelled(session: String)
    /// The device's lock state, after a `lock` or `unlock`:
    /// `{"type": "deviceLock", "locked"}`.
    case deviceLock(locked: Bool)
    /// The answer to `list`: `{"type": "extensions", "report", "lines",
    /// "exitStatus"}`, `report` being the object `exthost list --json` prints.
    case extensions(RenderedConversation)
    /// The answer to `shortcuts`: `{"type": "shortcuts", "report", "lines",
    /// "exitStatus"}`, `report` being the object `exthost shortcuts list
    /// --json` prints.
    case shortcuts(RenderedConversation)
    /// The answer to `sessions`: `{"type": "sessions", "sessions": [{"session",
    /// "intent", "waiting", "attached", "question"?, "expiresInSeconds"?}]}`.
    case sessions([SessionSummary])
    /// The answer to `open`: what `exthost open` prints, and whether it
    /// failed before reaching the app (then `lines` are error messages).
    case opened(RenderedConversation, failed: Bool)
    /// What a `command` wrote: `{"type": "output", "stream": 1 or 2, "text"}`.
    case output(CommandOutput)
    /// The end of a `command`: `{"type": "exit", "status"}`.
    case exit(status: Int32)
    /// A `command` the service did not run: `{"type": "declined", "reason"}`.
    case declined(reason: String)

    /// The message as a line of the protocol.
    public var line: Data {
        var object: [String: Any]
        switch self {
        case .said(let session, let line):
            object = ["type": "said", "session": session, "line": line]
        case .question(let session, let question, let expiry):
            object = ["type": "question", "session": session, "question": question.jsonObject, "expiresInSeconds": expiry]
        case .result(let session, let rendered, let open, let expiry):
            object = ["type": "result", "session": session, "open": open,
                      "report": rendered.report, "lines": rendered.lines, "exitStatus": rendered.exitStatus]
            if let expiry { object["expiresInSeconds"] = expiry }
        case .error(let session, let problem, let rendered):
            object = ["type": "error", "problem": problem.kind.rawValue, "message": problem.message,
                      "report": rendered.report, "lines": rendered.lines, "exitStatus": rendered.exitStatus]
            if let session { object["session"] = session }
        case .cancelled(let session):
            object = ["type": "cancelled", "session": session]
        case .deviceLock(let locked):
            object = ["type": "deviceLock", "locked": locked]
        case .extensions(let rendered):
            object = ["type": "extensions", "report": rendered.report, "lines": rendered.lines, "exitStatus": rendered.exitStatus]
        case .shortcuts(let rendered):
            object = ["type": "shortcuts", "report": rendered.report, "lines": rendered.lines, "exitStatus": rendered.exitStatus]
        case .sessions(let sessions):
            object = ["type": "sessions", "sessions": sessions.map(\.jsonObject)]
        case .opened(let rendered, let failed):
            object = ["type": "opened", "failed": failed, "report": rendered.report, "lines": rendered.lines, "exitStatus": rendered.exitStatus]
        case .output(let output):
            object = ["type": "output", "stream": output.stream, "text": output.text]
        case .exit(let status):
            object = ["type": "exit", "status": status]
        case .declined(let reason):
            object = ["type": "declined", "reason": reason]
        }
        return ServiceProtocol.line(object)
    }

    /// Reads a line the service sent.
    ///
    /// - Parameter line: The line, without its newline.
    /// - Returns: The message.
    /// - Throws: ``ServiceProblem`` `badMessage` for a line that is not one.
    public static func parse(_ line: Data) throws(ServiceProblem) -> ServiceMessage {
        guard let object = ServiceProtocol.object(line), let type = object["type"] as? String else {
            throw ServiceProblem(.badMessage, "the service sent a line that is not a message: \(String(decoding: line.prefix(200), as: UTF8.self))")
        }
        let session = object["session"] as? String ?? ""
        func rendered() -> RenderedConversation {
            RenderedConversation(report: object["report"] as? [String: Any] ?? [:], lines: object["lines"] as? [String] ?? [],
                                 exitStatus: Int32(object["exitStatus"] as? Int ?? 1))
        }
        switch type {
        case "said":
            return .said(session: session, line: object["line"] as? String ?? "")
        case "question":
            guard let question = (object["question"] as? [String: Any]).flatMap(Question.init(jsonObject:)) else {
                throw ServiceProblem(.badMessage, "the service sent a question without a question")
            }
            return .question(session: session, question: question, expiresInSeconds: object["expiresInSeconds"] as? Double ?? 0)
        case "result":
            return .result(session: session, rendered: rendered(), open: object["open"] as? Bool ?? false,
                           expiresInSeconds: object["expiresInSeconds"] as? Double)
        case "error":
            let kind = (object["problem"] as? String).flatMap(ServiceProblem.Kind.init(rawValue:)) ?? .badMessage
            return .error(session: object["session"] as? String, problem: ServiceProblem(kind, object["message"] as? String ?? ""), rendered: rendered())
        case "cancelled":
            return .cancelled(session: session)
        case "deviceLock":
            return .deviceLock(locked: object["locked"] as? Bool ?? false)
        case "extensions":
            return .extensions(rendered())
        case "shortcuts":
            return .shortcuts(rendered())
        case "sessions":
            let entries = object["sessions"] as? [[String: Any]] ?? []
            return .sessions(entries.compactMap(SessionSummary.init(jsonObject:)))
        case "opened":
            return .opened(rendered(), failed: object["failed"] as? Bool ?? false)
        case "output":
            return .output(CommandOutput(stream: Int32(object["stream"] as? Int ?? 1), text: object["text"] as? String ?? ""))
        case "exit":
            return .exit(status: Int32(object["status"] as? Int ?? 1))
        case "declined":
            return .declined(reason: object["reason"] as? String ?? "")
        default:
            throw ServiceProblem(.badMessage, "the service sent a message of unknown type \"\(type)\": update the client")
        }
    }
}
