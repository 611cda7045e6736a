import ExthostTestSupport
import Foundation
import Testing

/// The service's log says which conversation each line is for: an HTTP API
/// conversation's lines carry its `session`, a Rasa request's its
/// `sender_id`, the extension's lines (logged in its extension process)
/// included, in the text form and in the JSON form.
@Suite("Log lines name their conversation")
struct ServiceLogContextTests {
    /// A request as Rasa 3 sends it for a custom action outside a form.
    static func rasaRequest(_ action: String, sender: String) throws -> Data {
        let events: [[String: Any]] = [
            ["event": "action", "timestamp": 1_764_000_000.1, "name": "action_listen", "policy": NSNull(), "confidence": NSNull()],
            ["event": "user", "timestamp": 1_764_000_001.2, "text": "ping", "input_channel": "rest",
             "parse_data": ["intent": ["name": "ping", "confidence": 0.99], "entities": [Any](), "text": "ping"]],
        ]
        let body: [String: Any] = [
            "next_action": action, "sender_id": sender, "version": "3.6.21",
            "tracker": [
                "sender_id": sender, "conversation_id": sender, "slots": ["requested_slot": NSNull()],
                "latest_message": ["text": "ping", "intent": ["name": "ping", "confidence": 0.99], "entities": [Any]()],
                "events": events, "active_loop": [String: Any](), "latest_action_name": "action_listen", "paused": false,
            ],
            "domain": ["intents": ["ping"], "actions": [action], "forms": [String: Any](), "slots": [String: Any]()],
        ]
        return try JSONSerialization.data(withJSONObject: body)
    }

    /// One line of the service's log: its text, and its metadata value for a key.
    struct Line: CustomStringConvertible {
        var text: Substring
        var description: String { String(text) }
        func value(_ key: String) -> String? { RunningService.value(key, in: text) }
        var isExtensionPing: Bool {
            text.hasPrefix("{") ? text.contains(#""label":"exthost.extension""#) && text.contains(#""message":"ping""#)
                                : text.hasPrefix("[extension debug] ping")
        }
    }

    @Test("an HTTP API conversation's lines carry its session, a Rasa request's its sender_id, the extension's too", arguments: ["text", "json"])
    func sessionAndSender(format: String) throws {
        let system = try ExampleSystem(fixtures: [try FixturePlugins.build("good")],
                                       environment: ["EXTHOST_LOG_LEVEL": "debug", "EXTHOST_LOG_FORMAT": format])
        let service = try RunningService(system, arguments: ["--http", "127.0.0.1:0"])
        let client = HTTPTestClient(base: try service.httpBase())

        let conversation = try client.send("POST", "/v1/conversations", json: #"{"intent": "Ping"}"#)
        #expect(conversation.status == 200, "\(conversation.text)")
        let session = try #require(conversation.json?["session"] as? String)
        let submitted = try client.send("POST", "/webhook", body: try Self.rasaRequest("action_ping", sender: "rasa-user-7"))
        #expect(submitted.status == 200, "\(submitted.text)")
        let unknown = try client.send("POST", "/webhook", body: try Self.rasaRequest("utter_nothing_here", sender: "rasa-user-8"))
        #expect(unknown.status == 404, "\(unknown.text)")
        #expect(service.stop() == 0)

        let lines = service.output.split(separator: "\n").map { Line(text: $0) }
        if format == "json" {
            // Every line is one JSON object, not only the conversations'.
            for line in lines {
                let object = (try? JSONSerialization.jsonObject(with: Data(line.text.utf8))) as? [String: Any]
                #expect(object?["message"] is String && object?["level"] is String && object?["time"] is String, "\(line)")
            }
        }
        // The extension logged "ping" once per conversation, from its
        // extension process: each line names its own conversation alone.
        let pings = lines.filter(\.isExtensionPing)
        #expect(pings.count == 2, "\(service.output)")
        #expect(pings.filter { $0.value("session") == session && $0.value("sender_id") == nil }.count == 1, "\(pings)")
        #expect(pings.filter { $0.value("sender_id") == "rasa-user-7" && $0.value("session") == nil }.count == 1, "\(pings)")

        // The service's own lines of each.
        let ofSession = lines.filter { $0.value("session") == session }
        #expect(ofSession.contains { $0.text.contains("session started") }, "\(service.output)")
        #expect(ofSession.contains { $0.text.contains("conversation ended") && $0.value("outcome") == "success" }, "\(service.output)")
        let ofSender = lines.filter { $0.value("sender_id") == "rasa-user-7" }
        #expect(ofSender.contains { $0.text.contains("conversation ended") && $0.value("action") == "action_ping" && $0.value("code") == "success" },
                "\(service.output)")
        #expect(lines.contains { $0.text.contains("refused a Rasa action") && $0.value("sender_id") == "rasa-user-8" && $0.value("status") == "404" },
                "\(service.output)")
        // No line of one carries the other's id.
        #expect(!ofSession.contains { $0.value("sender_id") != nil })
        #expect(!ofSender.contains { $0.value("session") != nil })
    }

    @Test("what the extension prints in its process carries the conversation it printed for; what it prints outside one carries none",
          arguments: ["text", "json"])
    func printedLinesCarryTheirSession(format: String) throws {
        // Prints on standard error in Ping's handle, and on standard
        // output when its library is loaded (no request open).
        let plugin = try FixturePlugins.build("prints-in-session", defines: ["FIXTURE_PING_MODE=15", "FIXTURE_CONSTRUCTOR_PRINTS"])
        let system = try ExampleSystem(fixtures: [plugin], environment: ["EXTHOST_LOG_FORMAT": format])
        let service = try RunningService(system, arguments: ["--http", "127.0.0.1:0"])
        let client = HTTPTestClient(base: try service.httpBase())
        var sessions: [String] = []
        for _ in 0..<2 {
            let conversation = try client.send("POST", "/v1/conversations", json: #"{"intent": "Ping"}"#)
            #expect(conversation.status == 200, "\(conversation.text)")
            sessions.append(try #require(conversation.json?["session"] as? String))
        }
        #expect(service.stop() == 0, "\(service.output)")

        let lines = service.output.split(separator: "\n").map { Line(text: $0) }
        let pings = lines.filter { $0.text.contains("wrote on stderr: ping from process") }
        #expect(pings.count == 2, "\(service.output)")
        // One line per conversation, each with its own session.
        #expect(Set(pings.compactMap { $0.value("session") }) == Set(sessions), "\(pings)")
        let constructor = lines.filter { $0.text.contains("wrote on stdout: ") && $0.text.contains("by a constructor") }
        #expect(!constructor.isEmpty, "\(service.output)")
        #expect(constructor.allSatisfy { $0.value("session") == nil && $0.value("stream") == "stdout" }, "\(constructor)")
        // The marks themselves are never logged.
        #expect(!service.output.contains("exthost-request"), "\(service.output)")
    }
}
