import ExthostABI
import DonationStore
import Foundation
import IntentConversation
import IntentDefinition
import IntentSystem
import Logging
import NIOCore
import NIOHTTP1
import RequestWire
import Synchronization

/// exthost's own HTTP API (`docs/http-api.md`, `docs/openapi.json`): the
/// socket protocol's requests as routes, over the same sessions.
///
/// Thread safety: ``handle(_:responder:)`` is called on event loops and
/// never blocks them: conversations run on their own threads, and the
/// listing (which stats plugins) on a thread of its own.
final class HTTPAPI: Sendable {
    private let sessions: SessionTable
    private let renderer: any ConversationRendering
    private let listing: ServiceListing
    private let token: String?
    private let maximumSessions: Int
    private let rasa: RasaWebhook
    private let metrics: ServiceMetrics
    private let logger: Logger
    /// Where a donated activity's type is checked (`--apps`; empty: the default folders).
    private let appDirectories: [String]
    /// Rasa actions running now, each on a thread of its own.
    private let runningActions = Mutex(0)
    /// The runner of the service's requests: its registry lists the
    /// shortcuts extensions offer, and it starts the extension that checks
    /// an intent shortcut's values.
    private let makeRunner: @Sendable () -> IntentRunner

    init(sessions: SessionTable, renderer: any ConversationRendering, listing: @escaping ServiceListing,
         token: String?, maximumSessions: Int, rasa: RasaWebhook, metrics: ServiceMetrics, logger: Logger,
         appDirectories: [String] = [], makeRunner: @escaping @Sendable () -> IntentRunner) {
        self.appDirectories = appDirectories
        self.makeRunner = makeRunner
        self.sessions = sessions
        self.metrics = metrics
        self.rasa = rasa
        self.renderer = renderer
        self.listing = listing
        self.token = token
        self.maximumSessions = maximumSessions
        self.logger = logger
    }

    /// A route: the methods a path takes.
    private enum Route {
        case health, readiness, metrics, extensions, device, conversations, donations, phrases, shortcuts, suggestions, webhook
        case conversation(String)
        case answer(String)
        case phrase(String)

        var methods: [HTTPMethod] {
            switch self {
            case .health, .readiness, .metrics, .extensions, .shortcuts, .suggestions: [.GET]
            case .phrases: [.GET, .POST]
            case .donations: [.GET, .POST, .DELETE]
            case .device: [.GET, .PUT]
            case .conversations: [.GET, .POST]
            case .conversation: [.GET, .DELETE]
            case .phrase: [.PUT, .DELETE]
            case .answer, .webhook: [.POST]
            }
        }

        /// The route's name in metrics.
        var label: String {
            switch self {
            case .health: "healthz"
            case .readiness: "readyz"
            case .metrics: "metrics"
            case .extensions: "extensions"
            case .device: "device"
            case .conversations: "conversations"
            case .conversation: "conversation"
            case .answer: "answer"
            case .donations: "donations"
            case .phrases: "phrases"
            case .shortcuts: "shortcuts"
            case .phrase: "phrase"
            case .suggestions: "suggestions"
            case .webhook: "webhook"
            }
        }

        /// The session the route names, if any.
        var session: String? {
            switch self {
            case .conversation(let identifier), .answer(let identifier): identifier
            default: nil
            }
        }

        var isWebhook: Bool {
            if case .webhook = self { return true }
            return false
        }

        init?(path: String) {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
            switch parts {
            case ["healthz"]: self = .health
            case ["readyz"]: self = .readiness
            case ["metrics"]: self = .metrics
            case ["v1", "extensions"]: self = .extensions
            case ["v1", "device"]: self = .device
            case ["v1", "conversations"]: self = .conversations
            case ["v1", "donations"]: self = .donations
            case ["v1", "phrases"]: self = .phrases
            case ["v1", "shortcuts"]: self = .shortcuts
            case ["v1", "suggestions"]: self = .suggestions
            case let parts where parts.count == 3 && parts[0] == "v1" && parts[1] == "phrases" && !parts[2].isEmpty: self = .phrase(parts[2])
            case ["webhook"]: self = .webhook
            case let p where p.count == 3 && p[0] == "v1" && p[1] == "conversations" && !p[2].isEmpty:
                self = .conversation(p[2].removingPercentEncoding ?? p[2])
            case let p where p.count == 4 && p[0] == "v1" && p[1] == "conversations" && !p[2].isEmpty && p[3] == "answer":
                self = .answer(p[2].removingPercentEncoding ?? p[2])
            default: return nil
            }
        }
    }

