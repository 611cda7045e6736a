import ArgumentParser
import ExthostPosix
import ExthostService
import Foundation
import IntentConversation
import RequestWire

/// What `exthost run --service` and `exthost session` share: a conversation
/// held by a running service, asked in this terminal, and printed exactly
/// as `exthost run` prints it in-process.
enum ServiceConversation {
    /// The end of an exchange with the service, as the command shows it.
    struct Ending {
        /// The rendered result or problem.
        var rendered: RenderedConversation
        /// Whether it is a problem (printed on standard error without `--json`).
        var isProblem: Bool
        /// The session left open at a question, if any, and for how long.
        var openSession: (identifier: String, expiresInSeconds: Double)?
        /// The socket to name when taking the session up: nil when it is the
        /// one `exthost session` finds by default.
        var sessionSocket: String?
    }

    /// Sends `message` to the service `options` name, started in the
    /// background when none runs there (unless `--no-start`), and holds the
    /// conversation, asking `prompter`.
    static func hold(_ message: ClientMessage, service options: ServiceClientOptions, prompter: any ConversationPrompter,
                     json: Bool, intent: String?) -> Ending {
        hold(message, at: options.socket, starting: !options.noStart, prompter: prompter, json: json, intent: intent)
    }

    /// Sends `message` to the service at `socket` (default: the service of
    /// the environment's folders, ``ServiceSocket``) and holds the
    /// conversation, asking `prompter`.
    ///
    /// - Parameter starting: Whether to start a service when none runs
    ///   there (``ServiceAutostart``), saying so on standard error.
    /// - Returns: How the exchange ended. Ends the process (status 4) when
    ///   no service runs there (or cannot be started) or the connection fails.
    static func hold(_ message: ClientMessage, at socket: String?, starting: Bool = false, prompter: any ConversationPrompter,
                     json: Bool, intent: String?) -> Ending {
        let client: ServiceClient
        do {
            client = try connect(to: socket ?? ServiceSocket.path(plugins: [], apps: []), starting: starting)
        } catch {
            fail(error, json: json, intent: intent)
        }
        return hold(message, through: client, prompter: prompter, json: json, intent: intent)
    }

    /// Connects to the service at `path`, starting one there (with
    /// `serveArguments`) when none runs and `starting` says so; a service
    /// started here is announced on standard error.
    static func connect(to path: String, starting: Bool, serveArguments: [String] = []) throws(ServiceClientError) -> ServiceClient {
        guard starting else { return try ServiceClient.connect(to: path) }
        return try ServiceAutostart.connect(to: path, executable: Posix.executablePath() ?? CommandLine.arguments[0],
                                            serveArguments: serveArguments) { started in
            Console.note("started exthost serve in the background (pid \(started.processID), log \(started.logPath)); it ends after \(Int(ServiceAutostart.idleExit)) s unused")
        }
    }

    /// Ends the command (status 4) for a service that could not be reached
    /// or whose connection failed, with the problem in `--json`.
    static func fail(_ error: ServiceClientError, json: Bool, intent: String?) -> Never {
        Foundation.exit(report(error, json: json, intent: intent).rawValue)
    }

    /// Writes what ``fail(_:json:intent:)`` writes, and returns its status.
    static func report(_ error: ServiceClientError, json: Bool, intent: String?) -> ExitStatus {
        var object = ConversationReport.failureObject(error.message, intent: intent, error: nil)
        object["problem"] = switch error.kind {
        case .notRunning: "serviceNotRunning"
        case .startFailed: "serviceStartFailed"
        case .connectionLost, .badReply: "connectionLost"
        }
        Console.failure(error.message, json: json ? object : nil)
        return .systemError
    }

    /// Sends `message` through `client` (closed after) and holds the
    /// conversation, asking `prompter`.
    ///
    /// - Returns: How the exchange ended. Ends the process (status 4) when
    ///   the connection fails.
    static func hold(_ message: ClientMessage, through client: ServiceClient, prompter: any ConversationPrompter,
                     json: Bool, intent: String?) -> Ending {
        do {
            return try exchange(message, through: client, prompter: prompter)
        } catch {
            fail(error, json: json, intent: intent)
        }
    }

