import ExthostTestSupport
import Foundation
import Testing

/// `action_ask_<slot>`, the custom action Rasa's form runs to ask for its
/// next slot when the domain lists one: the definition's prompt for the
/// parameter, and what the extension offers to pick from as buttons whose
/// payload fills the slot. Requests shaped as Rasa 3.6 sends them for an ask
/// action: the tracker after the form's own events (`active_loop` the form,
/// the validation's `slot` events), the domain listing the ask actions.
@Suite("Rasa's action server: asking for a slot")
struct RasaAskActionTests {
    typealias Webhook = RasaWebhookTests

    /// An ask action's request: the turn's slots as `RasaWebhookTests.request`
    /// gives them, then the validation's `slot` events (`validated`: a
    /// value refused is `NSNull`), applied to the tracker's slots.
    static func request(_ action: String, slots: [String: Any] = [:], validated: [String: Any] = [:], requested: String,
                        form: String = Webhook.form, domainSlots: [String] = Webhook.formSlots) throws -> Data {
        let text = try Webhook.request(action, slots: slots, requested: requested, required: domainSlots, form: form, domainSlots: domainSlots)
        var body = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var tracker = try #require(body["tracker"] as? [String: Any])
        var events = try #require(tracker["events"] as? [[String: Any]])
        var trackerSlots = try #require(tracker["slots"] as? [String: Any])
        events.append(["event": "action", "timestamp": 1_764_000_001.4, "name": form, "policy": "RulePolicy", "confidence": 1.0])
        for (name, value) in validated.sorted(by: { $0.key < $1.key }) {
            events.append(["event": "slot", "timestamp": 1_764_000_001.5, "name": name, "value": value])
            trackerSlots[name] = value
        }
        tracker["events"] = events
        tracker["slots"] = trackerSlots
        body["tracker"] = tracker
        var domain = try #require(body["domain"] as? [String: Any])
        domain["actions"] = ["validate_\(form)", action]
        body["domain"] = domain
        return try JSONSerialization.data(withJSONObject: body)
    }

    /// The one response's text and its buttons (`title`, `payload`).
    static func asked(_ response: HTTPTestClient.Response) -> (text: String?, buttons: [[String: Any]]?) {
        let responses = response.json?["responses"] as? [[String: Any]] ?? []
        #expect(responses.count == 1, "\(response.text)")
        #expect((response.json?["events"] as? [Any])?.isEmpty == true, "\(response.text)")
        return (responses.first?["text"] as? String, responses.first?["buttons"] as? [[String: Any]])
    }

    /// The slots a button's payload sets: Rasa's `/inform{…}` message.
    static func entities(_ payload: Any?) throws -> [String: Any] {
        let text = try #require(payload as? String)
        #expect(text.hasPrefix("/inform{"), "\(text)")
        return try #require(try JSONSerialization.jsonObject(with: Data(text.dropFirst("/inform".count).utf8)) as? [String: Any])
    }

