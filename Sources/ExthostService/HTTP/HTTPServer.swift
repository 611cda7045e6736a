import Logging
import NIOCore
import NIOHTTP1
import NIOPosix

/// The HTTP listener of `exthost serve --http`.
enum HTTPServer {
    /// Binds the HTTP API's listener.
    ///
    /// - Returns: The listening channel; its `localAddress` has the port
    ///   bound (the one asked for, or the system's choice for 0).
    /// - Throws: ``ServiceStartError`` when the address cannot be bound.
    static func bind(_ configuration: HTTPConfiguration, api: HTTPAPI, activity: ServiceActivity) async throws -> any Channel {
        do {
            return try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.backlog, value: 256)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                        try channel.pipeline.syncOperations.addHandler(HTTPRequestHandler(api: api, activity: activity))
                    }
                }
                .bind(host: configuration.host, port: configuration.port)
                .get()
        } catch {
            throw ServiceStartError(path: "http://\(configuration.hostForURL):\(configuration.port)",
                                    reason: "cannot listen there: \(error); choose another port (--http 127.0.0.1:0 lets the system choose)")
        }
    }
}

extension HTTPConfiguration {
    /// The host as a URL writes it (IPv6 in brackets).
    var hostForURL: String {
        host.contains(":") ? "[\(host)]" : host
    }
}