    /// Sends `message` through `client` (closed after) and holds the
    /// conversation, asking `prompter`.
    ///
    /// - Returns: How the exchange ended.
    /// - Throws: ``ServiceClientError`` when the connection fails.
    static func exchange(_ message: ClientMessage, through client: ServiceClient,
                         prompter: any ConversationPrompter) throws(ServiceClientError) -> Ending {
        defer { client.close() }
        let reply = try client.converse(message, prompter: prompter)
        let socket = client.socketPath == ServiceSocket.path(plugins: [], apps: []) ? nil : client.socketPath
        return ending(of: reply, socket: socket)
    }

    /// How the command shows the service's ending message.
    ///
    /// - Parameter socket: The socket to name when taking up a session left
    ///   open, or nil when it is the one `exthost session` finds by default.
    static func ending(of reply: ServiceMessage, socket: String?) -> Ending {
        switch reply {
        case .result(let session, let rendered, let open, let expiry):
            return Ending(rendered: rendered, isProblem: false, openSession: open ? (session, expiry ?? 0) : nil,
                          sessionSocket: open ? socket : nil)
        case .error(_, _, let rendered):
            return Ending(rendered: rendered, isProblem: true, openSession: nil)
        case .cancelled(let session):
            let text = "session \(session) cancelled"
            return Ending(rendered: RenderedConversation(report: ["outcome": "cancelled", "session": session, "message": text],
                                                         lines: [text], exitStatus: ExitStatus.success.rawValue),
                          isProblem: false, openSession: nil)
        case .deviceLock(let locked):
            let text = locked
                ? "the device is locked: intents an extension restricts while locked are refused until exthost unlock"
                : "the device is unlocked"
            return Ending(rendered: RenderedConversation(report: ["deviceLocked": locked, "message": text], lines: [text],
                                                         exitStatus: ExitStatus.success.rawValue),
                          isProblem: false, openSession: nil)
        case .extensions(let rendered), .shortcuts(let rendered):
            return Ending(rendered: rendered, isProblem: false, openSession: nil)
        case .opened(let rendered, let failed):
            return Ending(rendered: rendered, isProblem: failed, openSession: nil)
        case .sessions(let sessions):
            return Ending(rendered: render(sessions), isProblem: false, openSession: nil)
        case .said, .question, .output, .exit, .declined:
            // `converse` returns only an ending message, and a `run` gets no command's.
            return Ending(rendered: RenderedConversation(report: [:], lines: [], exitStatus: ExitStatus.failure.rawValue), isProblem: true, openSession: nil)
        }
    }

    /// `exthost session list`'s output: a line a session, or that there is none.
    static func render(_ sessions: [SessionSummary]) -> RenderedConversation {
        let lines = sessions.isEmpty ? ["no open sessions"] : sessions.map { session in
            let state = session.question.map { question in
                "waiting for an answer to “\(question)”" + (session.expiresInSeconds.map { String(format: ", expires in %.0f s", $0) } ?? "")
            } ?? "in a stage"
            return "\(session.identifier)  \(session.intent)  \(state)" + (session.attached ? "" : "  (no client: exthost session continue \(session.identifier))")
        }
        let report: [String: Any] = ["sessions": sessions.map(\.jsonObject)]
        return RenderedConversation(report: report, lines: lines, exitStatus: ExitStatus.success.rawValue)
    }

    /// Prints an ending as `exthost run` prints it; an open session adds its
    /// identifier (`session` in `--json`, one more line for people).
    ///
    /// - Returns: The exit status to end with.
    static func print(_ ending: Ending, json: Bool) -> ExitStatus {
        var report = ending.rendered.report
        if let open = ending.openSession { report["session"] = open.identifier }
        if json {
            Console.writeJSON(report)
        } else if ending.isProblem {
            for line in ending.rendered.lines { Console.error(line) }
        } else {
            for line in ending.rendered.lines { Console.line(line) }
            if let open = ending.openSession {
                let socket = ending.sessionSocket.map { " --socket \($0)" } ?? ""
                Console.line("  session: \(open.identifier), open for \(String(format: "%.0f", open.expiresInSeconds)) s (exthost session continue \(open.identifier)\(socket) --answer KEY=VALUE)")
            }
        }
        return ExitStatus(rawValue: ending.rendered.exitStatus) ?? .failure
    }
}
