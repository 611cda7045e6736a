import ExthostTestSupport
import Foundation
import Testing

/// `POST /webhook`, Rasa's action-server protocol, against the study-record
/// form: requests shaped as Rasa sends them (tracker with its slots,
/// `latest_message`, `events`, `active_loop`, `requested_slot`, and the
/// domain), answers checked against `docs/openapi.json` and against what
/// Rasa reads from them.
@Suite("Rasa's action server")
struct RasaWebhookTests {
    static let form = "post_study_record_form"
    static let formSlots = ["material", "duration", "amount", "start", "end", "memo"]
    static var swiftBook: [String: Any] { ["identifier": "book-2", "displayString": "The Swift Programming Language"] }

    /// A request as Rasa 3 sends it while the form is active: the slots the
    /// user filled this turn are the `slot` events after the `user` event.
    ///
    /// - Parameters:
    ///   - required: The form's `required_slots` in the domain.
    ///   - text: The latest message's text.
    ///   - custom: Slots whose mapping in the domain is `custom` (Rasa
    ///     leaves them to the validation action), the others `from_entity`.
    ///   - earlier: Slots filled in an earlier turn (no event this turn).
    ///   - entities: The latest message's entities, `[name: value]`.
    ///   - form: The form, and `domainSlots` the domain's slots besides Rasa's own.
    static func request(_ action: String, slots: [String: Any], requested: String? = nil, required: [String] = formSlots,
                        text: String = "I studied", custom: Set<String> = [], earlier: [String: Any] = [:],
                        entities: KeyValuePairs<String, Any> = [:], form: String = form, domainSlots: [String] = formSlots) throws -> String {
        var trackerSlots: [String: Any] = ["requested_slot": requested ?? NSNull(), "exthost_response_code": NSNull(),
                                           "session_started_metadata": NSNull()]
        for slot in domainSlots { trackerSlots[slot] = slots[slot] ?? earlier[slot] ?? NSNull() }
        for (slot, value) in slots.merging(earlier, uniquingKeysWith: { given, _ in given }) where trackerSlots[slot] == nil { trackerSlots[slot] = value }
        let entities: [[String: Any]] = entities.map { ["entity": $0.key, "value": $0.value, "start": 8, "end": 8 + text.utf8.count, "extractor": "RegexMessageHandler"] }
        var events: [[String: Any]] = [
            ["event": "action", "timestamp": 1_764_000_000.1, "name": "action_listen", "policy": NSNull(), "confidence": NSNull()],
            ["event": "user", "timestamp": 1_764_000_001.2, "text": text, "parse_data": [
                "intent": ["name": "inform", "confidence": 0.98], "entities": entities, "text": text], "input_channel": "rest"],
        ]
        for (name, value) in slots.sorted(by: { $0.key < $1.key }) {
            events.append(["event": "slot", "timestamp": 1_764_000_001.3, "name": name, "value": value])
        }
        let body: [String: Any] = [
            "next_action": action,
            "sender_id": "user-42",
            "tracker": [
                "sender_id": "user-42", "conversation_id": "user-42", "slots": trackerSlots,
                "latest_message": ["text": text, "intent": ["name": "inform", "confidence": 0.98], "entities": entities,
                                   "intent_ranking": [["name": "inform", "confidence": 0.98]]],
                "latest_event_time": 1_764_000_001.3, "followup_action": NSNull(), "paused": false, "events": events,
                "latest_input_channel": "rest", "active_loop": ["name": form], "latest_action": ["action_name": "action_listen"],
                "latest_action_name": "action_listen",
            ],
            "domain": [
                "config": ["store_entities_as_slots": true], "session_config": ["session_expiration_time": 60, "carry_over_slots_to_new_session": true],
                "intents": ["inform", "record_study"], "entities": domainSlots,
                "slots": Dictionary(uniqueKeysWithValues: trackerSlots.keys.map { slot in
                    let mapping: [String: Any] = custom.contains(slot) ? ["type": "custom"] : ["type": "from_entity", "entity": slot]
                    return (slot, ["type": "any", "influence_conversation": false, "mappings": [mapping]] as [String: Any])
                }),
                "responses": ["utter_ask_duration": [["text": "How many minutes did you study?"]]],
                "actions": ["validate_post_study_record_form", "action_post_study_record"],
                "forms": [form: ["required_slots": required]],
                "e2e_actions": [Any](),
            ],
            "version": "3.6.21",
        ]
        return String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
    }

    func start() throws -> (RunningService, HTTPTestClient) {
        var system = try ExampleSystem(plugins: ["StudyRecordExtension"])
        // No backend: port 1 is closed, whatever runs on the backend's default port.
        system.environment["STUDYRECORD_BACKEND_PORT"] = "1"
        let service = try RunningService(system, arguments: ["--http", "127.0.0.1:0"])
        return (service, HTTPTestClient(base: try service.httpBase()))
    }

