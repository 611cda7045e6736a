import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The app's backend, reached over HTTP on 127.0.0.1 with plain sockets (no
/// networking framework to load for one request): one request per
/// connection, answered with `Connection: close`. The extension and the app
/// both use it.
///
/// - `POST /records` with a ``StudyRecord``: 200 with ``WeeklyProgress``,
///   401 logged out, 404 material not on the bookshelf, 422 banned word in the memo.
/// - `POST /events` with a list of ``StudyEvent``: 200.
///
/// A connection refused (or not answered) is "offline".
public struct BackendClient: Sendable {
    /// The port on 127.0.0.1.
    public var port: UInt16
    /// Seconds to wait for the backend to answer.
    public var timeout: Int

    public init(port: UInt16, timeout: Int = 5) {
        self.port = port
        self.timeout = timeout
    }

    /// The backend at `$STUDYRECORD_BACKEND_PORT` (default 8734).
    public static func fromEnvironment() -> BackendClient {
        let port = ProcessInfo.processInfo.environment[StudyRecordIdentity.backendPortVariable].flatMap(UInt16.init)
        return BackendClient(port: port ?? StudyRecordIdentity.defaultBackendPort)
    }

    /// An answer from the backend.
    public struct Answer: Sendable {
        public var status: Int
        public var body: Data
    }

    /// Posts a record; answers the weekly progress after it.
    public func post(_ record: StudyRecord) -> Result<WeeklyProgress, StudyBackendError> {
        guard let body = try? JSONEncoder().encode(record) else { return .failure(.unexpected("cannot encode the record")) }
        let answer: Answer
        switch exchange(method: "POST", path: "/records", body: body) {
        case .success(let value): answer = value
        case .failure(let error): return .failure(error)
        }
        switch answer.status {
        case 200:
            guard let progress = try? JSONDecoder().decode(WeeklyProgress.self, from: answer.body) else {
                return .failure(.unexpected("the backend answered 200 without weekly progress"))
            }
            return .success(progress)
        case 401: return .failure(.loggedOut)
        case 404: return .failure(.materialNotOnBookshelf)
        case 422: return .failure(.bannedWordInMemo)
        default: return .failure(.unexpected("the backend answered HTTP \(answer.status)"))
        }
    }

    /// Posts events for the backend's analytics.
    public func post(_ events: [StudyEvent]) -> Result<Void, StudyBackendError> {
        guard let body = try? JSONEncoder().encode(events) else { return .failure(.unexpected("cannot encode the events")) }
        switch exchange(method: "POST", path: "/events", body: body) {
        case .success(let answer) where answer.status == 200: return .success(())
        case .success(let answer): return .failure(.unexpected("the backend answered HTTP \(answer.status)"))
        case .failure(let error): return .failure(error)
        }
    }

    /// One request and its answer.
    ///
    /// - Parameters:
    ///   - method: `GET` or `POST`.
    ///   - path: e.g. `/records`.
    ///   - body: JSON, for a `POST`.
    /// - Returns: The status and body, or `.offline` when the backend cannot be reached.
    public func exchange(method: String, path: String, body: Data = Data()) -> Result<Answer, StudyBackendError> {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return .failure(.unexpected("socket() failed: errno \(errno)")) }
        defer { close(fd) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return .failure(.offline) }
        let head = "\(method) \(path) HTTP/1.0\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let request = Array(head.utf8) + Array(body)
        var sent = 0
        while sent < request.count {
            let written = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return .failure(.offline) }
            sent += written
        }
        var answer = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        return Self.parse(answer)
    }

    /// The status and body of an HTTP answer (`Connection: close`: the body
    /// runs to the end).
    static func parse(_ answer: [UInt8]) -> Result<Answer, StudyBackendError> {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard answer.count >= 4,
              let end = (0...(answer.count - 4)).first(where: { answer[$0..<$0 + 4].elementsEqual(separator) }) else {
            return .failure(.offline)
        }
        let head = String(decoding: answer[..<end], as: UTF8.self)
        guard let statusLine = head.split(separator: "\r\n", maxSplits: 1).first,
              let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            return .failure(.offline)
        }
        return .success(Answer(status: status, body: Data(answer[(end + 4)...])))
    }
}
