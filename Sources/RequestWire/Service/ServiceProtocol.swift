import Foundation

/// The client protocol of `exthost serve`: one JSON object per line over a
/// Unix stream socket, documented in `docs/service-protocol.md`.
///
/// Every message carries `"type"`; every message a client sends carries
/// `"version"`, which the service checks before anything else.
public enum ServiceProtocol {
    /// The version of the protocol this build speaks.
    ///
    /// Rationale: a version per message (not a handshake) costs no round
    /// trip, and a client that sends one line and reads the answer (a shell
    /// script with `socat`) needs no state.
    public static let version = 1

    /// The longest line the service reads, in bytes; a longer one is refused
    /// (`badMessage`) and the connection closed.
    public static let maximumLineLength = 1 << 20

    /// One message as a line: compact JSON, keys sorted (by their UTF-8
    /// bytes), ending in a newline (``ProtocolLineWriter``).
    ///
    /// - Parameter object: The message (Foundation JSON values, `NSNull` for null).
    /// - Returns: The line's bytes.
    static func line(_ object: [String: Any]) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        ProtocolLineWriter.append(object, to: &bytes)
        bytes.append(0x0A)
        return Data(bytes)
    }

    /// The JSON object a line holds, or nil when it holds none: read by
    /// ``ProtocolLineReader``, else by `JSONSerialization` (what the reader
    /// leaves to it, malformed lines among them).
    static func object(_ line: Data) -> [String: Any]? {
        ProtocolLineReader.object(line) ?? (try? JSONSerialization.jsonObject(with: line)) as? [String: Any]
    }
}
