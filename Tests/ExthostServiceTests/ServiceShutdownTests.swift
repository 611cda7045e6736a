import ExthostService
import ExthostTestSupport
import Foundation
import IntentSystem
import RequestWire
import Testing

/// Stopping the service: SIGTERM or SIGINT ends it cleanly.
@Suite("Shutting the service down")
struct ServiceShutdownTests {
    @Test("SIGTERM with a conversation in flight: the client gets an error answer, the socket is gone, exit status 0")
    func terminateInFlight() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["LightsExtension"]))
        let client = try ServiceClient.connect(to: service.socket)
        defer { client.close() }
        let request = try IntentRequest.parse(Data(#"{"intent": "SetLights", "parameters": {"room": "kitchen"}}"#.utf8), source: "test")
        try client.send(.run(request, deadline: nil))
        guard case .question(_, let question, _) = try client.receive() else {
            Issue.record("the conversation did not ask")
            return
        }
        #expect(question.answerKey == "brightness")
        let status = service.stop()
        guard case .error(_, let problem, let rendered) = try client.receive() else {
            Issue.record("the client got no error answer")
            return
        }
        #expect(problem.kind == .shuttingDown)
        #expect(rendered.exitStatus == 4)
        #expect(rendered.report["outcome"] as? String == "error")
        #expect(status == 0, "\(service.output)")
        #expect(!FileManager.default.fileExists(atPath: service.socket))
    }

    @Test("a second service does not take over a live one's socket; SIGINT ends the first cleanly")
    func liveSocketKept() throws {
        let system = try ExampleSystem(plugins: ["LightsExtension"])
        let first = try RunningService(system)
        let second = try system.exthost(["serve", "--socket", first.socket])
        #expect(second.status == 4)
        #expect(second.standardError.contains("a service already listens there"))
        first.process.interrupt()
        first.process.waitUntilExit()
        #expect(first.process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: first.socket))
    }
}
