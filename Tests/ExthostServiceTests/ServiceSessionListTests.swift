import ExthostTestSupport
import Foundation
import Testing

/// `exthost session list`, and the bound on open sessions (`--max-sessions`).
@Suite("Listing and bounding the service's sessions")
struct ServiceSessionListTests {
    /// SetLights with no values: the first question is left open.
    private let unanswered = #"{"intent": "SetLights"}"#

    @Test("session list shows a session left open, its question and that no client holds it; then none once cancelled")
    func listsOpenSessions() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["LightsExtension"]))
        let empty = try service.exthost(["session", "list", "--socket", service.socket])
        #expect(empty.status == 0, "\(empty.both)")
        #expect(empty.standardOutput == "no open sessions\n")
        let open = try service.run(unanswered)
        #expect(open.status == 3, "\(open.both)")
        let session = try #require(try open.json()["session"] as? String)
        let question = try #require(try open.question()?["prompt"] as? String)

        let listed = try service.exthost(["session", "list", "--socket", service.socket, "--json"])
        #expect(listed.status == 0, "\(listed.both)")
        let sessions = try #require(try listed.json()["sessions"] as? [[String: Any]])
        #expect(sessions.count == 1)
        #expect(sessions.first?["session"] as? String == session)
        #expect(sessions.first?["intent"] as? String == "SetLights")
        #expect(sessions.first?["waiting"] as? Bool == true)
        #expect(sessions.first?["attached"] as? Bool == false)
        #expect(sessions.first?["question"] as? String == question)
        #expect(((sessions.first?["expiresInSeconds"] as? Double) ?? 0) > 200)

        let text = try service.exthost(["session", "list", "--socket", service.socket])
        #expect(text.standardOutput.contains("\(session)  SetLights  waiting for an answer to “\(question)”, expires in"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("(no client: exthost session continue \(session))"), "\(text.standardOutput)")

        #expect(try service.exthost(["session", "cancel", session, "--socket", service.socket]).status == 0)
        #expect(try service.exthost(["session", "list", "--socket", service.socket]).standardOutput == "no open sessions\n")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("--max-sessions: a request beyond the bound is refused with tooManySessions and status 4; a freed place serves again")
    func boundedSessions() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["LightsExtension"]), arguments: ["--max-sessions", "1"])
        let open = try service.run(unanswered)
        #expect(open.status == 3, "\(open.both)")
        let session = try #require(try open.json()["session"] as? String)

        let refused = try service.run(unanswered)
        #expect(refused.status == 4, "\(refused.both)")
        let report = try refused.json()
        #expect(report["problem"] as? String == "tooManySessions", "\(report)")
        let message = (report["error"] as? [String: Any])?["message"] as? String ?? report["message"] as? String ?? ""
        #expect(message.contains("the service holds 1 open sessions, its --max-sessions"), "\(refused.both)")

        #expect(try service.exthost(["session", "cancel", session, "--socket", service.socket]).status == 0)
        let again = try service.run(unanswered)
        #expect(again.status == 3, "\(again.both)")
        #expect(service.stop() == 0, "\(service.output)")
    }
}
