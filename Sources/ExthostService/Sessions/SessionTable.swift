import ExthostABI
import ExthostLogging
import ExthostPosix
import Foundation
import IntentConversation
import IntentSystem
import Logging
import NIOCore
import RequestWire

/// The service's open conversations, by session identifier: starts each on
/// a thread of its own (``SessionThreads``: one that finished a conversation
/// takes the next), routes answers to it, and ends them all at shutdown.
///
/// Thread safety: every method may be called from any thread.
final class SessionTable: @unchecked Sendable {
    private let lock = NSLock()
    private var sessions: [String: ConversationSession] = [:]
    /// Sessions that ended early (expired, cancelled), remembered so a late
    /// answer is told why rather than "unknown": by identifier, with when.
    private var endedEarly: [String: (problem: ServiceProblem, at: UInt64)] = [:]
    private var shuttingDown = false
    private var locked = false

    private let configuration: ServiceConfiguration
    private let renderer: any ConversationRendering
    private let makeRunner: @Sendable (_ stageDeadline: Double) -> IntentRunner
    private let logger: Logger
    /// Where conversations are counted; nil counts nothing.
    private let metrics: ServiceMetrics?
    /// The threads conversations run on, kept for the next one (Rasa's
    /// actions run on them too).
    let threads = SessionThreads()

    /// How long an ended session's identifier is remembered, in nanoseconds.
    private static let rememberedFor: UInt64 = 3_600 * 1_000_000_000

    init(configuration: ServiceConfiguration, renderer: any ConversationRendering,
         makeRunner: @escaping @Sendable (_ stageDeadline: Double) -> IntentRunner, logger: Logger, metrics: ServiceMetrics? = nil) {
        self.metrics = metrics
        self.configuration = configuration
        self.renderer = renderer
        self.makeRunner = makeRunner
        self.logger = logger
        locked = FileManager.default.fileExists(atPath: configuration.deviceLockPath)
        if locked { logger.info("the device is locked, as it was left", metadata: ["state": "\(configuration.deviceLockPath)"]) }
    }

