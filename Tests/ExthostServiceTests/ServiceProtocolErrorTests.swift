import AppWire
import ExthostPosix
import ExthostService
import ExthostTestSupport
import Foundation
import RequestWire
import Testing

/// What the service answers to lines that are not messages of its protocol,
/// sent over a raw socket as any client could.
@Suite("Protocol errors")
struct ServiceProtocolErrorTests {
    private func exchange(_ lines: [String], with service: RunningService) throws -> [ServiceMessage] {
        let socket = try UnixSocket.connect(to: service.socket)
        defer { socket.close() }
        var replies: [ServiceMessage] = []
        for line in lines {
            try socket.send(line: Data((line + "\n").utf8))
            guard let reply = try socket.receiveLine(deadline: Posix.monotonicNanoseconds() + 10_000_000_000) else { break }
            replies.append(try ServiceMessage.parse(reply))
        }
        return replies
    }

    private func problems(_ replies: [ServiceMessage]) -> [ServiceProblem.Kind] {
        replies.compactMap { reply in
            if case .error(_, let problem, _) = reply { return problem.kind }
            return nil
        }
    }

    @Test("not JSON, no version, another version, an unknown type, an unknown session: each its problem, the connection stays")
    func refusedMessages() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["LightsExtension"]))
        let replies = try exchange([
            "hello",
            #"{"type": "run", "request": {"intent": "SetLights"}}"#,
            #"{"version": 2, "type": "run", "request": {"intent": "SetLights"}}"#,
            #"{"version": 1, "type": "dance"}"#,
            #"{"version": 1, "type": "answer", "session": "nope", "answer": "1"}"#,
            #"{"version": 1, "type": "run", "request": {"intent": "SetLights", "colour": 1}}"#,
        ], with: service)
        #expect(problems(replies) == [.badMessage, .badMessage, .unsupportedVersion, .badMessage, .unknownSession, .badRequest])
        #expect(service.stop() == 0)
    }

    @Test("a line longer than the limit is refused and the connection closed")
    func lineTooLong() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["LightsExtension"]))
        let long = #"{"version": 1, "type": "run", "request": {"intent": ""# + String(repeating: "x", count: ServiceProtocol.maximumLineLength) + #""}}"#
        let replies = try exchange([long], with: service)
        #expect(problems(replies) == [.badMessage])
        #expect(service.stop() == 0)
    }
}
