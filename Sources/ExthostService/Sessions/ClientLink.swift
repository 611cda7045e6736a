import Foundation
import NIOCore
import RequestWire

/// One client, as a session sees it: where its messages go. A connection
/// of the socket protocol, or one HTTP exchange (``HTTPExchange``).
///
/// Thread safety: ``send(_:)`` may be called from any thread (a
/// conversation's own); NIO queues the write on the connection's event loop.
final class ClientLink: Sendable {
    private enum Destination: Sendable {
        case channel(any Channel)
        case sink(@Sendable (ServiceMessage) -> EventLoopFuture<Void>)
    }

    private let destination: Destination

    init(channel: any Channel) {
        destination = .channel(channel)
    }

    /// A client that is not a connection of its own: each message is given
    /// to `sink`, on the thread that sends it, which must not block.
    ///
    /// - Parameter sink: Takes a message; its future completes when what the
    ///   message needed written is written.
    init(sink: @escaping @Sendable (ServiceMessage) -> EventLoopFuture<Void>) {
        destination = .sink(sink)
    }

    /// Sends one message; the future completes when it is written (or failed,
    /// when the client went away).
    @discardableResult
    func send(_ message: ServiceMessage) -> EventLoopFuture<Void> {
        switch destination {
        case .channel(let channel): channel.writeAndFlush(ByteBuffer(bytes: message.line))
        case .sink(let sink): sink(message)
        }
    }

    /// Whether this link is `channel`'s.
    func isLink(of channel: any Channel) -> Bool {
        if case .channel(let own) = destination { return own === channel }
        return false
    }
}
