import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1: plain POSIX sockets, one request
/// per connection (`Connection: close`), served one at a time.
final class HTTPServer {
    /// One request.
    struct Request {
        var method: String
        var path: String
        var body: Data
    }

    /// One answer: a status and a JSON body.
    struct Response {
        var status: Int
        var body: Data

        static func json(_ status: Int, _ value: some Encodable) -> Response {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return Response(status: status, body: (try? encoder.encode(value)) ?? Data("{}".utf8))
        }

        static func error(_ status: Int, _ message: String) -> Response {
            json(status, ["error": message])
        }
    }

    /// The port it listens on (the one asked for, or the one the system chose for 0).
    let port: UInt16
    private let listener: Int32

    /// Listens on 127.0.0.1:`port` (0 for any free port).
    ///
    /// - Throws: ``ServerError`` naming the call that failed.
    init(port: UInt16) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket", errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else {
            let error = errno
            close(fd)
            throw ServerError("bind to 127.0.0.1:\(port)", error)
        }
        guard listen(fd, 64) == 0 else {
            let error = errno
            close(fd)
            throw ServerError("listen", error)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.listener = fd
        self.port = UInt16(bigEndian: address.sin_port)
    }

    /// Serves requests forever with `handle`.
    func serve(_ handle: (Request) -> Response) -> Never {
        signal(SIGPIPE, SIG_IGN)
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 { continue }
            var limit = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            let response: Response
            if let request = read(client) {
                response = handle(request)
                log("\(request.method) \(request.path) → \(response.status)")
            } else {
                response = .error(400, "not an HTTP request")
            }
            write(response, to: client)
            close(client)
        }
    }

    /// Prints a line to standard output at once (the demo and tests read it).
    func log(_ line: String) {
        FileHandle.standardOutput.write(Data("[backend] \(line)\n".utf8))
    }

    private func read(_ client: Int32) -> Request? {
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var headEnd: Int?
        var contentLength = 0
        while true {
            if let end = headEnd, bytes.count >= end + 4 + contentLength { break }
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += buffer[0..<count]
            if headEnd == nil, let end = Self.headEnd(bytes) {
                headEnd = end
                let head = String(decoding: bytes[..<end], as: UTF8.self)
                for line in head.split(separator: "\r\n").dropFirst() {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    if parts.count == 2, parts[0].lowercased() == "content-length" {
                        contentLength = Int(parts[1].trimmingCharacters(in: .whitespaces)) ?? 0
                    }
                }
            }
        }
        guard let end = headEnd else { return nil }
        let head = String(decoding: bytes[..<end], as: UTF8.self)
        let requestLine = head.split(separator: "\r\n").first?.split(separator: " ") ?? []
        guard requestLine.count >= 3, requestLine[2].hasPrefix("HTTP/1.") else { return nil }
        let body = bytes[(end + 4)...].prefix(contentLength)
        return Request(method: String(requestLine[0]), path: String(requestLine[1]), body: Data(body))
    }

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        let separator: [UInt8] = [13, 10, 13, 10]
        return (0...(bytes.count - 4)).first { bytes[$0..<$0 + 4].elementsEqual(separator) }
    }

    private func write(_ response: Response, to client: Int32) {
        let head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + Array(response.body)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            sent += written
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 422: "Unprocessable Entity"
        default: "Status"
        }
    }
}