    /// The number of conversations running or waiting.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return sessions.count
    }

    /// Whether shutdown has begun: no new conversation is taken.
    var isShuttingDown: Bool {
        lock.lock()
        defer { lock.unlock() }
        return shuttingDown
    }

    /// The open sessions, oldest first is not kept: sorted by intent, then identifier.
    /// Those that ended early (cancelled, expired) and are only finishing
    /// their stage are left out: they are gone for clients.
    var summaries: [SessionSummary] {
        lock.lock()
        let all = Array(sessions.values)
        lock.unlock()
        return all.filter { $0.endedProblem == nil }.map(\.summary).sorted { ($0.intent, $0.identifier) < ($1.intent, $1.identifier) }
    }

    /// Whether the device is locked: conversations started meanwhile refuse
    /// intents their extension restricts while locked.
    var deviceLocked: Bool {
        get {
            lock.lock()
            defer { lock.unlock() }
            return locked
        }
        set {
            lock.lock()
            locked = newValue
            // Kept beside the socket, so the next service (one the next
            // command starts after this one ended itself when idle) keeps it.
            let path = configuration.deviceLockPath
            if newValue {
                if !FileManager.default.createFile(atPath: path, contents: Data()) {
                    logger.error("the lock state could not be kept: the next service starts unlocked", metadata: ["state": "\(path)"])
                }
            } else {
                try? FileManager.default.removeItem(atPath: path)
            }
            lock.unlock()
        }
    }

    /// Starts a conversation on a thread of its own, talking to `client`.
    ///
    /// - Parameter form: What the client prints of the result: only that
    ///   is rendered.
    /// - Throws: ``ServiceProblem`` `shuttingDown` once shutdown began.
    func start(_ request: IntentRequest, deadline: Double?, form: ResultForm = .both, client: ClientLink) throws(ServiceProblem) {
        let requestStart = Posix.monotonicNanoseconds()
        let session = ConversationSession(identifier: UUID.systemRandom().uuidString.lowercased(), intent: request.intent,
                                          expiry: configuration.sessionExpiry, renderer: renderer, form: form, client: client)
        lock.lock()
        guard !shuttingDown else {
            lock.unlock()
            throw ServiceProblem(.shuttingDown, "the service is shutting down and takes no new requests; start it again")
        }
        guard sessions.count < configuration.maximumSessions else {
            lock.unlock()
            throw ServiceProblem(.tooManySessions, """
                the service holds \(configuration.maximumSessions) open sessions, its --max-sessions: answer or cancel some \
                (exthost session list; exthost session cancel ID), or wait until they expire (\(String(format: "%g", configuration.sessionExpiry)) s unanswered)
                """)
        }
        sessions[session.identifier] = session
        let deviceLocked = locked
        lock.unlock()
        let stageDeadline = deadline ?? configuration.stageDeadline
        let renderer = renderer
        logger.debug("session started", metadata: ["session": "\(session.identifier)", "intent": "\(request.intent)"])
        threads.run { [self] in
            // Every line of the conversation (the extension's too) says its session.
            LogContext.with(["session": "\(session.identifier)"]) {
                var runner = makeRunner(stageDeadline)
                // In-process, a handler method that never returns holds this
                // thread: the client is told (3001) instead of waiting, and the
                // thread is left to it. An extension process is killed instead.
                let inProcess = runner.processes == nil && runner.isolation == nil
                let watchdog = !inProcess ? nil : StageWatchdog { [logger] stage in
                    let error = IntentsError(.requestTimedOut, "\(stage) of \(request.intent) did not return within \(String(format: "%g", stageDeadline)) s; the extension runs inside the service, so its thread is left to it")
                    let problem = ServiceProblem(.systemError, error.description, error: error)
                    session.end(problem)?.send(.error(session: session.identifier, problem: problem, rendered: renderer.render(problem, intent: request.intent)))
                    logger.error("a stage never returned", metadata: ["session": "\(session.identifier)", "stage": "\(stage)"])
                }
                defer { watchdog?.stop() }
                runner.watchdog = watchdog
                runner.deviceLocked = deviceLocked
                // A session cancelled or shut down while inside a stage calls
                // no further stage: its client was told it ended.
                runner.stopBeforeStage = { _ in
                    session.endedProblem.map { IntentsError(.requestTimedOut, "the session ended (\($0.kind.rawValue)) before the next stage") }
                }
                // And a run already in the extension process's hands calls
                // neither confirm nor handle after the session ended.
                runner.interruption = session.interruption
                let prompter = SessionPrompter(answers: request.answers, session: session)
                do throws(IntentRunner.Failure) {
                    let result = try runner.run(request, prompter: prompter, requestStart: requestStart)
                    metrics?.conversationEnded(result, channel: "session")
                    session.finish(.result(session: session.identifier, rendered: renderer.render(result, form: session.form), open: false, expiresInSeconds: nil))
                    let outcome = session.endedProblem.map { "ended early: \($0.kind.rawValue)" } ?? result.outcome.rawValue
                    logger.info("conversation ended", metadata: ["session": "\(session.identifier)", "intent": "\(request.intent)",
                                                                 "outcome": "\(outcome)"])
                    // What the answer warned of (a record the store refused
                    // among them) is the service's to see too.
                    for warning in result.warnings {
                        logger.warning("\(warning)", metadata: ["session": "\(session.identifier)", "intent": "\(request.intent)"])
                    }
                } catch {
                    let problem = ServiceProblem(error)
                    metrics?.requestFailed(problem, intent: request.intent, channel: "session")
                    session.finish(.error(session: session.identifier, problem: problem, rendered: renderer.render(problem, intent: request.intent)))
                    logger.info("request failed", metadata: ["session": "\(session.identifier)", "intent": "\(request.intent)", "error": "\(problem.message)"])
                }
                remove(session)
            }
        }
    }

    /// The open session with this identifier.
    ///
    /// - Throws: ``ServiceProblem``: why a session that ended early ended
    ///   (`sessionExpired`, `sessionCancelled`), else `unknownSession`.
    func session(_ identifier: String) throws(ServiceProblem) -> ConversationSession {
        lock.lock()
        defer { lock.unlock() }
        if let session = sessions[identifier] { return session }
        if let ended = endedEarly[identifier] { throw ended.problem }
        throw ServiceProblem(.unknownSession, "no session \(identifier): it ended, or was never started by this service (which forgets sessions when it restarts)")
    }

    /// Cancels a session: its conversation ends without an answer.
    ///
    /// - Parameters:
    ///   - identifier: The session.
    ///   - link: Who asked; the session's client, if another, is told.
    /// - Throws: ``ServiceProblem`` when there is no such open session.
    func cancel(_ identifier: String, from link: ClientLink) throws(ServiceProblem) {
        let session = try session(identifier)
        // Ended already, its thread only finishing its stage: gone for clients.
        if let ended = session.endedProblem { throw ended }
        let problem = ServiceProblem(.sessionCancelled, "session \(identifier) (\(session.intent)) was cancelled")
        if let told = session.end(problem), told !== link {
            told.send(.error(session: identifier, problem: problem, rendered: renderer.render(problem, intent: session.intent)))
        }
        logger.info("session cancelled", metadata: ["session": "\(identifier)"])
    }

    /// Forgets a connection that went away: its sessions wait for another client.
    func detach(_ channel: any Channel) {
        lock.lock()
        let all = Array(sessions.values)
        lock.unlock()
        for session in all { session.detach(channel) }
    }

    /// Ends every conversation: each client gets a `shuttingDown` error, and
    /// conversations in a stage get `grace` seconds to finish (a donation
    /// being written is committed, not cut).
    ///
    /// - Returns: The writes of the error messages, to wait for before the
    ///   connections close.
    func shutDown(grace: Double) -> [EventLoopFuture<Void>] {
        lock.lock()
        shuttingDown = true
        let all = Array(sessions.values)
        lock.unlock()
        if !all.isEmpty { logger.notice("ending \(all.count) conversation(s) for shutdown") }
        var writes: [EventLoopFuture<Void>] = []
        for session in all {
            let problem = ServiceProblem(.shuttingDown, "the service stopped while \(session.intent) was in progress (session \(session.identifier)); run it again once a service is running")
            if let told = session.end(problem) {
                writes.append(told.send(.error(session: session.identifier, problem: problem, rendered: renderer.render(problem, intent: session.intent))))
            }
        }
        let deadline = Posix.deadline(after: grace)
        for session in all {
            session.waitUntilFinished(deadline: deadline)
            if !session.isFinished {
                logger.warning("session \(session.identifier) (\(session.intent)) is still inside its extension after \(grace) s; leaving it")
            }
        }
        return writes
    }

    private func remove(_ session: ConversationSession) {
        lock.lock()
        // Read under the lock, and compared without subtracting: another
        // thread's entry may be stamped after a clock read made outside it.
        let now = Posix.monotonicNanoseconds()
        sessions[session.identifier] = nil
        if let problem = session.endedProblem {
            endedEarly[session.identifier] = (problem, now)
        }
        endedEarly = endedEarly.filter { $0.value.at + Self.rememberedFor > now }
        lock.unlock()
    }
}