    /// Answers one request, now or once its conversation has something to say.
    func handle(_ request: HTTPRequest, responder unlabelled: HTTPResponder) {
        let metrics = self.metrics
        let found = Route(path: request.path)
        let label = found?.label ?? "none"
        var labelled = unlabelled
        labelled.onRespond = { status in metrics.httpResponse(route: label, status: status) }
        let responder = labelled
        guard let route = found else {
            responder.respond(problem(.notFound, "no route \(request.path); the API's routes are in docs/openapi.json (GET /v1/extensions, POST /v1/conversations, …)"))
            return
        }
        guard route.methods.contains(request.method) else {
            let allowed = route.methods.map(\.rawValue).joined(separator: ", ")
            responder.respond(problem(.methodNotAllowed, "\(request.path) takes \(allowed), not \(request.method.rawValue)", headers: [("Allow", allowed)]))
            return
        }
        switch route {
        case .health, .readiness, .metrics: break
        default:
            // Rasa's action_endpoint sends its token as the query's `token`.
            if let token, !Self.authorized(request.headers, token: token),
               !(route.isWebhook && request.query["token"].map { Self.same($0, token) } == true) {
                responder.respond(problem(.unauthorized, "this service needs its token: send Authorization: Bearer TOKEN (the token file given to --http-token-file)",
                                          headers: [("WWW-Authenticate", "Bearer")]))
                return
            }
        }
        do throws(ServiceProblem) {
            switch (route, request.method) {
            case (.webhook, _):
                // Actions in progress and open sessions together stay
                // within --max-sessions: each holds a thread.
                let open = sessions.count
                let admitted = runningActions.withLock { running in
                    guard running + open < maximumSessions else { return false }
                    running += 1
                    return true
                }
                guard admitted else {
                    responder.respond(HTTPResponse(.tooManyRequests, json: [
                        "action_name": "", "error": "the service runs \(maximumSessions) conversations at once, its --max-sessions (open sessions and Rasa actions in progress): try again when some end"]))
                    return
                }
                let body = request.body
                // The conversation blocks: not on the event loop, but on a
                // thread the sessions' conversations also reuse, so an
                // action does not pay for starting one.
                sessions.threads.run { [self] in
                    let response = rasa.handle(body)
                    // Room again before the client hears back, so its next action is admitted.
                    runningActions.withLock { $0 -= 1 }
                    responder.respond(response)
                }
            case (.health, _):
                responder.respond(HTTPResponse(.ok, json: ["status": "ok"]))
            case (.metrics, _):
                responder.respond(HTTPResponse(.ok, text: metrics.exposition(openSessions: sessions.count),
                                               contentType: "text/plain; version=0.0.4; charset=utf-8"))
            case (.readiness, _):
                responder.respond(readiness())
            case (.extensions, _):
                let notable = try Self.number(request.query, "notableMilliseconds", in: Double.leastNonzeroMagnitude...Double.greatestFiniteMagnitude, "a number more than 0") ?? 100
                let listing = self.listing
                // Scanning stats every plugin and may probe one in a process.
                Thread {
                    let rendered = listing(notable)
                    responder.respond(HTTPResponse(.ok, json: ["report": rendered.report, "lines": rendered.lines, "exitStatus": rendered.exitStatus]))
                }.start()
            case (.donations, .POST):
                try donate(request, responder: responder)
            case (.donations, .DELETE):
                try deleteDonations(request.query, responder: responder)
            case (.donations, _):
                // What `exthost donations list --json` prints, from the
                // store the service's requests donate to.
                let app = request.query["app"]
                let limit = try Self.donationLimit(request.query["limit"])
                respondFromStore(responder) { store throws(DonationStoreError) in
                    DonationListing(try store.donations(app: app, limit: limit)).jsonObject
                }
            case (.phrases, .POST):
                try addPhrase(request, responder: responder)
            case (.shortcuts, _):
                // What `exthost shortcuts list --json` prints: each app's
                // shortcuts (donated, then its extensions' intents, from the
                // service's registry) and the voice shortcuts, titled in the
                // request's language.
                let (app, makeRunner, languages) = (request.query["app"], self.makeRunner, Self.languages(request))
                respondFromStore(responder) { store throws(DonationStoreError) in
                    try ShortcutListing.render(store: store, app: app, registry: makeRunner().extensions.current(),
                                               phrasesOnly: false, languages: languages).report
                }
            case (.phrases, _):
                // What `exthost shortcuts list --phrases --json` prints.
                let app = request.query["app"]
                respondFromStore(responder) { store throws(DonationStoreError) in
                    ["voiceShortcuts": try store.voiceShortcuts().filter { app == nil || $0.shortcut.app == app }.map(\.jsonObject)]
                }
            case (.suggestions, _):
                // What `exthost suggest --json` prints.
                let (app, date) = (request.query["app"], try Self.suggestionDate(request.query["at"]))
                let limit = try request.query["limit"].map { text throws(ServiceProblem) in
                    guard let limit = Int(text), (1...10_000).contains(limit) else {
                        throw ServiceProblem(.badMessage, "the query parameter limit takes suggestions, a whole number from 1 to 10000; got \"\(text)\"")
                    }
                    return limit
                } ?? 10
                respondFromStore(responder) { store throws(DonationStoreError) in
                    ["at": ISO8601DateFormatter().string(from: date),
                     "suggestions": Array(try store.suggestions(app: app, at: date).prefix(limit)).map(\.jsonObject)]
                }
            case (.phrase(let identifier), .PUT):
                // `exthost shortcuts edit ID --phrase P --json`.
                let object = try Self.object(request.body, example: #"{"phrase": "Kitchen lights"}"#)
                guard let phrase = object["phrase"] as? String, object.count == 1 else {
                    throw ServiceProblem(.badMessage, #"the body is {"phrase": TEXT}: the voice shortcut's new phrase"#)
                }
                respondFromStore(responder) { store throws(DonationStoreError) in
                    let result = try store.editVoiceShortcut(identifier: try store.voiceShortcutIdentifier(prefix: identifier), phrase: phrase)
                    var object = result.voiceShortcut.jsonObject
                    object["warnings"] = result.warnings
                    return object
                }
            case (.phrase(let identifier), _):
                // `exthost shortcuts delete ID --json`: the shortcut and its donations stay.
                respondFromStore(responder) { store throws(DonationStoreError) in
                    let full = try store.voiceShortcutIdentifier(prefix: identifier)
                    try store.deleteVoiceShortcut(identifier: full)
                    return ["deleted": full]
                }
            case (.device, .GET):
                responder.respond(HTTPResponse(.ok, json: ["locked": sessions.deviceLocked]))
            case (.device, _):
                let object = try Self.object(request.body, example: #"{"locked": true}"#)
                // A JSON boolean, not a number that Foundation would bridge to one.
                guard let locked = object["locked"] as? NSNumber, locked.isBoolean, object.count == 1 else {
                    throw ServiceProblem(.badMessage, #"the body is {"locked": true} or {"locked": false}"#)
                }
                sessions.deviceLocked = locked.boolValue
                logger.info(locked.boolValue ? "device locked" : "device unlocked")
                responder.respond(HTTPResponse(.ok, json: ["locked": locked.boolValue]))
            case (.conversations, .GET):
                responder.respond(HTTPResponse(.ok, json: ["sessions": sessions.summaries.map(\.jsonObject)]))
            case (.conversations, _):
                try start(request, responder: responder)
            case (.conversation(let identifier), .GET):
                let session = try sessions.session(identifier)
                if let ended = session.endedProblem { throw ended }
                responder.respond(HTTPResponse(.ok, json: session.summary.jsonObject))
            case (.conversation(let identifier), _):
                let link = ClientLink(sink: { _ in responder.done })
                try sessions.cancel(identifier, from: link)
                responder.respond(HTTPResponse(.ok, json: ["session": identifier, "cancelled": true]))
            case (.answer(let identifier), _):
                let object = try Self.object(request.body, example: #"{"answer": "60"}"#)
                guard let answer = object["answer"] as? String, object.count == 1 else {
                    throw ServiceProblem(.badMessage, #"the body is {"answer": TEXT}: a value, a choice's number or title, yes or no"#)
                }
                let exchange = HTTPExchange(responder: responder, sessions: sessions, api: self, created: false)
                try sessions.session(identifier).deliver(.answer(answer), from: exchange.link)
            }
        } catch {
            var metadata: Logger.Metadata = ["problem": "\(error.kind.rawValue)", "message": "\(error.message)"]
            if let session = route.session { metadata["session"] = "\(session)" }
            logger.debug("refused an HTTP request", metadata: metadata)
            responder.respond(problem(error, intent: nil, session: nil))
        }
    }

    /// The languages a request is answered in: its query's `locale` (as
    /// `--locale` takes it; empty: the base texts), else its
    /// `Accept-Language` (every such header, by quality), else none: the
    /// base texts.
    static func languages(_ request: HTTPRequest) -> LanguagePreference {
        if let locale = request.query["locale"] { return LanguagePreference([locale]) }
        let header = request.headers["Accept-Language"].joined(separator: ",")
        return LanguagePreference.acceptLanguage(header)
    }

    /// The most donations `GET /v1/donations` lists: `limit`, else
    /// ``DonationListing/defaultLimit``; at most ``DonationListing/maximumLimit``.
    private static func donationLimit(_ text: String?) throws(ServiceProblem) -> Int {
        guard let text else { return DonationListing.defaultLimit }
        guard let limit = Int(text), (1...DonationListing.maximumLimit).contains(limit) else {
            throw ServiceProblem(.badMessage, "the query parameter limit takes donations, a whole number from 1 to \(DonationListing.maximumLimit); got \"\(text)\"")
        }
        return limit
    }

    /// The date suggestions are ranked for: `at` as `exthost suggest --at`
    /// takes it, else now (`at` absent or empty, as a form leaves it).
    private static func suggestionDate(_ at: String?) throws(ServiceProblem) -> Date {
        guard let at, !at.isEmpty else { return Date() }
        guard let date = DonationRequest.date(at) else {
            throw ServiceProblem(.badMessage, "the query parameter at takes an ISO 8601 date and time from the year 1 to 9999, such as 2026-11-21T08:00:00Z; got \"\(at)\"")
        }
        return date
    }

    /// `exthost donations add --json`: the body is the donation (the
    /// request of `exthost_host_api.donations` with `app`); `?count=N`
    /// donates N copies, each with a new identifier, in one transaction.
    /// 201 with `donated`.
    private func donate(_ request: HTTPRequest, responder: HTTPResponder) throws(ServiceProblem) {
        // A body that is no JSON object is 400 here; what is in it, the store's to judge.
        _ = try Self.object(request.body, example: #"{"app": "com.example.accounts", "intent": "SyncAccounts", "parameters": {}}"#)
        let count = try request.query["count"].map { text throws(ServiceProblem) in
            guard let count = Int(text), (1...100_000).contains(count) else {
                throw ServiceProblem(.badMessage, "the query parameter count takes copies, a whole number from 1 to 100000; got \"\(text)\"")
            }
            return count
        } ?? 1
        // Read again on the thread (`Any` is not Sendable); the copies are
        // made and stored in one transaction there.
        let (directories, body) = (appDirectories, request.body)
        respondFromStore(responder, status: .created) { store throws(DonationStoreError) in
            let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
            return ["donated": try DonationRequest.donateCopies(object, count: count, store: store,
                                                                 declaredActivityTypes: { AppDonations.declaredActivityTypes(app: $0, in: directories) })]
        }
    }

    /// `exthost shortcuts add --json`: the body names the shortcut as the
    /// command's options do (`shortcut`, a reference; or `app` with
    /// `intent` and `parameters`, or `activityType`) and gives the
    /// `phrase` (else the shortcut's suggested one). An intent shortcut is
    /// checked by the definition of the extension that runs it, started
    /// by the service's runner (in an extension process). 201 with the
    /// voice shortcut and `warnings`.
    private func addPhrase(_ request: HTTPRequest, responder: HTTPResponder) throws(ServiceProblem) {
        let example = #"{"app": "com.example.lights", "intent": "SetLights", "parameters": {"room": "kitchen"}, "phrase": "Kitchen lights"}"#
        let object = try Self.object(request.body, example: example)
        let keys = ["phrase", "shortcut", "app", "intent", "parameters", "activityType"]
        if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
            throw ServiceProblem(.badMessage, "the body has no key \"\(unknown)\"; its keys are \(keys.joined(separator: ", ")), like \(example)")
        }
        func text(_ key: String) throws(ServiceProblem) -> String? {
            guard let value = object[key] else { return nil }
            guard let text = value as? String else { throw ServiceProblem(.badMessage, "\"\(key)\" must be text") }
            return text
        }
        let (phrase, reference, app, intent, activityType) = (try text("phrase"), try text("shortcut"), try text("app"), try text("intent"), try text("activityType"))
        let parameters = try object["parameters"].flatMap { values throws(ServiceProblem) -> String? in
            guard let values = values as? [String: Any] else {
                throw ServiceProblem(.badMessage, #""parameters" must be a JSON object, as an intent file's "parameters""#)
            }
            // {} gives no values, as an intent file's empty "parameters".
            guard !values.isEmpty else { return nil }
            guard let rendered = CanonicalJSON.render(values) else {
                throw ServiceProblem(.badMessage, #""parameters" cannot be written back as JSON"#)
            }
            return rendered
        }
        // Starting the extension and writing the store block: not on the event loop.
        Thread { [self] in
            let runner = makeRunner()
            do throws(ShortcutProblem) {
                let store: DonationStore
                do throws(DonationStoreError) {
                    store = try DonationStore(path: StoreLocation.defaultPath())
                } catch {
                    throw .system(error)
                }
                let target = try AvailableShortcuts.resolve(
                    reference: reference, app: app, intent: intent, activityType: activityType, names: .json, store: store,
                    registry: { runner.extensions.current() },
                    intentShortcut: { app, intent throws(ShortcutProblem) in
                        try IntentShortcutDraft(app: app, intent: intent, parameters: parameters, source: "parameters").shortcut(with: runner)
                    })
                guard let phrase = phrase ?? target.suggestedInvocationPhrase else {
                    throw .request(#"give a "phrase": the shortcut suggests none"#)
                }
                let result: DonationStore.PhraseResult
                do throws(DonationStoreError) {
                    result = try store.addVoiceShortcut(phrase: phrase, shortcut: target)
                } catch {
                    throw .system(error)
                }
                var body = result.voiceShortcut.jsonObject
                body["warnings"] = result.warnings
                responder.respond(HTTPResponse(.created, json: body))
            } catch {
                switch error {
                case .request(let message):
                    responder.respond(problem(ServiceProblem(.badRequest, message), intent: intent, session: nil))
                case .system(let failure):
                    responder.respond(problem(ServiceProblem(.systemError, failure.description, error: failure), intent: intent, session: nil))
                }
            }
        }.start()
    }

    /// `exthost donations delete --json`, its options as the query:
    /// `identifier` (repeatable, comma-separated), `group`,
    /// `persistentIdentifier`, `all=true`; all but `identifier` need `app`.
    private func deleteDonations(_ query: [String: String], responder: HTTPResponder) throws(ServiceProblem) {
        func list(_ name: String) -> [String] {
            (query[name] ?? "").split(separator: ",").map(String.init).filter { !$0.isEmpty }
        }
        if let unknown = query.keys.sorted().first(where: { !["app", "identifier", "group", "persistentIdentifier", "all"].contains($0) }) {
            throw ServiceProblem(.badMessage, "no query parameter \(unknown); give one of identifier, group, persistentIdentifier, all=true (and app)")
        }
        guard query["all"] == nil || query["all"] == "true" else {
            throw ServiceProblem(.badMessage, "the query parameter all takes true; got \"\(query["all"]!)\"")
        }
        let deletion: DonationDeletion
        do {
            deletion = try DonationDeletion(app: query["app"], identifiers: list("identifier"), group: query["group"],
                                            persistentIdentifiers: list("persistentIdentifier"), all: query["all"] == "true",
                                            names: ("identifier", "group", "persistentIdentifier", "all=true", "app"))
        } catch {
            throw ServiceProblem(.badMessage, error.message)
        }
        respondFromStore(responder) { store throws(DonationStoreError) in
            let deleted = try store.delete(deletion)
            return ["deleted": deleted]
        }
    }

    /// Reads or writes the donation store (the one `exthost donations`
    /// reads: `$EXTHOST_DATA_DIR`, …) on a thread of its own, as SQLite blocks.
    private func respondFromStore(_ responder: HTTPResponder, status: HTTPResponseStatus = .ok,
                                  _ read: @escaping @Sendable (DonationStore) throws(DonationStoreError) -> [String: Any]) {
        Thread { [self] in
            do throws(DonationStoreError) {
                let store = try DonationStore(path: StoreLocation.defaultPath())
                responder.respond(HTTPResponse(status, json: try read(store)))
            } catch {
                responder.respond(problem(ServiceProblem(.systemError, error.description, error: error), intent: nil, session: nil))
            }
        }.start()
    }

    private func start(_ request: HTTPRequest, responder: HTTPResponder) throws(ServiceProblem) {
        let deadline = try Self.number(request.query, "deadline", in: Self.deadlines, "seconds from 1 to 86400 (a day)")
        _ = try Self.object(request.body, example: #"{"intent": "SetLights", "parameters": {"room": "kitchen"}}"#)
        let parsed: IntentRequest
        do {
            parsed = try IntentRequest.parse(request.body, source: request.query["source"] ?? "request")
        } catch {
            throw ServiceProblem(.badRequest, error.description)
        }
        let exchange = HTTPExchange(responder: responder, sessions: sessions, api: self, created: true)
        do {
            try sessions.start(parsed, deadline: deadline, client: exchange.link)
        } catch {
            responder.respond(problem(error, intent: parsed.intent, session: nil))
        }
    }

    private func readiness() -> HTTPResponse {
        let open = sessions.count
        if sessions.isShuttingDown {
            return problem(ServiceProblem(.shuttingDown, "the service is shutting down and takes no new requests"), intent: nil, session: nil)
        }
        if open >= maximumSessions {
            return problem(ServiceProblem(.tooManySessions, "the service holds \(open) open sessions, its --max-sessions: it takes no new conversation until some end"), intent: nil, session: nil)
        }
        return HTTPResponse(.ok, json: ["ready": true, "sessions": open, "maximumSessions": maximumSessions])
    }

    // MARK: - Errors

    /// The error body for a problem of the service: the socket protocol's
    /// `error` message without `type`, with the status of ``HTTPStatusTable``.
    func problem(_ problem: ServiceProblem, intent: String?, session: String?) -> HTTPResponse {
        self.problem(problem, rendered: renderer.render(problem, intent: intent), session: session)
    }

    /// The error body for a problem the session rendered already.
    func problem(_ problem: ServiceProblem, rendered: RenderedConversation, session: String?) -> HTTPResponse {
        errorResponse(HTTPStatusTable.status(of: problem), name: problem.kind.rawValue, message: problem.message,
                             rendered: rendered, session: session)
    }

    /// The error body for a problem only HTTP has.
    func problem(_ kind: HTTPOnlyProblem, _ message: String, headers: [(String, String)] = []) -> HTTPResponse {
        var rendered = renderer.render(ServiceProblem(.badMessage, message), intent: nil)
        rendered.report["problem"] = kind.rawValue
        return errorResponse(kind.status, name: kind.rawValue, message: message, rendered: rendered, session: nil, headers: headers)
    }

    private func errorResponse(_ status: HTTPResponseStatus, name: String, message: String, rendered: RenderedConversation,
                               session: String?, headers: [(String, String)] = []) -> HTTPResponse {
        var object: [String: Any] = ["problem": name, "message": message, "report": rendered.report,
                                     "lines": rendered.lines, "exitStatus": rendered.exitStatus]
        if let session { object["session"] = session }
        return HTTPResponse(status, json: object, headers: headers)
    }

    // MARK: - Reading requests

    /// The body as a JSON object.
    private static func object(_ body: Data, example: String) throws(ServiceProblem) -> [String: Any] {
        guard !body.isEmpty else {
            throw ServiceProblem(.badMessage, "the request has no body; send a JSON object like \(example)")
        }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: body)
        } catch {
            throw ServiceProblem(.badMessage, "the body is not JSON (\((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)")); send a JSON object like \(example)")
        }
        guard let object = json as? [String: Any] else {
            throw ServiceProblem(.badMessage, "the body must be a JSON object, like \(example)")
        }
        return object
    }

    /// The stage deadlines a request may ask for, in seconds. Not less than
    /// a second: a deadline a client makes too short kills a healthy
    /// extension's process, and three such kills disable the extension for
    /// every client (crash back-off).
    static let deadlines = 1.0...86_400

    /// A query parameter that must be a number in `range`, if present.
    private static func number(_ query: [String: String], _ name: String, in range: ClosedRange<Double>,
                               _ what: String) throws(ServiceProblem) -> Double? {
        guard let text = query[name] else { return nil }
        guard let value = Double(text), range.contains(value) else {
            throw ServiceProblem(.badMessage, "the query parameter \(name) takes \(what); got \"\(text)\"")
        }
        return value
    }

    /// Whether the request carries the token, compared in time that does
    /// not depend on where it differs.
    private static func authorized(_ headers: HTTPHeaders, token: String) -> Bool {
        guard let value = headers.first(name: "Authorization"), value.hasPrefix("Bearer ") else { return false }
        return same(String(value.dropFirst("Bearer ".count)), token)
    }

    /// Whether `given` is the token, compared in time that does not depend
    /// on where they differ.
    private static func same(_ given: String, _ token: String) -> Bool {
        let given = Array(given.utf8)
        let expected = Array(token.utf8)
        var difference = given.count ^ expected.count
        for index in expected.indices {
            difference |= Int(expected[index] ^ (index < given.count ? given[index] : 0))
        }
        return difference == 0
    }
}
