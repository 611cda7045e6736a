import Foundation
import NIOCore
import RequestWire

/// Where and for whom `exthost serve --http` listens.
///
/// Loopback only, unless binding elsewhere is asked for explicitly
/// (`allowRemote` at `init`, `--http-allow-remote`) and a token guards it: anyone who reaches the port can
/// run the user's extensions, so an address other machines reach without a
/// secret is refused.
public struct HTTPConfiguration: Sendable {
    /// The address to bind: an IPv4 or IPv6 literal (`127.0.0.1`, `::1`), or `localhost`.
    public var host: String
    /// The port; 0 lets the system choose one (the service logs it).
    public var port: Int
    /// The bearer token every request but `/healthz` and `/readyz` must
    /// carry (`Authorization: Bearer TOKEN`); nil for none (loopback only).
    public var token: String?
    /// The folders of app manifests a donation's activity type is checked
    /// against (`--apps`); empty for the default ones.
    public var appDirectories: [String] = []
    /// The longest request body read, in bytes (as the socket protocol's lines).
    public static let maximumBodyLength = ServiceProtocol.maximumLineLength

    /// Reads `HOST:PORT` (`[::1]:8080` for IPv6).
    ///
    /// - Throws: ``HTTPConfigurationError`` naming what is wrong with the
    ///   address, or a non-loopback host without `allowRemote` and a token.
    public init(address: String, token: String?, allowRemote: Bool) throws(HTTPConfigurationError) {
        let hostPart: Substring
        let portPart: Substring
        if address.hasPrefix("["), let close = address.firstIndex(of: "]") {
            hostPart = address[address.index(after: address.startIndex)..<close]
            let rest = address[address.index(after: close)...]
            guard rest.hasPrefix(":") else { throw HTTPConfigurationError("--http \(address): write the port after the bracketed address, like [::1]:8080") }
            portPart = rest.dropFirst()
        } else {
            guard let colon = address.lastIndex(of: ":") else {
                throw HTTPConfigurationError("--http \(address): give an address and a port, like 127.0.0.1:8080 (port 0 lets the system choose)")
            }
            hostPart = address[..<colon]
            portPart = address[address.index(after: colon)...]
        }
        guard let port = Int(portPart), (0...65_535).contains(port) else {
            throw HTTPConfigurationError("--http \(address): the port must be a number from 0 to 65535; got \"\(portPart)\"")
        }
        let host = hostPart == "localhost" ? "127.0.0.1" : String(hostPart)
        guard let loopback = Self.isLoopback(host) else {
            throw HTTPConfigurationError("--http \(address): \"\(hostPart)\" is not an IP address; give one (127.0.0.1, ::1) or localhost")
        }
        if let token, token.count < 16 {
            throw HTTPConfigurationError("the HTTP token is \(token.count) characters long; use at least 16 (for example: head -c 24 /dev/urandom | base64)")
        }
        if !loopback {
            guard allowRemote else {
                throw HTTPConfigurationError("--http \(address) is not a loopback address: other machines could run your extensions. Use 127.0.0.1, or add --http-allow-remote and --http-token-file FILE")
            }
            guard token != nil else {
                throw HTTPConfigurationError("--http \(address) with --http-allow-remote needs a token: --http-token-file FILE (its first line; clients send Authorization: Bearer TOKEN)")
            }
        }
        self.host = host
        self.port = port
        self.token = token
    }

    /// Whether an IP literal is a loopback address; nil when it is not an IP literal.
    static func isLoopback(_ host: String) -> Bool? {
        guard let address = try? SocketAddress(ipAddress: host, port: 0) else { return nil }
        switch address {
        case .v4: return address.ipAddress?.hasPrefix("127.") == true
        case .v6: return address.ipAddress == "::1"
        default: return nil
        }
    }
}

/// `--http` or its token is not usable as given.
public struct HTTPConfigurationError: Error, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
