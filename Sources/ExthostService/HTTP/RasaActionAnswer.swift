import JSONText
import RequestWire

/// A validation action's answer to Rasa, written straight into its bytes:
/// `{"events":[{"event":"slot","name":…,"timestamp":null,"value":…},…],"responses":[{"text":…},…]}`,
/// events and responses in the order given, keys sorted as
/// `JSONSerialization`'s `.sortedKeys` sorts them, values as
/// ``ProtocolLineWriter`` writes them (whole numbers as integers, other
/// numbers in Swift's shortest form without a trailing `.0`, text with `"`,
/// `\` and control characters escaped and the rest as it is): the bytes
/// `HTTPResponse(json:)` gave for the same answer, without building and
/// walking dictionaries.
struct RasaActionAnswer {
    private var events: [UInt8] = []
    private var responses: [UInt8] = []

    /// A `slot` event setting `name` to `value` (`null` clears it).
    mutating func setSlot(_ name: String, to value: Any) {
        events.append(contentsOf: events.isEmpty ? #"{"event":"slot","name":"#.utf8 : #",{"event":"slot","name":"#.utf8)
        JSONText.appendString(name, to: &events)
        events.append(contentsOf: #","timestamp":null,"value":"#.utf8)
        ProtocolLineWriter.append(value, to: &events, keys: .jsonSerialization)
        events.append(UInt8(ascii: "}"))
    }

    /// A response saying `text`.
    mutating func say(_ text: String) {
        responses.append(contentsOf: responses.isEmpty ? #"{"text":"#.utf8 : #",{"text":"#.utf8)
        JSONText.appendString(text, to: &responses)
        responses.append(UInt8(ascii: "}"))
    }

    /// The answer's JSON text.
    var body: [UInt8] {
        var body = Array(#"{"events":["#.utf8)
        body.reserveCapacity(events.count + responses.count + 32)
        body.append(contentsOf: events)
        body.append(contentsOf: #"],"responses":["#.utf8)
        body.append(contentsOf: responses)
        body.append(contentsOf: "]}".utf8)
        return body
    }
}
