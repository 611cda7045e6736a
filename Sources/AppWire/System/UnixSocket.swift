import ExthostPosix
import Foundation

/// A connected Unix-domain stream socket that carries one JSON value per line.
///
/// Thread safety: one thread at a time may use a socket; the system's client
/// and each of the app's connections are used from a single thread.
public final class UnixSocket: @unchecked Sendable {
    /// The file descriptor; closed by ``close()`` or when the socket is released.
    public let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    private var closed = false

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    deinit { close() }

    /// Connects to the socket at `path`.
    ///
    /// - Throws: `SystemCallError` (`ENOENT` or `ECONNREFUSED` when nothing listens there).
    package static func connect(to path: String) throws(SystemCallError) -> UnixSocket {
        let fd = try Posix.unixStreamSocket()
        do {
            try Posix.connect(fd, path: path)
        } catch {
            Posix.close(fd)
            throw error
        }
        return UnixSocket(fileDescriptor: fd)
    }

    /// Closes the socket; later calls do nothing.
    public func close() {
        guard !closed else { return }
        closed = true
        Posix.close(fileDescriptor)
    }

    /// Sends `value` as one line of JSON.
    public func send<Value: Encodable>(_ value: Value) throws {
        var data = try JSONEncoder.wire.encode(value)
        data.append(0x0A)
        try data.withUnsafeBytes { bytes in try Posix.send(fileDescriptor, bytes) }
    }

    /// Sends bytes that already make one line (ending in a newline).
    public func send(line: Data) throws {
        try line.withUnsafeBytes { bytes in try Posix.send(fileDescriptor, bytes) }
    }

    /// Reads the next line, without its newline.
    ///
    /// - Parameter deadline: Monotonic nanoseconds (`Posix.monotonicNanoseconds()`)
    ///   to give up at; nil waits as long as it takes.
    /// - Returns: The line, or nil when the other side closed the connection.
    /// - Throws: ``SocketTimeout`` when the deadline passes first; `SystemCallError`.
    public func receiveLine(deadline: UInt64?) throws -> Data? {
        try readLine(deadline: deadline)
    }

    /// Reads the next line of JSON as a `Value`.
    ///
    /// - Parameter deadline: Monotonic nanoseconds (`Posix.monotonicNanoseconds()`)
    ///   to give up at; nil waits as long as it takes.
    /// - Returns: The value, or nil when the other side closed the connection.
    /// - Throws: ``SocketTimeout`` when the deadline passes first; a decoding
    ///   error for a line that is not a `Value`.
    public func receive<Value: Decodable>(_ type: Value.Type, deadline: UInt64?) throws -> Value? {
        guard let line = try readLine(deadline: deadline) else { return nil }
        return try JSONDecoder().decode(Value.self, from: line)
    }

    private func readLine(deadline: UInt64?) throws -> Data? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Data(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            if let deadline, try !Posix.pollReadable(fileDescriptor, until: deadline) {
                throw SocketTimeout()
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = try chunk.withUnsafeMutableBytes { try Posix.read(fileDescriptor, into: $0) }
            if count == 0 { return nil }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}

/// A read on a ``UnixSocket`` whose deadline passed.
public struct SocketTimeout: Error {}

extension JSONEncoder {
    /// Compact, key-sorted: one value per line, stable for tests.
    static var wire: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
