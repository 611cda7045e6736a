@testable import ExthostService
import ExthostTestSupport
import Foundation
@testable import RequestWire
import Testing

/// The webhook reads Rasa's request with ``ProtocolLineReader``, building
/// only the members it uses, and writes its answer itself: what it reads
/// must be what `JSONSerialization` reads, a body `JSONSerialization`
/// refuses must be refused, and what it writes back must be what
/// `JSONSerialization` writes for the same values.
@Suite("Rasa's action request")
struct RasaActionRequestTests {
    /// Slot values as Rasa may send them: text with escapes, non-ASCII and
    /// control characters, whole numbers and fractions in several forms,
    /// objects whose keys sort by number and without regard to case.
    static let texts: [String] = [
        #""日本語の教科書""#,
        #""quote \" backslash \\ slash / tab \t newline \n return \r backspace \b form feed \f""#,
        #""controls \u0001 \u001f \u007f, escaped non-ASCII \u00e9 \ud83d\ude00 and plain é 😀 e\u0301""#,
        #""""#,
        "30", "30.0", "-1", "0", "-0.5", "0.1", "12.5", "1e2", "2.5e-8", "1.5E+300", "12345678901234567",
        "9223372036854775807", "-9223372036854775808", "18446744073709551615", "1.7976931348623157e308", "5e-324",
        "true", "false", "null",
        #"{"identifier": "book-2", "displayString": "The Swift Programming Language"}"#,
        #"{"b": 1, "B": 2, "a10": 1, "a9": 2, "_x": 0, "Ä": null, "z/": "/"}"#,
        #"[1, "two", [3.5, false], {}, []]"#, "[]", "{}",
    ]

