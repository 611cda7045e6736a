import Foundation
import NIOCore
import NIOHTTP1

/// One response: a status, JSON, and headers.
struct HTTPResponse: Sendable {
    var status: HTTPResponseStatus
    var body: Data
    var headers: [(String, String)] = []
    var contentType = "application/json"

    /// A text response (`GET /metrics`).
    init(_ status: HTTPResponseStatus, text: String, contentType: String) {
        self.status = status
        self.body = Data(text.utf8)
        self.contentType = contentType
    }

    /// A response of JSON already written (`RasaActionAnswer`).
    init(_ status: HTTPResponseStatus, body: [UInt8]) {
        self.status = status
        self.body = Data(body)
    }

    /// A JSON response: compact, keys sorted, slashes as they are.
    /// An object JSON cannot hold (a number that is not finite) is a 500
    /// with the error body, never a partial answer.
    init(_ status: HTTPResponseStatus, json object: [String: Any], headers: [(String, String)] = []) {
        self.headers = headers
        do {
            self.body = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            self.status = status
        } catch {
            let message = "the service could not write its answer as JSON (\(error)); this is a bug of exthost: report it with the request"
            let problem: [String: Any] = ["problem": "systemError", "message": message, "lines": [message], "exitStatus": 4,
                                          "report": ["outcome": "error", "message": message, "code": NSNull(), "transcript": [Any](), "question": NSNull()]]
            self.body = (try? JSONSerialization.data(withJSONObject: problem, options: [.sortedKeys])) ?? Data()
            self.status = .internalServerError
        }
    }
}

/// Where one request's response goes: the connection it came on.
///
/// Thread safety: ``respond(_:)`` may be called from any thread, once per
/// request; the write happens on the connection's event loop.
struct HTTPResponder: Sendable {
    let channel: any Channel
    let version: HTTPVersion
    /// Whether the connection stays open after the response.
    let keepAlive: Bool
    /// Told each response's status once it is handed to the connection (metrics).
    var onRespond: (@Sendable (_ status: UInt) -> Void)?

    /// Writes the response.
    ///
    /// - Returns: A future that completes once the response is written.
    @discardableResult
    func respond(_ response: HTTPResponse) -> EventLoopFuture<Void> {
        let (channel, version, keepAlive) = (self.channel, self.version, self.keepAlive)
        onRespond?(response.status.code)
        return channel.eventLoop.flatSubmit {
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: response.contentType)
            headers.add(name: "Content-Length", value: String(response.body.count))
            headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
            for (name, value) in response.headers { headers.add(name: name, value: value) }
            let head = HTTPResponseHead(version: version, status: response.status, headers: headers)
            channel.write(HTTPServerResponsePart.head(head), promise: nil)
            channel.write(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(bytes: response.body))), promise: nil)
            let written = channel.writeAndFlush(HTTPServerResponsePart.end(nil))
            if !keepAlive { written.whenComplete { _ in channel.close(promise: nil) } }
            return written
        }
    }

    /// A future already succeeded on the connection's event loop.
    var done: EventLoopFuture<Void> {
        channel.eventLoop.makeSucceededVoidFuture()
    }
}
