import Foundation
import RequestWire

/// What exthost reads of an action request Rasa sends (`POST /webhook`):
/// the action's name, the conversation's `sender_id`, the tracker's slots,
/// the kind, slot name and value of each of its events, the latest
/// message's text and entities, the active loop's name, and the domain's forms and slots.
///
/// Read with ``ProtocolLineReader``, which builds only those members and
/// reads the rest of the body — the other members of each event, the
/// latest message's parse data, the domain's responses and actions — only
/// to check it, building nothing; a body it leaves to `JSONSerialization`
/// (a number it does not make exactly, another encoding, a malformed body,
/// whose error is then `JSONSerialization`'s) is read whole by
/// `JSONSerialization`. Either way the values are those `JSONSerialization`
/// gives (`String`, `NSNumber`, `NSNull`, arrays and dictionaries).
///
/// Read leniently, as Rasa's tracker varies between versions: a field of
/// another shape than expected counts as absent.
struct RasaActionRequest {
    var nextAction: String?
    /// The request's `sender_id`: the tracker's conversation.
    var senderID: String?
    var tracker: Tracker?
    var domain: Domain?

    /// The conversation the request is for: the request's `sender_id`, else
    /// the tracker's (Rasa sends both, the same).
    var conversation: String? { senderID ?? tracker?.senderID }

    struct Tracker {
        var senderID: String?
        /// The slots, by name, as `JSONSerialization` reads them.
        var slots: [String: Any]?
        /// The events, nil when absent or when any is not an object.
        var events: [Event]?
        /// The text of the latest message (`latest_message.text`).
        var latestText: String?
        /// The entities of the latest message (`latest_message.entities`),
        /// those with a name.
        var latestEntities: [Entity] = []
        /// The loop (form) that runs (`active_loop.name`); nil when none does.
        var activeLoop: String?
    }

    /// One entity of a message: its name and its value, as
    /// `JSONSerialization` reads it.
    struct Entity {
        var entity: String
        var value: Any
    }

    /// One event of the tracker: its kind and, for a `slot` event, the
    /// slot's name and value (`NSNull` when it clears the slot).
    struct Event {
        var event: String?
        var name: String?
        var value: Any?
    }

    struct Domain {
        /// The forms, each with its `required_slots`.
        var forms: [String: Any]?
        /// The slots, each with the `type` of each of its `mappings`.
        var slots: [String: Any]?

        /// The form's `required_slots`, nil unless it is a list of names.
        func requiredSlots(of form: String) -> [String]? {
            (forms?[form] as? [String: Any])?["required_slots"] as? [String]
        }

        /// Whether the slot's mappings include a `custom` one: Rasa leaves
        /// such a slot to a custom action to fill.
        func hasCustomMapping(_ slot: String) -> Bool {
            guard let mappings = (slots?[slot] as? [String: Any])?["mappings"] as? [Any] else { return false }
            return mappings.contains { ($0 as? [String: Any])?["type"] as? String == "custom" }
        }
    }

    /// The members read; every other one is skipped unbuilt.
    static let selection: [String: ProtocolLineReader.Selection] = [
        "next_action": .value,
        "sender_id": .value,
        "tracker": .members([
            "sender_id": .value,
            "slots": .value,
            "events": .elements(.members(["event": .value, "name": .value, "value": .value])),
            "latest_message": .members(["text": .value, "entities": .elements(.members(["entity": .value, "value": .value]))]),
            "active_loop": .members(["name": .value]),
        ]),
        "domain": .members([
            "forms": .eachMember(.members(["required_slots": .value])),
            "slots": .eachMember(.members(["mappings": .elements(.members(["type": .value]))])),
        ]),
    ]

    /// Reads a request body; nil when it is no JSON object.
    static func read(_ body: Data) -> RasaActionRequest? {
        guard let object = ProtocolLineReader.object(body, selecting: selection)
            ?? (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return nil }
        return RasaActionRequest(object)
    }

    /// The request in `object`: the members ``selection`` names, the others ignored.
    init(_ object: [String: Any]) {
        nextAction = object["next_action"] as? String
        senderID = object["sender_id"] as? String
        if let tracker = object["tracker"] as? [String: Any] {
            var events: [Event]?
            if let list = tracker["events"] as? [Any] {
                events = []
                for item in list {
                    guard let event = item as? [String: Any] else {
                        events = nil
                        break
                    }
                    events?.append(Event(event: event["event"] as? String, name: event["name"] as? String, value: event["value"]))
                }
            }
            let latest = tracker["latest_message"] as? [String: Any]
            let entities: [Entity] = (latest?["entities"] as? [Any] ?? []).compactMap { item in
                guard let entity = item as? [String: Any], let name = entity["entity"] as? String, let value = entity["value"] else { return nil }
                return Entity(entity: name, value: value)
            }
            self.tracker = Tracker(senderID: tracker["sender_id"] as? String, slots: tracker["slots"] as? [String: Any], events: events,
                                   latestText: latest?["text"] as? String, latestEntities: entities,
                                   activeLoop: (tracker["active_loop"] as? [String: Any])?["name"] as? String)
        }
        if let domain = object["domain"] as? [String: Any] {
            self.domain = Domain(forms: domain["forms"] as? [String: Any], slots: domain["slots"] as? [String: Any])
        }
    }
}