    /// A request whose one slot `v` holds `text`, beside events and a
    /// domain the reader skips.
    static func body(slot text: String) -> Data {
        Data(#"{"next_action": "validate_post_study_record_form", "tracker": {"slots": {"v": \#(text)}, "latest_event_time": 1795577961.697838, "events": [{"event": "slot", "timestamp": 1795577961.5850697, "name": "v", "value": \#(text)}]}, "domain": {"responses": {"utter_x": [{"text": "\u00e9 \ud83d\ude00"}]}}}"#.utf8)
    }

    @Test("each slot value is read as JSONSerialization reads it and written back as it writes it", arguments: texts)
    func slotValues(_ text: String) throws {
        let body = Self.body(slot: text)
        let request = try #require(RasaActionRequest.read(body))
        let value = try #require(request.tracker?.slots?["v"])
        var answer = RasaActionAnswer()
        answer.setSlot("v", to: value)
        let read = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let sent = try #require(((read["tracker"] as? [String: Any])?["slots"] as? [String: Any])?["v"])
        let expected = try JSONSerialization.data(withJSONObject: ["events": [["event": "slot", "name": "v", "value": sent, "timestamp": NSNull()]],
                                                                   "responses": [Any]()],
                                                  options: [.sortedKeys, .withoutEscapingSlashes])
        #expect(String(decoding: answer.body, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        // What the intent's values are read from: what an intent file gives.
        #expect(ProtocolLineReaderTests.same(value, sent), "\(value) against \(sent)")
        #expect(request.tracker?.events?.map(\.name) == ["v"])
    }

    @Test("the bodies Rasa 3.6.21 sent are read without JSONSerialization, the events' timestamps and the domain's responses skipped, and give what JSONSerialization gives",
          arguments: ["validate-prefilled", "validate-duration-2000", "submit", "validate-extract-swift", "validate-extract-2000",
                      "ask-material-disambiguation"])
    func realBodies(_ name: String) throws {
        let body = try RasaWebhookTests.realRequest(name)
        let selected = try #require(ProtocolLineReader.object(body, selecting: RasaActionRequest.selection))
        let whole = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let fast = RasaActionRequest(selected), slow = RasaActionRequest(whole)
        #expect(fast.nextAction == slow.nextAction && fast.senderID == slow.senderID && fast.nextAction != nil)
        #expect(fast.tracker?.events?.map(\.event) == slow.tracker?.events?.map(\.event))
        #expect(fast.tracker?.events?.map(\.name) == slow.tracker?.events?.map(\.name))
        // Each slot event's value (an ask action finds the value a validation refused), none for the others.
        for (read, built) in zip(fast.tracker?.events ?? [], slow.tracker?.events ?? []) {
            #expect((read.value == nil) == (built.value == nil))
            if let value = read.value, let expected = built.value { #expect(ProtocolLineReaderTests.same(value, expected), "\(read.name ?? "")") }
        }
        #expect(fast.tracker?.events?.contains { $0.event == "slot" && $0.value != nil } == true)
        // The form running when the action was called: none once it is done (the submit).
        #expect(fast.tracker?.activeLoop == slow.tracker?.activeLoop)
        #expect(fast.tracker?.activeLoop == (name == "submit" ? nil : "post_study_record_form"), "\(name)")
        #expect((fast.tracker?.events?.count ?? 0) > 5)
        #expect(fast.tracker?.latestText == slow.tracker?.latestText)
        if name.hasPrefix("validate-extract") { #expect(fast.tracker?.latestText == String(name.dropFirst("validate-extract-".count))) }
        // The latest message's entities: Rasa's own reading of `/intent{"duration": 2000}`, none for typed text.
        #expect(fast.tracker?.latestEntities.map(\.entity) == slow.tracker?.latestEntities.map(\.entity))
        for (read, built) in zip(fast.tracker?.latestEntities ?? [], slow.tracker?.latestEntities ?? []) {
            #expect(ProtocolLineReaderTests.same(read.value, built.value), "\(read.entity)")
        }
        let entities = ["validate-prefilled": ["material", "duration"], "validate-duration-2000": ["duration"], "submit": ["material", "duration"],
                        "ask-material-disambiguation": ["material", "duration"]]
        #expect(fast.tracker?.latestEntities.map(\.entity) == entities[name] ?? [], "\(name)")
        let fastSlots = try #require(fast.tracker?.slots), slowSlots = try #require(slow.tracker?.slots)
        #expect(fastSlots.keys.sorted() == slowSlots.keys.sorted())
        for (slot, value) in slowSlots { #expect(ProtocolLineReaderTests.same(fastSlots[slot] ?? "absent", value), "\(slot)") }
        #expect(fast.domain?.requiredSlots(of: "post_study_record_form") == ["material", "duration"])
        // The domain's slots, each read only for its mappings' types.
        let domainSlots = try #require(slow.domain?.slots?.keys.sorted())
        // The typed-answers domain maps the material and the minutes `custom` too.
        let custom = name.hasPrefix("validate-extract") ? ["duration", "exthost_response_code", "material"] : ["exthost_response_code"]
        #expect(domainSlots.filter { fast.domain?.hasCustomMapping($0) == true } == custom)
        #expect(domainSlots.map { fast.domain?.hasCustomMapping($0) } == domainSlots.map { slow.domain?.hasCustomMapping($0) })
        // Only the members the webhook reads are built.
        #expect(Set(selected.keys) == ["next_action", "sender_id", "tracker", "domain"])
        #expect(Set((selected["tracker"] as? [String: Any] ?? [:]).keys) == ["sender_id", "slots", "events", "latest_message", "active_loop"])
        #expect(Set((selected["domain"] as? [String: Any] ?? [:]).keys) == ["forms", "slots"])
    }

    /// Bodies that are not JSON, each broken in a part the webhook skips
    /// or in one it reads.
    static let malformed: [String] = [
        "", "   ", "[]", "\"next_action\"", "null", "{", "{}}", #"{"next_action": "x"} trailing"#,
        #"{"next_action": "x", "tracker": {"events": [{"event": "user", "timestamp": 01}]}}"#,
        #"{"next_action": "x", "tracker": {"events": [{"event": "user", "timestamp": 1.}]}}"#,
        #"{"next_action": "x", "tracker": {"events": [{"event": "user", "timestamp": 1e}]}}"#,
        #"{"next_action": "x", "tracker": {"events": [{"event": "user", "text": "a\qb"}]}}"#,
        "{\"next_action\": \"x\", \"domain\": {\"responses\": \"a\u{1}b\"}}",
        #"{"next_action": "x", "domain": {"actions": [1, 2,, 3]}}"#,
        #"{"next_action": "x", "domain": {"config": {"a" 1}}}"#,
        #"{"next_action": "x", "domain": {"config": tru}}"#,
        #"{"next_action": "x", "domain": {"config": NaN}}"#,
        #"{"next_action": "x", "tracker": {"slots": {"v": [1, 2}}}"#,
        #"{"next_action": "x", "tracker": {"paused": false"#,
    ]

    @Test("a body that is not a JSON object is refused, wherever it is broken", arguments: malformed)
    func refused(_ text: String) {
        let body = Data(text.utf8)
        #expect(((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) == nil, "JSONSerialization reads it")
        #expect(ProtocolLineReader.object(body, selecting: RasaActionRequest.selection) == nil)
        #expect(RasaActionRequest.read(body) == nil)
    }

    @Test("a malformed body gets Rasa's 400 with the same message, wherever it is broken; the service goes on")
    func malformedOverHTTP() throws {
        var system = try ExampleSystem(plugins: ["StudyRecordExtension"])
        system.environment["STUDYRECORD_BACKEND_PORT"] = "1"
        let service = try RunningService(system, arguments: ["--http", "127.0.0.1:0"])
        let client = HTTPTestClient(base: try service.httpBase())
        for text in Self.malformed where !text.isEmpty {
            let response = try client.send("POST", "/webhook", json: text)
            #expect(response.status == 400, "\(text): \(response.text)")
            #expect(response.json?["error"] as? String == "the body is not a JSON object: Rasa sends {\"next_action\", \"tracker\", \"domain\", …}",
                    "\(text): \(response.text)")
        }
        let good = try client.send("POST", "/webhook", body: try RasaWebhookTests.realRequest("validate-prefilled"))
        #expect(good.status == 200, "\(good.text)")
        #expect(service.stop() == 0, "\(service.output)")
    }
}