    @Test("action_ask_material: the definition's prompt, and the extension's provideMaterialOptionsCollection as buttons whose payload the form takes")
    func materialWithOptions() throws {
        let (service, client) = try RasaWebhookTests().start()
        for action in ["action_ask_material", "action_ask_post_study_record_form_material"] {
            let response = try client.send("POST", "/webhook", body: try Self.request(action, requested: "material"))
            #expect(response.status == 200, "\(action): \(response.text)")
            let (text, buttons) = Self.asked(response)
            #expect(text == "Which material did you study?", "\(response.text)")
            // The example's bookshelf, in its order.
            #expect(buttons?.compactMap { $0["title"] as? String } == ["Introduction to Algorithms", "The Swift Programming Language", "Kanji in Context"],
                    "\(response.text)")
            let swift = try Self.entities(buttons?.dropFirst().first?["payload"])
            #expect((swift["material"] as? [String: Any])?["identifier"] as? String == "book-2", "\(response.text)")
        }
        // Pressing the Swift book's button: Rasa fills `material` from the
        // payload's entity, and the validation keeps it.
        let asked = Self.asked(try client.send("POST", "/webhook", body: try Self.request("action_ask_material", requested: "material")))
        let picked = try #require(try Self.entities(asked.buttons?.dropFirst().first?["payload"])["material"])
        let validated = try client.send("POST", "/webhook", json: try Webhook.request("validate_\(Webhook.form)", slots: ["material": picked, "duration": 30],
                                                                                      requested: "material"))
        #expect(validated.status == 200, "\(validated.text)")
        let kept = Webhook.slotsAndTexts(validated)
        #expect(kept.texts.isEmpty, "\(validated.text)")
        #expect((kept.slots["material"] as? [String: Any])?["identifier"] as? String == "book-2", "\(validated.text)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("action_ask_duration: a parameter without options is asked with its prompt and no buttons; so is one cleared by the validation")
    func durationWithoutOptions() throws {
        let (service, client) = try RasaWebhookTests().start()
        let response = try client.send("POST", "/webhook", body: try Self.request("action_ask_duration", slots: ["material": Webhook.swiftBook],
                                                                               requested: "duration"))
        #expect(response.status == 200, "\(response.text)")
        let (text, buttons) = Self.asked(response)
        #expect(text == "How many minutes did you study?", "\(response.text)")
        #expect(buttons == nil, "\(response.text)")
        // 2000 minutes, refused and cleared by the validation: asked again the same way.
        let again = try client.send("POST", "/webhook", body: try Self.request("action_ask_duration", slots: ["duration": 2000],
                                                                            validated: ["duration": NSNull()], requested: "duration"))
        #expect(again.status == 200, "\(again.text)")
        #expect(Self.asked(again).text == "How many minutes did you study?", "\(again.text)")
        #expect(Self.asked(again).buttons == nil, "\(again.text)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("action_ask_orderType: an enum parameter's cases from the definition are the buttons, each payload a case the validation keeps")
    func enumCases() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["SoupChefExtension"]), arguments: ["--http", "127.0.0.1:0"])
        let client = HTTPTestClient(base: try service.httpBase())
        let response = try client.send("POST", "/webhook", body: try Self.request("action_ask_order_soup_form_orderType", slots: ["soup": "tomato"],
                                                                               requested: "orderType", form: Webhook.soupForm,
                                                                               domainSlots: Webhook.soupSlots))
        #expect(response.status == 200, "\(response.text)")
        let (text, buttons) = Self.asked(response)
        #expect(text == "Will you collect it, or shall we deliver?", "\(response.text)")
        #expect(buttons?.compactMap { $0["title"] as? String } == ["Pickup", "Delivery"], "\(response.text)")
        #expect(buttons?.compactMap { $0["payload"] as? String } == [#"/inform{"orderType":"pickup"}"#, #"/inform{"orderType":"delivery"}"#],
                "\(response.text)")
        // Pickup pressed: the validation keeps the case, and the form is done.
        let picked = try #require(try Self.entities(buttons?.first?["payload"])["orderType"])
        let validated = try client.send("POST", "/webhook", json: try Webhook.request(
            "validate_\(Webhook.soupForm)", slots: ["orderType": picked], requested: "orderType", required: ["soup", "orderType"],
            earlier: ["soup": "tomato"], form: Webhook.soupForm, domainSlots: Webhook.soupSlots))
        #expect(validated.status == 200, "\(validated.text)")
        #expect(Webhook.slotsAndTexts(validated).slots["orderType"] as? String == "pickup", "\(validated.text)")
        #expect(Webhook.slotsAndTexts(validated).texts.isEmpty, "\(validated.text)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("a disambiguation the last validation left: its items are the buttons, under the question exthost run asks")
    func disambiguation() throws {
        let (service, client) = try RasaWebhookTests().start()
        // "an" names two books of the shelf: the extension answers disambiguation(with:).
        let validated = try client.send("POST", "/webhook", json: try Webhook.request("validate_\(Webhook.form)", slots: ["material": "an"],
                                                                                      requested: "material"))
        #expect(validated.status == 200, "\(validated.text)")
        #expect(Webhook.slotsAndTexts(validated).slots["material"] is NSNull, "\(validated.text)")
        let response = try client.send("POST", "/webhook", body: try Self.request("action_ask_material", slots: ["material": "an"],
                                                                               validated: ["material": NSNull()], requested: "material"))
        #expect(response.status == 200, "\(response.text)")
        let (text, buttons) = Self.asked(response)
        #expect(text == "Which one?", "\(response.text)")
        #expect(buttons?.compactMap { $0["title"] as? String } == ["The Swift Programming Language", "Kanji in Context"], "\(response.text)")
        let kanji = try Self.entities(buttons?.last?["payload"])
        #expect((kanji["material"] as? [String: Any])?["identifier"] as? String == "book-3", "\(response.text)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("the ask request Rasa 3.6.21 really sent after the validation cleared a title naming two books: its items as buttons")
    func realRasaRequest() throws {
        let (service, client) = try RasaWebhookTests().start()
        // `/record_study{"material": "an", "duration": 30}`: the tracker Rasa
        // sent action_ask_material (Tests/Fixtures/Rasa), with this turn's
        // slot events, the validation's `material` null after the form's
        // `action` event, `requested_slot` still null and `active_loop` the form.
        let response = try client.send("POST", "/webhook", body: try Webhook.realRequest("ask-material-disambiguation"))
        #expect(response.status == 200, "\(response.text)")
        let (text, buttons) = Self.asked(response)
        #expect(text == "Which one?", "\(response.text)")
        #expect(buttons?.compactMap { $0["title"] as? String } == ["The Swift Programming Language", "Kanji in Context"], "\(response.text)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("an ask action for a slot that is no parameter, or with no form running, gets 404 with action_name and error")
    func unknownSlot() throws {
        let (service, client) = try RasaWebhookTests().start()
        let mood = try client.send("POST", "/webhook", body: try Self.request("action_ask_mood", requested: "mood"))
        #expect(mood.status == 404, "\(mood.text)")
        #expect(mood.json?["action_name"] as? String == "action_ask_mood")
        #expect((mood.json?["error"] as? String)?.contains("PostStudyRecord has no parameter \"mood\"") == true, "\(mood.text)")
        // A loop that is no intent's form.
        var body = try #require(try JSONSerialization.jsonObject(with: try Self.request("action_ask_material", requested: "material")) as? [String: Any])
        var tracker = try #require(body["tracker"] as? [String: Any])
        tracker["active_loop"] = ["name": "greeting_loop"]
        body["tracker"] = tracker
        let loop = try client.send("POST", "/webhook", body: try JSONSerialization.data(withJSONObject: body))
        #expect(loop.status == 404, "\(loop.text)")
        #expect((loop.json?["error"] as? String)?.hasPrefix("no action action_ask_material") == true, "\(loop.text)")
        #expect(service.stop() == 0, "\(service.output)")
    }
}
