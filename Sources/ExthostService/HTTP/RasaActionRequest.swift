import Foundation

/// What exthost reads of an action request Rasa sends (`POST /webhook`):
/// the action's name, the conversation's `sender_id`, the tracker's slots
/// and the slot events of its events, and the forms' required slots from
/// the domain. Decoded with
/// `JSONDecoder`, which skips the rest of the tracker and the domain
/// (messages, responses, the other events' data) without building it.
///
/// Read leniently, as Rasa's tracker varies between versions: a field of
/// another shape than expected counts as absent.
struct RasaActionRequest: Decodable {
    var nextAction: String?
    /// The request's `sender_id`: the tracker's conversation.
    var senderID: String?
    var tracker: Tracker?
    var domain: Domain?

    /// The conversation the request is for: the request's `sender_id`, else
    /// the tracker's (Rasa sends both, the same).
    var conversation: String? { senderID ?? tracker?.senderID }

    struct Tracker: Decodable {
        var senderID: String?
        var slots: [String: RasaValue]?
        /// The events, nil when absent or when any is not an object.
        var events: [Event]?

        private enum CodingKeys: String, CodingKey { case slots, events, senderID = "sender_id" }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            senderID = try? container.decodeIfPresent(String.self, forKey: .senderID)
            if case .object(let slots)? = try? container.decodeIfPresent(RasaValue.self, forKey: .slots) { self.slots = slots }
            events = try? container.decodeIfPresent([Event].self, forKey: .events)
        }
    }

    /// One event of the tracker: its kind and, for a `slot` event, the slot's name.
    struct Event: Decodable {
        var event: String?
        var name: String?

        private enum CodingKeys: String, CodingKey { case event, name }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            event = try? container.decodeIfPresent(String.self, forKey: .event)
            name = try? container.decodeIfPresent(String.self, forKey: .name)
        }
    }

    struct Domain: Decodable {
        /// The forms, each as Rasa describes it (`required_slots`, …).
        var forms: [String: RasaValue]?

        private enum CodingKeys: String, CodingKey { case forms }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if case .object(let forms)? = try? container.decodeIfPresent(RasaValue.self, forKey: .forms) { self.forms = forms }
        }

        /// The form's `required_slots`, nil unless it is a list of names.
        func requiredSlots(of form: String) -> [String]? {
            guard case .object(let description)? = forms?[form], case .array(let items)? = description["required_slots"] else { return nil }
            var names: [String] = []
            for item in items {
                guard case .string(let name) = item else { return nil }
                names.append(name)
            }
            return names
        }
    }

    private enum CodingKeys: String, CodingKey {
        case nextAction = "next_action", senderID = "sender_id", tracker, domain
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        nextAction = try? container.decodeIfPresent(String.self, forKey: .nextAction)
        senderID = try? container.decodeIfPresent(String.self, forKey: .senderID)
        tracker = try? container.decodeIfPresent(Tracker.self, forKey: .tracker)
        domain = try? container.decodeIfPresent(Domain.self, forKey: .domain)
    }

    /// Reads a request body; nil when it is no JSON object.
    static func read(_ body: Data) -> RasaActionRequest? {
        try? JSONDecoder().decode(RasaActionRequest.self, from: body)
    }
}
