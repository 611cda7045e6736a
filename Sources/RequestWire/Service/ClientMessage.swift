import Foundation

/// A message a client sends to the service (`docs/service-protocol.md`).
public enum ClientMessage: Sendable {
    /// Starts a conversation: `{"type": "run", "request": {intent file}, "source": …, "deadline": …}`.
    ///
    /// `request` is an intent file's object (`answers` included: they are
    /// used before the client is asked); `source` names it in messages;
    /// `deadline` is the seconds per stage (the service's default when absent);
    /// `form` is what the client prints of the result (`"form": "json"` or
    /// `"lines"`; both when absent), so the service builds only that.
    case run(IntentRequest, deadline: Double?, form: ResultForm = .both)
    /// Answers the session's open question: `{"type": "answer", "session", "answer"}`.
    /// A null answer means "none now": the service answers with the result so
    /// far and keeps the session open.
    case answer(session: String, answer: String?)
    /// Takes up an open session on this connection: the service asks its
    /// open question again. `{"type": "resume", "session"}`.
    case resume(session: String)
    /// Ends an open session: `{"type": "cancel", "session"}`.
    case cancel(session: String)
    /// Locks or unlocks the device: `{"type": "lock"}`, `{"type": "unlock"}`.
    /// While locked, intents an extension restricts while locked are refused.
    case setDeviceLocked(Bool)
    /// Lists the service's extensions as `exthost list` does, with those
    /// disabled after repeated crashes: `{"type": "list", "notableMilliseconds"?}`.
    case list(notableMilliseconds: Double)
    /// Lists each app's shortcuts and the voice shortcuts as `exthost
    /// shortcuts list` does, from the service's store and registry:
    /// `{"type": "shortcuts", "app"?, "locale"?, "phrases"?}`, answered with
    /// a `shortcuts` message. Intents' titles are in `locale` (as
    /// `--locale` takes it) when their definition has texts in it;
    /// `phrases` true lists only the voice shortcuts.
    case shortcuts(app: String?, locale: String?, phrasesOnly: Bool)
    /// Lists the open sessions: `{"type": "sessions"}`, answered with a
    /// `sessions` message.
    case sessions
    /// Continues a user activity in its app, as `exthost open` does:
    /// `{"type": "open", "activity": {activity file}, "app"?, "deadline"?}`,
    /// answered with an `opened` message. `activity` is the JSON text of an
    /// activity file's object.
    case open(activity: Data, app: String?, deadline: Double?)
    /// Runs a command line as the full program would through this service,
    /// for the `exthost` front: `{"type": "command", "arguments",
    /// "directory", "environment", "terminal"}`, answered with `output`
    /// messages and an `exit`, or `declined` when nothing ran.
    case command(CommandInvocation)

    /// The message as a line of the protocol.
    public var line: Data {
        var object: [String: Any] = ["version": ServiceProtocol.version]
        switch self {
        case .run(let request, let deadline, let form):
            object["type"] = "run"
            object["request"] = request.intentFileObject
            object["source"] = request.source
            if let deadline { object["deadline"] = deadline }
            if form != .both { object["form"] = form.rawValue }
        case .answer(let session, let answer):
            object["type"] = "answer"
            object["session"] = session
            object["answer"] = answer ?? NSNull()
        case .resume(let session):
            object["type"] = "resume"
            object["session"] = session
        case .cancel(let session):
            object["type"] = "cancel"
            object["session"] = session
        case .setDeviceLocked(let locked):
            object["type"] = locked ? "lock" : "unlock"
        case .list(let notable):
            object["type"] = "list"
            object["notableMilliseconds"] = notable
        case .shortcuts(let app, let locale, let phrasesOnly):
            object["type"] = "shortcuts"
            if let app { object["app"] = app }
            if let locale { object["locale"] = locale }
            if phrasesOnly { object["phrases"] = true }
        case .sessions:
            object["type"] = "sessions"
        case .open(let activity, let app, let deadline):
            object["type"] = "open"
            object["activity"] = (try? JSONSerialization.jsonObject(with: activity)) ?? [String: Any]()
            if let app { object["app"] = app }
            if let deadline { object["deadline"] = deadline }
        case .command(let invocation):
            object["type"] = "command"
            object["arguments"] = invocation.arguments
            object["directory"] = invocation.directory
            object["environment"] = invocation.environment
            object["terminal"] = invocation.terminal
        }
        return ServiceProtocol.line(object)
    }

