import AppWire
import ExthostPosix
import Foundation
import IntentConversation
import RequestWire

/// A client of `exthost serve`: one connection, used from one thread,
/// blocking on each reply. What `exthost run --service` uses.
public final class ServiceClient {
    /// The socket it is connected to.
    public let socketPath: String
    private let socket: UnixSocket

    private init(socketPath: String, socket: UnixSocket) {
        self.socketPath = socketPath
        self.socket = socket
    }

    /// Connects to the service at `path`.
    ///
    /// - Throws: ``ServiceClientError`` `notRunning` when nothing listens there.
    public static func connect(to path: String) throws(ServiceClientError) -> ServiceClient {
        do {
            return ServiceClient(socketPath: path, socket: try UnixSocket.connect(to: path))
        } catch {
            throw ServiceClientError(
                kind: .notRunning, socketPath: path,
                message: "no exthost service is running at \(path) (\(error.reason)): start one with `exthost serve` (--socket or $\(ServiceConfiguration.socketVariable) to choose the socket), or leave out --no-start to have one started in the background"
            )
        }
    }

    /// Sends one message.
    public func send(_ message: ClientMessage) throws(ServiceClientError) {
        do {
            try socket.send(line: message.line)
        } catch {
            throw ServiceClientError(kind: .connectionLost, socketPath: socketPath, message: "cannot send to the service at \(socketPath): \(error)")
        }
    }

    /// Reads the service's next message, waiting as long as it takes.
    public func receive() throws(ServiceClientError) -> ServiceMessage {
        let line: Data?
        do {
            line = try socket.receiveLine(deadline: nil)
        } catch {
            throw ServiceClientError(kind: .connectionLost, socketPath: socketPath, message: "cannot read from the service at \(socketPath): \(error)")
        }
        guard let line else {
            throw ServiceClientError(kind: .connectionLost, socketPath: socketPath,
                                     message: "the service at \(socketPath) closed the connection before answering; its log (standard error of `exthost serve`) says why")
        }
        do {
            return try ServiceMessage.parse(line)
        } catch {
            throw ServiceClientError(kind: .badReply, socketPath: socketPath, message: error.message)
        }
    }

    /// Sends `message` and holds the conversation it starts or continues:
    /// says what the service says, and answers its questions with
    /// `prompter` (nil: no answer now, the session stays open).
    ///
    /// - Returns: The message that ends the exchange: `result`, `error` or `cancelled`.
    public func converse(_ message: ClientMessage, prompter: any ConversationPrompter) throws(ServiceClientError) -> ServiceMessage {
        try send(message)
        while true {
            let reply = try receive()
            switch reply {
            case .said(_, let line):
                prompter.say(line)
            case .question(let session, let question, _):
                try send(.answer(session: session, answer: prompter.answer(question)))
            case .result, .error, .cancelled, .deviceLock, .extensions, .shortcuts, .sessions, .opened, .output, .exit, .declined:
                return reply
            }
        }
    }

    /// Closes the connection.
    public func close() {
        socket.close()
    }
}