    /// One row of the study-record example's validation matrix
    /// (Examples/StudyRecord/README.md), Rasa's numbers as floats.
    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var slots: [String: Double]
        var material = true
        var refused: String?
        var message: String?
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "material, range 3–8 ✓", slots: ["start": 3, "end": 8]),
        Row(name: "material, duration ✓", slots: ["duration": 30]),
        Row(name: "duration only ✓", slots: ["duration": 30], material: false),
        Row(name: "material, total 12 ✓", slots: ["amount": 12]),
        Row(name: "nothing at all", slots: [:], material: false, refused: "duration", message: "Tell me the material or how many minutes you studied."),
        Row(name: "material only", slots: [:], refused: "amount", message: "Tell me how many minutes you studied or how much you did."),
        Row(name: "a total without material", slots: ["duration": 30, "amount": 12], material: false, refused: "amount", message: "An amount of 12 needs a material to count in."),
        Row(name: "material, start 3 without end", slots: ["start": 3], refused: "end", message: "Give both the start and the end of the range."),
        Row(name: "material, end 25 without start", slots: ["duration": 30, "end": 25], refused: "end", message: "A range ending at 25 needs its start."),
        Row(name: "a range without material", slots: ["duration": 30, "start": 1, "end": 20], material: false, refused: "end", message: "A range needs a material to count in."),
        Row(name: "material, range 8–3", slots: ["start": 8, "end": 3], refused: "end", message: "The range cannot start at 8, after its end 3."),
        Row(name: "duration over 1440", slots: ["duration": 2000], refused: "duration", message: "You can record at most 1440 minutes (a whole day) at a time; 2000 minutes is too long."),
        Row(name: "amount under 0", slots: ["duration": 30, "amount": -1], refused: "amount", message: "An amount cannot be negative; -1 is not one."),
        Row(name: "range end over 9999", slots: ["duration": 30, "start": 1, "end": 12000], refused: "end", message: "A range can end at 9999 at most; 12000 is past that."),
    ]

    @Test("validate_post_study_record_form: each row of the matrix comes back as Rasa expects it", arguments: rows)
    func validation(_ row: Row) throws {
        let (service, client) = try start()
        var slots: [String: Any] = row.slots.mapValues { $0 as Any }
        if row.material { slots["material"] = Self.swiftBook }
        let response = try client.send("POST", "/webhook", json: try Self.request("validate_\(Self.form)", slots: slots, requested: row.refused))
        #expect(response.status == 200, "\(response.text)")
        let events = response.json?["events"] as? [[String: Any]] ?? []
        var values: [String: Any] = [:]
        for event in events {
            #expect(event["event"] as? String == "slot")
            if let name = event["name"] as? String { values[name] = event["value"] }
        }
        let texts = (response.json?["responses"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        if let refused = row.refused {
            // The refused slot is cleared (Rasa asks it again), with the definition's message.
            #expect(values[refused] is NSNull, "\(response.text)")
            #expect(texts == [row.message ?? ""], "\(response.text)")
        } else {
            #expect(texts.isEmpty, "\(response.text)")
        }
        // The form asks next what the extension asks for, though the domain
        // requires all six; a record it takes ends the form, with the slots
        // its resolve answered notRequired still empty.
        #expect(Self.nextAsked(response, slots: slots, required: Self.formSlots) == row.refused, "\(response.text)")
        // The other slots set this turn are kept as they were.
        for (name, value) in slots where name != row.refused {
            #expect((values[name] as? NSObject)?.isEqual(value) == true, "\(name): \(response.text)")
        }
        // A validation runs neither confirm nor handle: nothing is recorded.
        #expect((try client.send("GET", "/v1/donations").json?["donations"] as? [Any])?.isEmpty == true)
        #expect(service.stop() == 0, "\(service.output)")
    }

    /// A request body Rasa 3.6.21 sent (`Tests/Fixtures/Rasa`, kept byte for
    /// byte from `rasa run` with the domain docs/rasa.md shows, as
    /// scripts/rasa-e2e runs it): events with `metadata`,
    /// `user_featurization` and `active_loop` events, the form's own
    /// `slot` events after its `action` event, `session_started_metadata`
    /// among the slots, an `active_loop` of `{}` once the form is done, a
    /// domain with only the two required slots and no `config`. The two
    /// `validate-extract-*` bodies come from the typed-answers domain
    /// (`material` and `duration` mapped `custom`): `latest_message` with
    /// the typed text and no intent, `requested_slot` the slot asked.
    static func realRequest(_ name: String) throws -> Data {
        try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/Rasa/\(name).json"))
    }

    /// What a validation's answer sets: each slot event's value by name, and the texts.
    static func slotsAndTexts(_ response: HTTPTestClient.Response) -> (slots: [String: Any], texts: [String]) {
        var slots: [String: Any] = [:]
        for event in response.json?["events"] as? [[String: Any]] ?? [] where event["event"] as? String == "slot" {
            if let name = event["name"] as? String { slots[name] = event["value"] }
        }
        let texts = (response.json?["responses"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        return (slots, texts)
    }

    /// What Rasa's form does after a validation's answer: the slot it asks
    /// next — the `requested_slot` the answer sets, else the first of the
    /// domain's `required_slots` empty once the answer's slot events are
    /// applied to the tracker's `slots` — or nil when the form is done.
    static func nextAsked(_ response: HTTPTestClient.Response, slots: [String: Any], required: [String]) -> String? {
        let answered = slotsAndTexts(response).slots
        if let requested = answered["requested_slot"] { return requested as? String }
        return required.first { slot in (answered[slot] ?? slots[slot]).map { $0 is NSNull } ?? true }
    }

    /// The answer to 2000 minutes however Rasa took them (an entity, typed
    /// text): only `duration`, cleared, with the definition's message.
    static func expectTooLong(_ response: HTTPTestClient.Response, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == 200, "\(response.text)", sourceLocation: sourceLocation)
        let cleared = slotsAndTexts(response)
        #expect(Set(cleared.slots.keys) == ["duration"], "\(response.text)", sourceLocation: sourceLocation)
        #expect(cleared.slots["duration"] is NSNull, "\(response.text)", sourceLocation: sourceLocation)
        #expect(cleared.texts == ["You can record at most 1440 minutes (a whole day) at a time; 2000 minutes is too long."], "\(response.text)",
                sourceLocation: sourceLocation)
    }

    @Test("requests as Rasa 3.6.21 really sent them: a form prefilled when it starts, a duration given when asked, the submit")
    func realRasaRequests() throws {
        let (service, client) = try start()
        // `/record_study{"material": …, "duration": 30}`: the form starts with both slots, which are kept.
        let prefilled = try client.send("POST", "/webhook", body: try Self.realRequest("validate-prefilled"))
        #expect(prefilled.status == 200, "\(prefilled.text)")
        let kept = Self.slotsAndTexts(prefilled)
        #expect(kept.texts.isEmpty, "\(prefilled.text)")
        #expect(Set(kept.slots.keys) == ["material", "duration"], "\(prefilled.text)")
        #expect((kept.slots["duration"] as? NSNumber)?.intValue == 30, "\(prefilled.text)")
        #expect((kept.slots["material"] as? NSObject)?.isEqual(Self.swiftBook) == true, "\(prefilled.text)")
        // `/inform{"duration": 2000}` after the form asked it: cleared, with the definition's message; the material not touched.
        Self.expectTooLong(try client.send("POST", "/webhook", body: try Self.realRequest("validate-duration-2000")))
        // The submit Rasa sends once the form is done (`active_loop` `{}`), no backend running: offline.
        let submitted = try client.send("POST", "/webhook", body: try Self.realRequest("submit"))
        #expect(submitted.status == 200, "\(submitted.text)")
        let code = Self.slotsAndTexts(submitted)
        #expect(code.slots.count == 1 && code.slots["exthost_response_code"] as? String == "failureOffline", "\(submitted.text)")
        #expect(code.texts.last == "You are offline: the record is kept and sent when Study Record is next online.", "\(submitted.text)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    /// The Python side of `scripts/bench-rasa` (rasa-sdk's action server
    /// running `Benchmarks/rasa/actions.py`) decides every row of the matrix
    /// as exthost does: plain python3, rasa-sdk not needed.
    @Test("the benchmark's rasa-sdk actions refuse each row of the matrix with exthost's parameter and message",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 is not installed"))
    func benchmarkRulesAgree() throws {
        let rows: [[String: Any]] = Self.rows.map { row in
            var slots: [String: Any] = row.slots.mapValues { $0 as Any }
            if row.material { slots["material"] = Self.swiftBook }
            return slots
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [TestPaths.packageRoot.appendingPathComponent("Benchmarks/rasa/study_record.py").path, "--validate"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: rows))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let decided = try #require(try JSONSerialization.jsonObject(with: data) as? [Any], "\(String(decoding: data, as: UTF8.self))")
        #expect(decided.count == Self.rows.count)
        for (row, answer) in zip(Self.rows, decided) {
            let refusal = answer as? [String]
            #expect(refusal?.first == row.refused, "\(row.name): \(answer)")
            #expect(refusal?.last == row.message, "\(row.name): \(answer)")
        }
    }

    @Test("action_post_study_record runs confirm and handle: the response's text, its code as a slot")
    func submit() throws {
        let (service, client) = try start()
        // No backend runs: the example keeps the record and says so (failureOffline).
        let response = try client.send("POST", "/webhook", json: try Self.request("action_post_study_record",
                                                                                   slots: ["material": Self.swiftBook, "duration": 30.0]))
        #expect(response.status == 200, "\(response.text)")
        let events = response.json?["events"] as? [[String: Any]] ?? []
        #expect(events.count == 1)
        #expect(events.first?["name"] as? String == "exthost_response_code")
        #expect(events.first?["value"] as? String == "failureOffline", "\(response.text)")
        let texts = (response.json?["responses"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(texts.last?.contains("offline") == true, "\(response.text)")
        // No activity to hand on: no custom payload.
        #expect((response.json?["responses"] as? [[String: Any]] ?? []).allSatisfy { $0["custom"] == nil }, "\(response.text)")
        let metrics = try client.send("GET", "/metrics").text
        #expect(metrics.contains(#"exthost_requests_total{intent="PostStudyRecord",outcome="failure",code="failureOffline",channel="rasa"} 1"#), "\(metrics)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("action_post_study_record with the example's backend running: the success text, its user activity as a custom payload, success as the code")
    func submitRecorded() throws {
        var system = try ExampleSystem(plugins: ["StudyRecordExtension"])
        let backend = try StudyRecordBackendProcess(log: system.root.appendingPathComponent("backend.log"))
        defer { backend.stop() }
        system.environment["STUDYRECORD_BACKEND_PORT"] = String(backend.port)
        let service = try RunningService(system, arguments: ["--http", "127.0.0.1:0"])
        let client = HTTPTestClient(base: try service.httpBase())
        let response = try client.send("POST", "/webhook", json: try Self.request("action_post_study_record",
                                                                                   slots: ["material": Self.swiftBook, "duration": 30.0]))
        #expect(response.status == 200, "\(response.text)")
        // The code slot, as Rasa sets it.
        let events = response.json?["events"] as? [[String: Any]] ?? []
        #expect(events.count == 1, "\(response.text)")
        #expect(events.first?["event"] as? String == "slot")
        #expect(events.first?["name"] as? String == "exthost_response_code")
        #expect(events.first?["value"] as? String == "success", "\(response.text)")
        // What a Rasa front end shows: the template filled from the backend's
        // account (120 minutes before today, a goal of 300) plus these 30...
        let responses = response.json?["responses"] as? [[String: Any]] ?? []
        let texts = responses.compactMap { $0["text"] as? String }
        #expect(texts.last?.hasPrefix("Recorded. This week: 150 of your 300 minutes.") == true, "\(response.text)")
        // ...and what it hands on: the weekly-goal activity, with the same figures.
        let custom = responses.compactMap { $0["custom"] as? [String: Any] }
        #expect(custom.count == 1, "\(response.text)")
        let activity = custom.first?["userActivity"] as? [String: Any] ?? [:]
        #expect(activity["activityType"] as? String == "com.example.studyrecord.weekly-goal", "\(response.text)")
        let userInfo = activity["userInfo"] as? [String: Any] ?? [:]
        #expect((userInfo["weeklyMinutes"] as? NSNumber)?.intValue == 150, "\(response.text)")
        #expect((userInfo["weeklyGoalMinutes"] as? NSNumber)?.intValue == 300, "\(response.text)")
        // The figures are the backend's answer to the one record handle posted.
        #expect(backend.output.components(separatedBy: "POST /records → 200").count == 2, "\(backend.output)")
        let metrics = try client.send("GET", "/metrics").text
        #expect(metrics.contains(#"exthost_requests_total{intent="PostStudyRecord",outcome="success",code="success",channel="rasa"} 1"#), "\(metrics)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    /// Slot values the study-record rows do not have: a memo with non-ASCII
    /// text, quotes, a slash and control characters; whole numbers sent as
    /// integers (`12`) beside one sent as Rasa's float slots send it (`30.0`).
    static var unusualSlots: [(name: String, slots: [String: Any], refused: String?)] { [
        ("kept: text with escapes, integers and fractions",
         ["material": swiftBook, "duration": 30, "amount": 12, "memo": "第3章「型」/ \"quoted\" back\\slash\ttab\nline \u{1}\u{1f} é😀"], nil),
        ("refused: duration over 1440 given as an integer, the memo kept",
         ["material": swiftBook, "duration": 2000, "memo": "ページ 10–20\r\n"], "duration"),
    ] }

    @Test("a validation's answer is, byte for byte, what JSONSerialization writes for its events and responses",
          arguments: 0..<unusualSlots.count)
    func answerBytes(_ index: Int) throws {
        let (_, slots, refused) = Self.unusualSlots[index]
        let (service, client) = try start()
        let body = try Self.request("validate_\(Self.form)", slots: slots, requested: refused)
            .replacingOccurrences(of: #""duration":30(?=[,}])"#, with: #""duration":30.0"#, options: .regularExpression)
        #expect(body.contains(#""duration":30.0"#) == (slots["duration"] as? Int == 30))
        let response = try client.send("POST", "/webhook", json: body)
        #expect(response.status == 200, "\(response.text)")
        // The slots as JSONSerialization reads them from the request, kept
        // in the order of their events (by name, as the request lists them);
        // the refused one last, cleared, with the definition's message.
        let read = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        let sent = try #require((read["tracker"] as? [String: Any])?["slots"] as? [String: Any])
        var events: [[String: Any]] = slots.keys.sorted().filter { $0 != refused }.map {
            ["event": "slot", "name": $0, "value": sent[$0] ?? NSNull(), "timestamp": NSNull()]
        }
        var responses: [[String: Any]] = []
        if let refused {
            events.append(["event": "slot", "name": refused, "value": NSNull(), "timestamp": NSNull()])
            responses.append(["text": "You can record at most 1440 minutes (a whole day) at a time; 2000 minutes is too long."])
        } else {
            // Everything resolved, `start` and `end` answered notRequired:
            // the slots still required are not the form's six, so the
            // answer ends the form (rasa-sdk's `requested_slot` of null).
            events.append(["event": "slot", "name": "requested_slot", "value": NSNull(), "timestamp": NSNull()])
        }
        let expected = try JSONSerialization.data(withJSONObject: ["events": events, "responses": responses], options: [.sortedKeys, .withoutEscapingSlashes])
        #expect(response.text == String(decoding: expected, as: UTF8.self))
        #expect(service.stop() == 0, "\(service.output)")
    }

    /// The form the docs' domain declares: only `material` and `duration`
    /// are required; `amount`, `start`, `end` and `memo` are slots the
    /// domain fills from entities, not required.
    static let required = ["material", "duration"]

    /// Sends `action` with `slots` set this turn, for the form of the docs' domain.
    static func sendToDocsForm(_ client: HTTPTestClient, _ action: String, _ slots: [String: Any]) throws -> HTTPTestClient.Response {
        try client.send("POST", "/webhook", json: try request(action, slots: slots, required: required))
    }

    @Test("a slot that names a parameter but is not required is passed and validated when set this turn; one that names none is left alone")
    func slotsNotRequired() throws {
        let (service, client) = try start()
        // A memo given with the record: kept, with the required slots.
        let memo = "chapter 3, \"closures\""
        let kept = try Self.sendToDocsForm(client, "validate_\(Self.form)", [
            "material": Self.swiftBook, "duration": 30, "memo": memo, "mood": "happy"])
        #expect(kept.status == 200, "\(kept.text)")
        let keptSlots = Self.slotsAndTexts(kept)
        #expect(Set(keptSlots.slots.keys) == ["material", "duration", "memo"], "\(kept.text)")
        #expect(keptSlots.slots["memo"] as? String == memo)
        #expect(keptSlots.texts.isEmpty, "\(kept.text)")
        // An amount the definition refuses: cleared, with its message; the
        // extension asks it again, so the form does, though the domain does not require it.
        let refused = try Self.sendToDocsForm(client, "validate_\(Self.form)", [
            "material": Self.swiftBook, "duration": 30, "amount": -1])
        #expect(refused.status == 200, "\(refused.text)")
        let cleared = Self.slotsAndTexts(refused)
        #expect(cleared.slots["amount"] is NSNull, "\(refused.text)")
        #expect((cleared.slots["duration"] as? NSNumber)?.intValue == 30, "\(refused.text)")
        #expect(cleared.texts == ["An amount cannot be negative; -1 is not one."], "\(refused.text)")
        #expect(cleared.slots["requested_slot"] as? String == "amount", "\(refused.text)")
        // A range across the two kinds of slot: `end` (not required) refused by the extension's rule.
        let range = try Self.sendToDocsForm(client, "validate_\(Self.form)", [
            "material": Self.swiftBook, "duration": 30, "start": 8, "end": 3])
        let rangeSlots = Self.slotsAndTexts(range)
        #expect(rangeSlots.slots["end"] is NSNull, "\(range.text)")
        #expect((rangeSlots.slots["start"] as? NSNumber)?.intValue == 8, "\(range.text)")
        #expect(rangeSlots.texts == ["The range cannot start at 8, after its end 3."], "\(range.text)")
        #expect(rangeSlots.slots["requested_slot"] as? String == "end", "\(range.text)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("the submit passes a filled slot that is not required to the intent: the memo reaches the record the system donates")
    func submitWithSlotsNotRequired() throws {
        let (service, client) = try start()
        let memo = "chapter 3 again"
        let response = try Self.sendToDocsForm(client, "action_post_study_record", [
            "material": Self.swiftBook, "duration": 30, "memo": memo, "mood": "happy"])
        #expect(response.status == 200, "\(response.text)")
        #expect(Self.slotsAndTexts(response).slots["exthost_response_code"] as? String == "failureOffline", "\(response.text)")
        let donations = try client.send("GET", "/v1/donations")
        let donated = (donations.json?["donations"] as? [[String: Any]] ?? []).first
        let parameters = (donated?["shortcut"] as? [String: Any])?["parameters"] as? [String: Any]
        #expect(parameters?["memo"] as? String == memo, "\(donations.text)")
        #expect(parameters?["mood"] == nil, "\(donations.text)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("extract_<slot> as Rasa 3.6.21 really asked it: typed text with no intent fills the requested custom slot, or is refused with its message")
    func realRasaExtraction() throws {
        let (service, client) = try start()
        // `swift` typed when the form asked the material: the extension's book, its message for the missing minutes.
        let typed = try client.send("POST", "/webhook", body: try Self.realRequest("validate-extract-swift"))
        #expect(typed.status == 200, "\(typed.text)")
        let book = Self.slotsAndTexts(typed)
        #expect(Set(book.slots.keys) == ["material", "requested_slot"], "\(typed.text)")
        let material = book.slots["material"] as? [String: Any]
        #expect(material?["identifier"] as? String == "book-2", "\(typed.text)")
        #expect(material?["displayString"] as? String == "The Swift Programming Language", "\(typed.text)")
        #expect(book.texts == ["Tell me how many minutes you studied or how much you did."], "\(typed.text)")
        // With a material the extension needs no duration (notRequired) but asks the amount: the form asks that.
        #expect(book.slots["requested_slot"] as? String == "amount", "\(typed.text)")
        // `2000` typed when it asked the minutes: cleared, with the definition's message, so Rasa asks again.
        Self.expectTooLong(try client.send("POST", "/webhook", body: try Self.realRequest("validate-extract-2000")))
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("extract_<slot>: the form's requested slot with a custom mapping is filled from the latest message's text, as the extension resolves it")
    func extraction() throws {
        let (service, client) = try start()
        let validate = "validate_\(Self.form)"
        // The title, said: the extension's resolve finds the book on the shelf.
        let book = try client.send("POST", "/webhook", json: try Self.request(validate, slots: ["duration": 30], requested: "material",
                                                                              required: Self.required, text: "swift", custom: ["material"]))
        #expect(book.status == 200, "\(book.text)")
        let found = Self.slotsAndTexts(book)
        let material = found.slots["material"] as? [String: Any]
        #expect(material?["identifier"] as? String == "book-2", "\(book.text)")
        #expect(material?["displayString"] as? String == "The Swift Programming Language", "\(book.text)")
        #expect((found.slots["duration"] as? NSNumber)?.intValue == 30, "\(book.text)")
        #expect(found.texts.isEmpty, "\(book.text)")
        // A number, said: read as the parameter's Integer.
        let minutes = try client.send("POST", "/webhook", json: try Self.request(validate, slots: ["material": Self.swiftBook], requested: "duration",
                                                                                 required: Self.required, text: "45", custom: ["duration"]))
        #expect((Self.slotsAndTexts(minutes).slots["duration"] as? NSNumber)?.intValue == 45, "\(minutes.text)")
        // A number the definition refuses: cleared, with its message, so the form asks again.
        let tooLong = try client.send("POST", "/webhook", json: try Self.request(validate, slots: ["material": Self.swiftBook], requested: "duration",
                                                                                 required: Self.required, text: "2000", custom: ["duration"]))
        let refused = Self.slotsAndTexts(tooLong)
        #expect(refused.slots["duration"] is NSNull, "\(tooLong.text)")
        #expect(refused.texts == ["You can record at most 1440 minutes (a whole day) at a time; 2000 minutes is too long."], "\(tooLong.text)")
        // Text that is no number: nothing extracted, the slot left empty;
        // the other slots resolve as without it.
        let words = try client.send("POST", "/webhook", json: try Self.request(validate, slots: ["material": Self.swiftBook], requested: "duration",
                                                                               required: Self.required, text: "forty", custom: ["duration"]))
        #expect(words.status == 200, "\(words.text)")
        let none = Self.slotsAndTexts(words)
        #expect(none.slots["duration"] is NSNull, "\(words.text)")
        #expect(none.texts == ["Tell me how many minutes you studied or how much you did."], "\(words.text)")
        // A slot Rasa fills itself (from_entity): not extracted from the text.
        let entity = try client.send("POST", "/webhook", json: try Self.request(validate, slots: ["duration": 30], requested: "material",
                                                                                required: Self.required, text: "swift"))
        #expect(Self.slotsAndTexts(entity).slots["material"] == nil, "\(entity.text)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("required_slots from the extension: a slot its resolve answers notRequired is not asked, one it asks for is, though the domain says otherwise")
    func requiredFromTheExtension() throws {
        let (service, client) = try start()
        let validate = "validate_\(Self.form)"
        // A domain that requires the amount too: with minutes given, resolveAmount
        // answers notRequired, so the form is done without asking it.
        let withAmount = ["material", "duration", "amount"]
        let minutes: [String: Any] = ["material": Self.swiftBook, "duration": 30]
        let done = try client.send("POST", "/webhook", json: try Self.request(validate, slots: minutes, required: withAmount))
        #expect(done.status == 200, "\(done.text)")
        #expect(Self.slotsAndTexts(done).slots["requested_slot"] is NSNull, "\(done.text)")
        #expect(Self.nextAsked(done, slots: minutes, required: withAmount) == nil, "\(done.text)")
        #expect(Self.slotsAndTexts(done).texts.isEmpty, "\(done.text)")
        // The docs' form (material, duration) given only minutes: no material is needed (notRequired).
        let duration: [String: Any] = ["duration": 30]
        let durationOnly = try Self.sendToDocsForm(client, validate, duration)
        #expect(Self.slotsAndTexts(durationOnly).slots["requested_slot"] is NSNull, "\(durationOnly.text)")
        #expect(Self.nextAsked(durationOnly, slots: duration, required: Self.required) == nil, "\(durationOnly.text)")
        // Given only the material: the minutes are not needed, the amount is
        // (the extension asks it), so the form asks a slot its domain does not require.
        let material: [String: Any] = ["material": Self.swiftBook]
        let amount = try Self.sendToDocsForm(client, validate, material)
        #expect(Self.slotsAndTexts(amount).slots["requested_slot"] as? String == "amount", "\(amount.text)")
        #expect(Self.slotsAndTexts(amount).texts == ["Tell me how many minutes you studied or how much you did."], "\(amount.text)")
        // Answered in the next turn (the amount set, the form asking it): the record is complete.
        let answered = try client.send("POST", "/webhook", json: try Self.request(validate, slots: ["amount": 12], requested: "amount",
                                                                                  required: Self.required, earlier: material))
        #expect(Self.nextAsked(answered, slots: material.merging(["amount": 12]) { $1 }, required: Self.required) == nil, "\(answered.text)")
        #expect((Self.slotsAndTexts(answered).slots["amount"] as? NSNumber)?.intValue == 12, "\(answered.text)")
        // The domain's own list when the extension agrees with it: no requested_slot, Rasa asks by the domain.
        let tooLong = try Self.sendToDocsForm(client, validate, ["material": Self.swiftBook, "duration": 2000])
        #expect(Self.slotsAndTexts(tooLong).slots["requested_slot"] == nil, "\(tooLong.text)")
        #expect(Self.nextAsked(tooLong, slots: ["material": Self.swiftBook, "duration": 2000], required: Self.required) == "duration")
        #expect(service.stop() == 0, "\(service.output)")
    }

    /// Soup Chef's *Order Soup* as a Rasa form: `deliveryLocation` has a
    /// relationship on `orderType` (asked only for `delivery`).
    static let soupForm = "order_soup_form"
    static let soupSlots = ["soup", "quantity", "options", "orderType", "deliveryLocation"]

    @Test("a child slot is not asked while its relationship to its parent does not hold, and is asked once it does",
          arguments: [["soup", "orderType", "deliveryLocation"], ["soup", "orderType"]])
    func relationship(_ required: [String]) throws {
        let service = try RunningService(try ExampleSystem(plugins: ["SoupChefExtension"]), arguments: ["--http", "127.0.0.1:0"])
        let client = HTTPTestClient(base: try service.httpBase())
        func validate(_ slots: [String: Any], earlier: [String: Any], requested: String?) throws -> (HTTPTestClient.Response, String?) {
            let body = try Self.request("validate_\(Self.soupForm)", slots: slots, requested: requested, required: required,
                                        earlier: earlier, form: Self.soupForm, domainSlots: Self.soupSlots)
            let response = try client.send("POST", "/webhook", json: body)
            #expect(response.status == 200, "\(response.text)")
            return (response, Self.nextAsked(response, slots: earlier.merging(slots) { $1 }, required: required))
        }
        // The soup alone: the order type is asked (the domain's next slot).
        let soup: [String: Any] = ["soup": "tomato"]
        #expect(try validate(soup, earlier: [:], requested: nil).1 == "orderType")
        // Pickup: the delivery location's relationship does not hold; the form is done.
        let (pickup, afterPickup) = try validate(["orderType": "pickup"], earlier: soup, requested: "orderType")
        #expect(afterPickup == nil, "\(pickup.text)")
        #expect(Self.slotsAndTexts(pickup).texts.isEmpty, "\(pickup.text)")
        // Delivery: it holds, and the extension asks where; the form asks it,
        // listed in the domain or not.
        let (delivery, afterDelivery) = try validate(["orderType": "delivery"], earlier: soup, requested: "orderType")
        #expect(afterDelivery == "deliveryLocation", "\(delivery.text)")
        #expect((Self.slotsAndTexts(delivery).slots["requested_slot"] as? String == "deliveryLocation") == !required.contains("deliveryLocation"),
                "\(delivery.text)")
        // A place outside the area: refused with the definition's reason, asked again.
        let ordered: [String: Any] = ["soup": "tomato", "orderType": "delivery"]
        let (outside, afterOutside) = try validate(["deliveryLocation": "Shelbyville"], earlier: ordered, requested: "deliveryLocation")
        #expect(Self.slotsAndTexts(outside).slots["deliveryLocation"] is NSNull, "\(outside.text)")
        #expect(Self.slotsAndTexts(outside).texts == ["Sorry, Shelbyville is outside our delivery area."], "\(outside.text)")
        #expect(afterOutside == "deliveryLocation", "\(outside.text)")
        // A place inside it: the form is done.
        let (inside, afterInside) = try validate(["deliveryLocation": "742 Evergreen Terrace, Springfield"], earlier: ordered, requested: "deliveryLocation")
        #expect(afterInside == nil, "\(inside.text)")
        #expect(Self.slotsAndTexts(inside).slots["deliveryLocation"] as? String == "742 Evergreen Terrace, Springfield", "\(inside.text)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("extract_<slot> beyond the requested slot: an entity of the message fills the custom slot it names, as the extension resolves it")
    func extractionFromEntities() throws {
        let (service, client) = try start()
        let validate = "validate_\(Self.form)"
        let custom: Set<String> = ["material", "duration"]
        // The form asks the minutes; the message names the material: the
        // book is set, the text is not taken as minutes, and the extension,
        // with a material, asks the amount instead.
        let book = try client.send("POST", "/webhook", json: try Self.request(
            validate, slots: [:], requested: "duration", required: Self.required, text: #"/inform{"material": "swift"}"#, custom: custom,
            entities: ["material": "swift"]))
        #expect(book.status == 200, "\(book.text)")
        let found = Self.slotsAndTexts(book)
        let material = found.slots["material"] as? [String: Any]
        #expect(material?["identifier"] as? String == "book-2", "\(book.text)")
        #expect(material?["displayString"] as? String == "The Swift Programming Language", "\(book.text)")
        #expect(found.slots["duration"] == nil, "\(book.text)")
        #expect(found.texts == ["Tell me how many minutes you studied or how much you did."], "\(book.text)")
        #expect(found.slots["requested_slot"] as? String == "amount", "\(book.text)")
        // Both named: both extracted, the record complete, the form done.
        let both = try client.send("POST", "/webhook", json: try Self.request(
            validate, slots: [:], requested: "material", required: Self.required, text: #"/inform{"material": "swift", "duration": 45}"#,
            custom: custom, entities: ["material": "swift", "duration": 45]))
        let filled = Self.slotsAndTexts(both)
        #expect((filled.slots["material"] as? [String: Any])?["identifier"] as? String == "book-2", "\(both.text)")
        #expect((filled.slots["duration"] as? NSNumber)?.intValue == 45, "\(both.text)")
        #expect(filled.texts.isEmpty && Self.nextAsked(both, slots: [:], required: Self.required) == nil, "\(both.text)")
        // An entity that is no value of its parameter: the slot stays empty, the others are validated without it.
        let words = try client.send("POST", "/webhook", json: try Self.request(
            validate, slots: [:], requested: "duration", required: Self.required, text: "forty minutes", custom: custom,
            earlier: ["material": Self.swiftBook], entities: ["duration": "forty"]))
        #expect(words.status == 200, "\(words.text)")
        let none = Self.slotsAndTexts(words)
        #expect(none.slots["duration"] is NSNull, "\(words.text)")
        #expect(none.texts == ["Tell me how many minutes you studied or how much you did."], "\(words.text)")
        // A slot Rasa fills itself (from_entity) is left to Rasa, entity or not.
        let entity = try client.send("POST", "/webhook", json: try Self.request(
            validate, slots: [:], requested: "duration", required: Self.required, text: #"/inform{"material": "swift"}"#,
            custom: ["duration"], entities: ["material": "swift"]))
        #expect(Self.slotsAndTexts(entity).slots["material"] == nil, "\(entity.text)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("actions and open sessions together stay within --max-sessions: past it an action gets 429, and runs once there is room")
    func bounded() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["StudyRecordExtension"]),
                                         arguments: ["--http", "127.0.0.1:0", "--max-sessions", "1"])
        let client = HTTPTestClient(base: try service.httpBase())
        let open = try client.send("POST", "/v1/conversations", json: #"{"intent": "PostStudyRecord", "parameters": {"duration": 2000}}"#)
        #expect(open.status == 201, "\(open.text)")
        let action = try Self.request("validate_\(Self.form)", slots: ["duration": 30.0])
        let refused = try client.send("POST", "/webhook", json: action)
        #expect(refused.status == 429, "\(refused.text)")
        #expect((refused.json?["error"] as? String)?.contains("--max-sessions") == true)
        let session = try #require(open.json?["session"] as? String)
        #expect(try client.send("DELETE", "/v1/conversations/\(session)").status == 200)
        var admitted = try client.send("POST", "/webhook", json: action)
        for _ in 0..<100 where admitted.status == 429 {
            Thread.sleep(forTimeInterval: 0.02)
            admitted = try client.send("POST", "/webhook", json: action)
        }
        #expect(admitted.status == 200, "\(admitted.text)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("unknown actions get 404 with action_name and error; a request that is not Rasa's gets 400")
    func unknownActions() throws {
        let (service, client) = try start()
        for name in ["utter_greet", "action_order_pizza", "validate_order_pizza_form"] {
            let response = try client.send("POST", "/webhook", json: try Self.request(name, slots: [:]))
            #expect(response.status == 404, "\(name): \(response.text)")
            #expect(response.json?["action_name"] as? String == name)
            #expect((response.json?["error"] as? String)?.hasPrefix("no action \(name)") == true, "\(response.text)")
        }
        let notRasa = try client.send("POST", "/webhook", json: #"{"intent": "PostStudyRecord"}"#)
        #expect(notRasa.status == 400, "\(notRasa.text)")
        #expect((notRasa.json?["error"] as? String)?.contains("next_action") == true)
        // A slot that is not a parameter of the intent: the action refuses to run.
        var odd = try JSONSerialization.jsonObject(with: Data(try Self.request("validate_\(Self.form)", slots: ["duration": 30.0]).utf8)) as? [String: Any] ?? [:]
        var domain = odd["domain"] as? [String: Any] ?? [:]
        domain["forms"] = [Self.form: ["required_slots": ["duration", "mood"]]]
        odd["domain"] = domain
        var tracker = odd["tracker"] as? [String: Any] ?? [:]
        var slots = tracker["slots"] as? [String: Any] ?? [:]
        slots["mood"] = "happy"
        tracker["slots"] = slots
        odd["tracker"] = tracker
        let rejected = try client.send("POST", "/webhook", body: try JSONSerialization.data(withJSONObject: odd))
        #expect(rejected.status == 400, "\(rejected.text)")
        #expect((rejected.json?["error"] as? String)?.contains("PostStudyRecord has no parameter \"mood\"") == true, "\(rejected.text)")
        #expect(service.stop() == 0, "\(service.output)")
    }
}