    /// Reads a line a client sent.
    ///
    /// - Parameter line: The line, without its newline.
    /// - Returns: The message.
    /// - Throws: ``ServiceProblem`` (`badMessage`, `unsupportedVersion`,
    ///   `badRequest` for an intent file the parser refuses).
    public static func parse(_ line: Data) throws(ServiceProblem) -> ClientMessage {
        guard let object = ServiceProtocol.object(line) else {
            throw ServiceProblem(.badMessage, "a message is one JSON object per line, like {\"version\": 1, \"type\": \"run\", \"request\": {…}}")
        }
        guard let version = object["version"] as? Int else {
            throw ServiceProblem(.badMessage, "the message has no \"version\": add \"version\": \(ServiceProtocol.version)")
        }
        guard version == ServiceProtocol.version else {
            throw ServiceProblem(.unsupportedVersion, "the message is version \(version); this service speaks version \(ServiceProtocol.version): update the client or the service")
        }
        let type = object["type"] as? String ?? ""
        func session() throws(ServiceProblem) -> String {
            guard let session = object["session"] as? String, !session.isEmpty else {
                throw ServiceProblem(.badMessage, "a \"\(type)\" message names its \"session\" (the identifier the service gave)")
            }
            return session
        }
        switch type {
        case "run":
            guard let file = object["request"] as? [String: Any] else {
                throw ServiceProblem(.badMessage, "a \"run\" message carries \"request\": an intent file's object, like {\"intent\": \"SetLights\"}")
            }
            let request: IntentRequest
            do {
                request = try IntentRequest.parse(object: file, source: object["source"] as? String ?? "request")
            } catch {
                throw ServiceProblem(.badRequest, error.description)
            }
            let deadline = object["deadline"] as? Double
            if let deadline, deadline <= 0 {
                throw ServiceProblem(.badMessage, "\"deadline\" must be more than 0 seconds")
            }
            var form = ResultForm.both
            if let given = object["form"] {
                guard let name = given as? String, let chosen = ResultForm(rawValue: name), chosen != .both else {
                    throw ServiceProblem(.badMessage, "\"form\" is \"json\" (the --json object only) or \"lines\" (the lines only); leave it out for both")
                }
                form = chosen
            }
            return .run(request, deadline: deadline, form: form)
        case "answer":
            let answer = object["answer"]
            guard answer is String || answer is NSNull else {
                throw ServiceProblem(.badMessage, "an \"answer\" message carries \"answer\": text, or null for no answer now")
            }
            return .answer(session: try session(), answer: answer as? String)
        case "resume":
            return .resume(session: try session())
        case "cancel":
            return .cancel(session: try session())
        case "lock", "unlock":
            return .setDeviceLocked(type == "lock")
        case "list":
            return .list(notableMilliseconds: object["notableMilliseconds"] as? Double ?? 100)
        case "shortcuts":
            for key in ["app", "locale"] where object[key] != nil && !(object[key] is String) {
                throw ServiceProblem(.badMessage, "a \"shortcuts\" message's \"\(key)\" is text (\(key == "app" ? "an app's bundle identifier" : "a language, such as ja or ja_JP.UTF-8"))")
            }
            guard object["phrases"] == nil || (object["phrases"] as? NSNumber)?.isBoolean == true else {
                throw ServiceProblem(.badMessage, "a \"shortcuts\" message's \"phrases\" is true or false")
            }
            return .shortcuts(app: object["app"] as? String, locale: object["locale"] as? String,
                              phrasesOnly: object["phrases"] as? Bool ?? false)
        case "sessions":
            return .sessions
        case "open":
            guard let activity = object["activity"] as? [String: Any],
                  let data = try? JSONSerialization.data(withJSONObject: activity) else {
                throw ServiceProblem(.badMessage, "an \"open\" message carries \"activity\": an activity file's object ({\"activityType\": …})")
            }
            let deadline = object["deadline"] as? Double
            if let deadline, deadline <= 0 {
                throw ServiceProblem(.badMessage, "\"deadline\" must be more than 0 seconds")
            }
            return .open(activity: data, app: object["app"] as? String, deadline: deadline)
        case "command":
            guard let arguments = object["arguments"] as? [String], let directory = object["directory"] as? String else {
                throw ServiceProblem(.badMessage, "a \"command\" message carries \"arguments\" (the command line after exthost) and \"directory\" (the working directory)")
            }
            return .command(CommandInvocation(arguments: arguments, directory: directory,
                                              environment: object["environment"] as? [String: String] ?? [:],
                                              terminal: object["terminal"] as? Bool ?? false))
        default:
            throw ServiceProblem(.badMessage, "unknown message type \"\(type)\"; a client sends run, answer, resume, cancel, lock, unlock, list, shortcuts, sessions, open or command")
        }
    }
}

extension IntentRequest {
    /// The request as an intent file's object, as ``IntentRequest/parse(_:source:)`` reads it.
    public var intentFileObject: [String: Any] {
        var object: [String: Any] = ["intent": intent]
        if let app { object["app"] = app }
        if let extensionIdentifier { object["extension"] = extensionIdentifier }
        if let identifier { object["identifier"] = identifier }
        if let locale { object["locale"] = locale }
        if concise { object["concise"] = true }
        var parameters: [String: Any] = [:]
        for (name, text) in parameterJSON {
            // Each value is kept as the JSON text of a one-element list.
            if let list = IntentRequest.list(text), let value = list.first {
                parameters[name] = value
            }
        }
        for (name, value) in parameterObjects.values { parameters[name] = value }
        if !parameters.isEmpty { object["parameters"] = parameters }
        if !answers.isEmpty { object["answers"] = answers }
        return object
    }
}

/// A command line the `exthost` front asks the service to run for it.
public struct CommandInvocation: Sendable, Equatable {
    /// The command line after `exthost` (`["run", "lights.json", "--json"]`).
    public var arguments: [String]
    /// The front's working directory: relative paths are taken from it.
    public var directory: String
    /// The front's variables the command reads (its locale).
    public var environment: [String: String]
    /// Whether the front's standard input is a terminal (questions could be asked there).
    public var terminal: Bool

    public init(arguments: [String], directory: String, environment: [String: String], terminal: Bool) {
        self.arguments = arguments
        self.directory = directory
        self.environment = environment
        self.terminal = terminal
    }
}

/// How the service ran a ``CommandInvocation``.
public enum CommandOutcome: Sendable, Equatable {
    /// Nothing ran: the front hands the command line to the full program.
    case declined(reason: String)
    /// It ran: what it wrote, in order (descriptor 1 or 2, and the text), and its exit status.
    case ran(output: [CommandOutput], status: Int32)
}

/// One write of a command the service ran: to standard output (1) or error (2).
public struct CommandOutput: Sendable, Equatable {
    public var stream: Int32
    public var text: String

    public init(stream: Int32, text: String) {
        self.stream = stream
        self.text = text
    }
}
