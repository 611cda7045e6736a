import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The app's backend: a small HTTP server on loopback, reached with plain
/// sockets (no networking framework to load for one request).
///
/// `POST /records` with the record as JSON answers 200 with the weekly
/// progress, 401 when logged out, 404 when the material is not on the
/// bookshelf, 422 when the memo has a banned word. A refused connection is
/// "offline".
struct LoopbackStudyBackend: StudyBackend {
    /// The port on 127.0.0.1.
    var port: UInt16

    /// The backend at `STUDYRECORD_BACKEND_PORT` (default 8734).
    static func fromEnvironment() -> LoopbackStudyBackend {
        let port = ProcessInfo.processInfo.environment["STUDYRECORD_BACKEND_PORT"].flatMap(UInt16.init) ?? 8734
        return LoopbackStudyBackend(port: port)
    }

    func post(_ record: StudyRecord) -> Result<WeeklyProgress, StudyBackendError> {
        guard let body = try? JSONEncoder().encode(record) else { return .failure(.unexpected("cannot encode the record")) }
        let response: (status: Int, body: Data)
        switch exchange(path: "/records", body: body) {
        case .success(let answer): response = answer
        case .failure(let error): return .failure(error)
        }
        switch response.status {
        case 200:
            guard let progress = try? JSONDecoder().decode(WeeklyProgress.self, from: response.body) else {
                return .failure(.unexpected("the backend answered 200 without weekly progress"))
            }
            return .success(progress)
        case 401: return .failure(.loggedOut)
        case 404: return .failure(.materialNotOnBookshelf)
        case 422: return .failure(.bannedWordInMemo)
        default: return .failure(.unexpected("the backend answered HTTP \(response.status)"))
        }
    }

    private func exchange(path: String, body: Data) -> Result<(status: Int, body: Data), StudyBackendError> {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return .failure(.unexpected("socket() failed: errno \(errno)")) }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return .failure(.offline) }
        let head = "POST \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let request = Array(head.utf8) + Array(body)
        var sent = 0
        while sent < request.count {
            let written = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            guard written > 0 else { return .failure(.offline) }
            sent += written
        }
        var answer = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        let text = String(decoding: answer, as: UTF8.self)
        guard let statusLine = text.split(separator: "\r\n", maxSplits: 1).first,
              let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            return .failure(.offline)
        }
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var bodyStart = answer.count
        if answer.count >= 4 {
            for index in 0...(answer.count - 4) where Array(answer[index..<index + 4]) == separator {
                bodyStart = index + 4
                break
            }
        }
        return .success((status, Data(answer[bodyStart...])))
    }
}
