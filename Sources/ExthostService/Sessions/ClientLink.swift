import Foundation
import NIOCore

/// One client connection, as a session sees it: where its messages go.
///
/// Thread safety: ``send(_:)`` may be called from any thread (a
/// conversation's own); NIO queues the write on the connection's event loop.
final class ClientLink: Sendable {
    private let channel: any Channel

    init(channel: any Channel) {
        self.channel = channel
    }

    /// Sends one message; the future completes when it is written (or failed,
    /// when the client went away).
    @discardableResult
    func send(_ message: ServiceMessage) -> EventLoopFuture<Void> {
        channel.writeAndFlush(ByteBuffer(bytes: message.line))
    }

    /// Whether this link is `channel`'s.
    func isLink(of channel: any Channel) -> Bool {
        self.channel === channel
    }
}
