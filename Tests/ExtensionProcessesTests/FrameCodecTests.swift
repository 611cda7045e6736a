import ExtensionProcesses
import ExthostABI
import IntentConversation
import Testing

/// The protocol's encoding: what `FrameWriter` writes, `FrameReader` reads
/// back, and a frame that is cut short or mistagged is refused.
@Suite("Extension-process frames")
struct FrameCodecTests {
    private func body(_ writer: FrameWriter) -> [UInt8] {
        let frame = writer.frame
        let length = Int(frame[0]) | Int(frame[1]) << 8 | Int(frame[2]) << 16 | Int(frame[3]) << 24
        #expect(length == frame.count - 4)
        return Array(frame[4...])
    }

    @Test("every value kind, shape and payload reads back as written")
    func roundTrip() throws {
        let object = ObjectValue(identifier: "river", displayString: "River Loop", subtitle: nil, image: "river.png", properties: #"{"length":5}"#)
        let values: [IntentValue] = [
            .string("Grüße"), .integer(-42), .decimal(5.5), .boolean(true), .enumeration(3), .object(object),
            .list([.string("a"), .list([])]),
        ]
        let payloads: [CompletionPayload] = [
            .resolution(kind: 2, value: .object(object), alternatives: values, reason: 1),
            .options(values, error: "offline"),
            .response(code: 4, activity: UserActivityValue(activityType: "t", title: nil, userInfo: "{}", persistentIdentifier: "p"),
                      properties: [nil, .integer(300)]),
        ]
        var writer = FrameWriter(.outcome)
        values.forEach { writer.append($0) }
        writer.append(nil as IntentValue?)
        writer.append(CompletionShape.response([ValueShape(kind: .integer, multiple: false), ValueShape(kind: .object, multiple: true)]))
        payloads.forEach { writer.append($0) }
        writer.append(UInt64.max)

        var reader = try FrameReader(body: body(writer))
        #expect(reader.type == .outcome)
        for value in values { #expect(try reader.value() == value) }
        #expect(try reader.optionalValue() == nil)
        #expect(try reader.completionShape() == .response([ValueShape(kind: .integer, multiple: false), ValueShape(kind: .object, multiple: true)]))
        for payload in payloads { #expect("\(try reader.payload())" == "\(payload)") }
        #expect(try reader.uint64() == UInt64.max)
    }

    @Test("a frame cut short is refused, naming where it ended")
    func truncated() throws {
        var writer = FrameWriter(.open)
        writer.append("request")
        var reader = try FrameReader(body: Array(body(writer).dropLast(2)))
        let error = try #require(throws: ExtensionProtocolError.self) { _ = try reader.string() }
        #expect(error.description.contains("open frame"))
    }

    @Test("an unknown message type or value tag is refused")
    func unknownTags() throws {
        #expect(throws: ExtensionProtocolError.self) { _ = try FrameReader(body: [0x7f]) }
        var reader = try FrameReader(body: [ExtensionProcessProtocol.MessageType.setValue.rawValue, 9])
        #expect(throws: ExtensionProtocolError.self) { _ = try reader.value() }
    }

    @Test("a list count larger than the frame is refused before anything is allocated")
    func hugeCount() throws {
        var writer = FrameWriter(.outcome)
        writer.append(UInt8(6))
        writer.append(UInt32.max)
        var reader = try FrameReader(body: body(writer))
        #expect(throws: ExtensionProtocolError.self) { _ = try reader.value() }
    }
}
