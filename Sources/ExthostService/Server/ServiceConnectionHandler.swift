import DonationStore
import ExtensionLoading
import Foundation
import IntentDefinition
import IntentSystem
import Logging
import NIOCore
import RequestWire

/// One client connection: reads its messages and acts on them. Runs on the
/// connection's event loop and never blocks: conversations run on their own
/// threads (``SessionTable``).
final class ServiceConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let sessions: SessionTable
    private let renderer: any ConversationRendering
    private let logger: Logger
    private let listing: ServiceListing
    private let opening: ServiceOpening?
    private let commanding: ServiceCommanding?
    private let activity: ServiceActivity
    /// The service's registry, for `shortcuts`.
    private let registry: @Sendable () -> ExtensionRegistry
    private var link: ClientLink?

    init(sessions: SessionTable, renderer: any ConversationRendering, listing: @escaping ServiceListing,
         opening: ServiceOpening?, commanding: ServiceCommanding?, activity: ServiceActivity,
         registry: @escaping @Sendable () -> ExtensionRegistry, logger: Logger) {
        self.registry = registry
        self.opening = opening
        self.commanding = commanding
        self.sessions = sessions
        self.activity = activity
        self.renderer = renderer
        self.listing = listing
        self.logger = logger
    }

    func channelActive(context: ChannelHandlerContext) {
        link = ClientLink(channel: context.channel)
        activity.connectionOpened()
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        sessions.detach(context.channel)
        activity.connectionClosed()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        guard let link else { return }
        let line = Data(buffer.readableBytesView)
        var session: String?
        var intent: String?
        do throws(ServiceProblem) {
            let message = try ClientMessage.parse(line)
            switch message {
            case .run(let request, let deadline, let form):
                intent = request.intent
                try sessions.start(request, deadline: deadline, form: form, client: link)
            case .answer(let identifier, let answer):
                session = identifier
                try sessions.session(identifier).deliver(answer.map { .answer($0) } ?? .noAnswer, from: link)
            case .resume(let identifier):
                session = identifier
                try sessions.session(identifier).deliver(.resume, from: link)
            case .cancel(let identifier):
                session = identifier
                try sessions.cancel(identifier, from: link)
                link.send(.cancelled(session: identifier))
            case .setDeviceLocked(let locked):
                sessions.deviceLocked = locked
                logger.info(locked ? "device locked" : "device unlocked")
                link.send(.deviceLock(locked: locked))
            case .sessions:
                link.send(.sessions(sessions.summaries))
            case .list(let notable):
                // Scanning stats every plugin and may probe a new one in a
                // process: not on the event loop.
                let listing = self.listing
                Thread { link.send(.extensions(listing(notable))) }.start()
            case .shortcuts(let app, let locale, let phrasesOnly):
                // The store's file and the registry's scan: not on the event loop.
                let (registry, renderer) = (self.registry, self.renderer)
                Thread {
                    do throws(DonationStoreError) {
                        let store = try DonationStore(path: StoreLocation.defaultPath())
                        link.send(.shortcuts(try ShortcutListing.render(store: store, app: app, registry: registry(), phrasesOnly: phrasesOnly,
                                                                        languages: LanguagePreference([locale]))))
                    } catch {
                        let problem = ServiceProblem(.systemError, error.description, error: error)
                        link.send(.error(session: nil, problem: problem, rendered: renderer.render(problem, intent: nil)))
                    }
                }.start()
            case .open(let activityJSON, let app, let deadline):
                guard let opening else { throw ServiceProblem(.badMessage, "this service does not open activities") }
                // Launching an app and waiting for its answer blocks: not on the event loop.
                Thread {
                    let opened = opening(activityJSON, app, deadline)
                    link.send(.opened(opened.rendered, failed: opened.failed))
                }.start()
            case .command(let invocation):
                guard let commanding else {
                    link.send(.declined(reason: "this service runs no command lines"))
                    return
                }
                // The command holds a conversation (blocking): not on the event loop.
                let logger = self.logger
                let conversations = LocalConversations(sessions: sessions, renderer: renderer)
                Thread {
                    switch commanding(invocation, conversations) {
                    case .declined(let reason):
                        logger.debug("command line left to the full program", metadata: ["reason": "\(reason)"])
                        link.send(.declined(reason: reason))
                    case .ran(let output, let status):
                        logger.info("command line run for the exthost front", metadata: ["command": "\(invocation.arguments.first ?? "")", "status": "\(status)"])
                        for chunk in output { link.send(.output(chunk)) }
                        link.send(.exit(status: status))
                    }
                }.start()
            }
        } catch {
            logger.debug("refused a message", metadata: ["problem": "\(error.kind.rawValue)", "message": "\(error.message)"])
            link.send(.error(session: session, problem: error, rendered: renderer.render(error, intent: intent)))
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if error is LineFrameDecoder.LineTooLong {
            let problem = ServiceProblem(.badMessage, "a line longer than \(ServiceProtocol.maximumLineLength) bytes; the connection is closed")
            link?.send(.error(session: nil, problem: problem, rendered: renderer.render(problem, intent: nil)))
        } else {
            logger.debug("connection error", metadata: ["error": "\(error)"])
        }
        context.close(promise: nil)
    }
}
