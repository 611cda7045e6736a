import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// One request as the API reads it.
struct HTTPRequest: Sendable {
    var method: HTTPMethod
    /// The path, without the query.
    var path: String
    /// The query's parameters, decoded; the last of a repeated name wins.
    var query: [String: String]
    var headers: HTTPHeaders
    var body: Data
}

/// One HTTP connection: gathers each request (its body up to
/// ``HTTPConfiguration/maximumBodyLength``) and gives it to the API, which
/// answers on any thread. `HTTPServerPipelineHandler` before it keeps the
/// next request of a pipelining client until this one is answered.
final class HTTPRequestHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart

    private let api: HTTPAPI
    private let activity: ServiceActivity
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()
    /// Bytes of body past the limit, read and dropped.
    private var dropped = 0

    /// Past this many bytes dropped of a body that is too large, the
    /// connection is closed instead of read to the end.
    private static let maximumDropped = 64 << 20

    init(api: HTTPAPI, activity: ServiceActivity) {
        self.api = api
        self.activity = activity
    }

    func channelActive(context: ChannelHandlerContext) {
        activity.connectionOpened()
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        activity.connectionClosed()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body.clear()
            dropped = 0
            if let length = head.headers.first(name: "Content-Length").flatMap(Int.init), length > HTTPConfiguration.maximumBodyLength {
                dropped = 1
            }
        case .body(var part):
            if dropped > 0 || body.readableBytes + part.readableBytes > HTTPConfiguration.maximumBodyLength {
                dropped += part.readableBytes
                body.clear()
                if dropped > Self.maximumDropped { context.close(promise: nil) }
            } else {
                body.writeBuffer(&part)
            }
        case .end:
            guard let head else { return }
            self.head = nil
            let tooLarge = dropped > 0
            let responder = HTTPResponder(channel: context.channel, version: head.version, keepAlive: head.isKeepAlive && !tooLarge)
            let components = URLComponents(string: head.uri)
            var query: [String: String] = [:]
            for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
            let request = HTTPRequest(method: head.method, path: components?.percentEncodedPath ?? head.uri, query: query,
                                      headers: head.headers, body: Data(body.readableBytesView))
            body.clear()
            if tooLarge {
                responder.respond(api.problem(.bodyTooLarge, "the request body is larger than \(HTTPConfiguration.maximumBodyLength) bytes; send a smaller one (an intent file's object is a few KB)"))
            } else {
                api.handle(request, responder: responder)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A request that is not HTTP: NIO's pipeline answers 400 where it
        // can; the connection is closed either way.
        context.close(promise: nil)
    }
}
