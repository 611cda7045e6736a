import ExthostService
import ExthostTestSupport
import Foundation
import IntentSystem
import RequestWire
import Testing

/// Conversations as sessions: left open at a question, continued by a
/// later call, expired, cancelled, and several at once.
@Suite("Sessions in the service")
struct ServiceSessionTests {
    private let lights = #"{"intent": "SetLights", "parameters": {"room": "kitchen", "brightness": 150, "color": "purple"}}"#

    @Test("a question left open is answered in a second call, with the transcript of one run")
    func answeredInSecondCall() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["LightsExtension"]))
        let open = try service.run(lights, answers: ["brightness=60"])
        #expect(open.status == 3, "\(open.both)")
        let session = try #require(try open.json()["session"] as? String)
        #expect((try open.question())?["answerKey"] as? String == "color")

        let continued = try service.exthost(["session", "continue", session, "--socket", service.socket, "--json", "--answer", "color=warm"])
        #expect(continued.status == 0, "\(continued.both)")
        let local = try service.runInProcess(lights, answers: ["brightness=60", "color=warm"])
        #expect(try continued.jsonWithoutTimings() == local.jsonWithoutTimings())

        // The session is over: continuing it again is refused.
        let again = try service.exthost(["session", "continue", session, "--socket", service.socket, "--json"])
        #expect(again.status == 4)
        #expect(service.stop() == 0)
    }

    @Test("an answer after the session expired gets a clear error")
    func expired() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["LightsExtension"]), arguments: ["--session-expiry", "1"])
        let open = try service.run(lights)
        let session = try #require(try open.json()["session"] as? String)
        Thread.sleep(forTimeInterval: 1.5)
        let late = try service.exthost(["session", "continue", session, "--socket", service.socket, "--json", "--answer", "brightness=60"])
        #expect(late.status == 4)
        let json = try late.json()
        #expect(json["problem"] as? String == "sessionExpired")
        #expect((json["message"] as? String)?.contains("expired: no answer to “How bright, in percent?” within 1 s") == true)
        #expect(service.stop() == 0)
    }

    @Test("a cancelled session ends; continuing it says it was cancelled")
    func cancelled() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["LightsExtension"]))
        let session = try #require(try service.run(lights).json()["session"] as? String)
        let cancel = try service.exthost(["session", "cancel", session, "--socket", service.socket])
        #expect(cancel.status == 0, "\(cancel.both)")
        let late = try service.exthost(["session", "continue", session, "--socket", service.socket, "--json"])
        #expect(late.status == 1)
        #expect(try late.json()["problem"] as? String == "sessionCancelled")
        #expect(service.stop() == 0)
    }

    /// The service's next message other than `said`, and the lines said before it.
    private static func next(_ client: ServiceClient) throws -> (said: [String], message: ServiceMessage) {
        var said: [String] = []
        while true {
            let message = try client.receive()
            guard case .said(_, let line) = message else { return (said, message) }
            said.append(line)
        }
    }

    @Test("two clients at once: one waits at a question while the other runs a whole conversation")
    func twoClients() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["LightsExtension"]))
        let waiting = try ServiceClient.connect(to: service.socket)
        defer { waiting.close() }
        let request = try IntentRequest.parse(Data(lights.utf8), source: "test")
        try waiting.send(.run(request, deadline: nil))
        let (firstSaid, first) = try Self.next(waiting)
        #expect(firstSaid == ["Brightness goes up to 100%."])
        guard case .question(let session, let question, _) = first else {
            Issue.record("the first client was not asked")
            return
        }
        #expect(question.answerKey == "brightness")

        let other = try service.run(lights, answers: ["brightness=40", "color=warm"])
        #expect(other.status == 0, "\(other.both)")

        try waiting.send(.answer(session: session, answer: "60"))
        let (said, second) = try Self.next(waiting)
        guard case .question(_, let next, _) = second else {
            Issue.record("the first client's conversation did not go on")
            return
        }
        #expect(said == ["I don't know the color purple."])
        #expect(next.answerKey == "color")
        try waiting.send(.answer(session: session, answer: "warm"))
        guard case .result(_, let rendered, let open, _) = try waiting.receive() else {
            Issue.record("no result for the first client")
            return
        }
        #expect(!open)
        #expect(rendered.exitStatus == 0)
        #expect(rendered.report["message"] as? String == "The kitchen lights are at 60%.")
        #expect(service.stop() == 0)
    }
}
