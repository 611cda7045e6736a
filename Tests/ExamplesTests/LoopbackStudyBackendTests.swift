import Foundation
@testable import StudyRecordExtension
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The StudyRecord backend client against a one-shot HTTP server on loopback.
struct LoopbackStudyBackendTests {
    /// Listens on an ephemeral loopback port, answers one request with
    /// `status` and `body`, and keeps the request it read.
    final class OneShotServer: @unchecked Sendable {
        let port: UInt16
        private let fd: Int32
        private let done = DispatchSemaphore(value: 0)
        private(set) var request = ""

        init(status: String, body: String) throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            self.fd = fd
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &length) == 0 }
            }
            guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
            port = UInt16(bigEndian: address.sin_port)
            Thread.detachNewThread { [self] in
                let client = accept(fd, nil, nil)
                var received = [UInt8]()
                var buffer = [UInt8](repeating: 0, count: 4096)
                while !String(decoding: received, as: UTF8.self).contains("}") {
                    let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                    if count <= 0 { break }
                    received += buffer[0..<count]
                }
                self.request = String(decoding: received, as: UTF8.self)
                let answer = Array("HTTP/1.0 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
                _ = answer.withUnsafeBytes { send(client, $0.baseAddress, $0.count, 0) }
                close(client)
                self.done.signal()
            }
        }

        func finish() {
            _ = done.wait(timeout: .now() + 5)
            close(fd)
        }
    }

    func record() -> StudyRecord {
        let intent = PostStudyRecordIntent()
        intent.material = Material(identifier: "book-2", display: "The Swift Programming Language")
        intent.duration = 30
        intent.memo = "closures"
        return StudyRecord(intent: intent)
    }

    @Test func successReadsTheWeeklyProgress() throws {
        let server = try OneShotServer(status: "200 OK", body: #"{"weeklyMinutes":120,"weeklyGoalMinutes":300}"#)
        let result = LoopbackStudyBackend(port: server.port).post(record())
        server.finish()
        #expect(result == .success(WeeklyProgress(weeklyMinutes: 120, weeklyGoalMinutes: 300)))
        #expect(server.request.hasPrefix("POST /records HTTP/1.0\r\n"))
        #expect(server.request.contains(#""durationMinutes":30"#))
        #expect(server.request.contains(#""materialIdentifier":"book-2""#))
    }

    @Test func refusalsMapToTheirErrors() throws {
        let cases: [(String, StudyBackendError)] = [
            ("401 Unauthorized", .loggedOut),
            ("404 Not Found", .materialNotOnBookshelf),
            ("422 Unprocessable Entity", .bannedWordInMemo),
            ("500 Internal Server Error", .unexpected("the backend answered HTTP 500")),
        ]
        for (status, error) in cases {
            let server = try OneShotServer(status: status, body: "{}")
            let result = LoopbackStudyBackend(port: server.port).post(record())
            server.finish()
            #expect(result == .failure(error), "\(status)")
        }
    }

    @Test func aRefusedConnectionIsOffline() {
        #expect(LoopbackStudyBackend(port: 1).post(record()) == .failure(.offline))
    }
}
