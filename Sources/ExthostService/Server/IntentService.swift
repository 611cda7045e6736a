import AppWire
import ExthostPosix
import Foundation
import IntentSystem
import Logging
import NIOCore
import NIOPosix
import RequestWire
import ServiceLifecycle

/// The system as a long-running process: `exthost serve`.
///
/// Listens on a Unix socket (``ServiceConfiguration/socketPath``), speaks
/// the client protocol (`docs/service-protocol.md`) to any number of
/// clients, and holds each conversation as a session (``SessionTable``).
/// Run it in a `ServiceGroup` whose graceful-shutdown signals are SIGTERM
/// and SIGINT: on shutdown it stops accepting, gives every conversation in
/// progress a `shuttingDown` error, waits for those writes and for stages to
/// finish (``ServiceConfiguration/shutdownGrace``), and removes the socket.
public final class IntentService: Service {
    private let configuration: ServiceConfiguration
    private let sessions: SessionTable
    private let renderer: any ConversationRendering
    private let logger: Logger
    private let listing: ServiceListing
    private let opening: ServiceOpening?
    private let commanding: ServiceCommanding?
    private let activity = ServiceActivity()
    private let metrics = ServiceMetrics()
    private let makeRunner: @Sendable (_ stageDeadline: Double) -> IntentRunner

    /// A service.
    ///
    /// - Parameters:
    ///   - configuration: Where it listens; expiry and deadlines.
    ///   - renderer: How results are shown (what `exthost run` prints).
    ///   - logger: Where the service logs.
    ///   - listing: What a `list` message is answered with (`exthost list`'s
    ///     rendering of the service's plugins), given `notableMilliseconds`.
    ///   - opening: What an `open` message is answered with (`exthost
    ///     open`'s, with the service's apps); nil refuses `open`.
    ///   - commanding: How a `command` message is run (the front's fast
    ///     path); nil declines every one.
    ///   - makeRunner: The runner for one request with the given stage
    ///     deadline; runners share one loader, so a plugin is loaded once and
    ///     stays loaded between requests.
    public init(configuration: ServiceConfiguration, renderer: any ConversationRendering, logger: Logger,
                listing: @escaping ServiceListing, opening: ServiceOpening? = nil, commanding: ServiceCommanding? = nil,
                makeRunner: @escaping @Sendable (_ stageDeadline: Double) -> IntentRunner) {
        self.listing = listing
        self.opening = opening
        self.commanding = commanding
        self.makeRunner = makeRunner
        self.configuration = configuration
        self.renderer = renderer
        self.logger = logger
        self.sessions = SessionTable(configuration: configuration, renderer: renderer, makeRunner: makeRunner, logger: logger, metrics: metrics)
        // The records of the requests this service answers (one service a process).
        SystemDonations.observeRecords(metrics.recordObserver)
    }

    /// Counts an extension process event in the metrics
    /// (`exthost_extension_processes_total{event}`): `started`, `crashed`,
    /// `killed`, `memory_limit`.
    public func countExtensionProcess(_ event: String) {
        metrics.extensionProcess(event)
    }

    /// Serves until a graceful shutdown (SIGTERM, SIGINT), then shuts down cleanly.
    ///
    /// - Throws: ``ServiceStartError`` when the socket cannot be bound.
    public func run() async throws {
        let path = configuration.socketPath
        try Self.prepareSocketPath(path)
        let sessions = self.sessions
        let renderer = self.renderer
        let logger = self.logger
        let listing = self.listing
        let opening = self.opening
        let commanding = self.commanding
        let activity = self.activity
        let server: any Channel
        do {
            server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.backlog, value: 256)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder()))
                        try channel.pipeline.syncOperations.addHandler(
                            ServiceConnectionHandler(sessions: sessions, renderer: renderer, listing: listing,
                                                     opening: opening, commanding: commanding, activity: activity,
                                                     registry: { [makeRunner = self.makeRunner, deadline = self.configuration.stageDeadline] in makeRunner(deadline).extensions.current() },
                                                     logger: logger))
                    }
                }
                .bind(unixDomainSocketPath: path)
                .get()
        } catch {
            throw ServiceStartError(path: path, reason: "cannot listen there: \(error)")
        }
        logger.info("exthost serve listening", metadata: ["socket": "\(path)", "pid": "\(Posix.processID)",
                                                         "sessionExpiry": "\(configuration.sessionExpiry)s"])
        // The HTTP API, over the same sessions (`docs/http-api.md`).
        let http: (any Channel)?
        if let settings = configuration.http {
            let rasa = RasaWebhook(makeRunner: makeRunner, renderer: renderer, stageDeadline: configuration.stageDeadline,
                                   deviceLocked: { sessions.deviceLocked }, metrics: metrics, logger: logger)
            let api = HTTPAPI(sessions: sessions, renderer: renderer, listing: listing, token: settings.token,
                              maximumSessions: configuration.maximumSessions, rasa: rasa, metrics: metrics, logger: logger,
                              appDirectories: settings.appDirectories,
                              makeRunner: { [makeRunner, configuration] in makeRunner(configuration.stageDeadline) })
            do {
                http = try await HTTPServer.bind(settings, api: api, activity: activity)
            } catch {
                server.close(promise: nil)
                Posix.unlink(path)
                throw error
            }
            let port = http?.localAddress?.port ?? settings.port
            logger.info("exthost serve listening on HTTP", metadata: ["http": "http://\(settings.hostForURL):\(port)",
                                                                     "token": "\(settings.token == nil ? "none" : "required")"])
        } else {
            http = nil
        }
        let idleExit = configuration.idleExit.map { idle in
            Task { [logger] in
                await activity.waitUntilIdle(for: idle, sessions: { sessions.count })
                guard !Task.isCancelled else { return }
                logger.info("no client and no session for the idle period; exiting", metadata: ["idleExit": "\(idle)s"])
                server.close(promise: nil)
                http?.close(promise: nil)
            }
        }
        await withGracefulShutdownHandler {
            try? await server.closeFuture.get()
        } onGracefulShutdown: {
            server.close(promise: nil)
            http?.close(promise: nil)
        }
        http?.close(promise: nil)
        idleExit?.cancel()
        logger.info("shutting down", metadata: ["sessions": "\(sessions.count)"])
        let grace = configuration.shutdownGrace
        let writes = await withCheckedContinuation { continuation in
            // Waiting for stages blocks: not on the cooperative pool.
            Thread { continuation.resume(returning: sessions.shutDown(grace: grace)) }.start()
        }
        for write in writes { try? await write.get() }
        Posix.unlink(path)
        logger.info("stopped", metadata: ["socket": "\(path)"])
    }

    /// Makes the socket's folder and clears a stale socket file, refusing
    /// to take over from a service that still answers there.
    private static func prepareSocketPath(_ path: String) throws(ServiceStartError) {
        guard path.utf8.count <= Posix.maximumSocketPathLength else {
            throw ServiceStartError(path: path, reason: "the path is \(path.utf8.count) bytes, past the \(Posix.maximumSocketPathLength)-byte limit of a Unix socket: choose a shorter --socket")
        }
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try RuntimeDirectory(path: folder).create()
        } catch {
            throw ServiceStartError(path: path, reason: "cannot create its folder: \(error)")
        }
        if let socket = try? UnixSocket.connect(to: path) {
            socket.close()
            throw ServiceStartError(path: path, reason: "a service already listens there: stop it first, or give another --socket")
        }
        // Nothing answers: a file left by a service that did not stop cleanly.
        Posix.unlink(path)
    }
}
