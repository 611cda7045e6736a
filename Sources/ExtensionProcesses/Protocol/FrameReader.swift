import ExthostABI
import IntentConversation

/// Reads the fields of one frame of the extension-process protocol, in the
/// order ``FrameWriter`` wrote them; a frame that ends early or carries an
/// unknown tag throws ``ExtensionProtocolError``.
package struct FrameReader {
    /// The frame's message type.
    package let type: ExtensionProcessProtocol.MessageType
    private let bytes: [UInt8]
    private var position = 1

    /// Reads a frame's body (what follows the length prefix).
    ///
    /// - Throws: ``ExtensionProtocolError`` for an empty body or an unknown type.
    package init(body: [UInt8]) throws(ExtensionProtocolError) {
        guard let first = body.first else { throw ExtensionProtocolError("empty frame") }
        guard let type = ExtensionProcessProtocol.MessageType(rawValue: first) else {
            throw ExtensionProtocolError("unknown message type 0x\(String(first, radix: 16))")
        }
        self.type = type
        self.bytes = body
    }

    private mutating func take(_ count: Int) throws(ExtensionProtocolError) -> ArraySlice<UInt8> {
        guard count >= 0, bytes.count - position >= count else {
            throw ExtensionProtocolError("\(type) frame of \(bytes.count) bytes ends at byte \(position), \(count) more expected")
        }
        defer { position += count }
        return bytes[position..<position + count]
    }

    private mutating func integer<T: FixedWidthInteger>(_: T.Type) throws(ExtensionProtocolError) -> T {
        let slice = try take(MemoryLayout<T>.size)
        var value: T = 0
        for (shift, byte) in slice.enumerated() { value |= T(byte) << (shift * 8) }
        return value
    }

    package mutating func byte() throws(ExtensionProtocolError) -> UInt8 { try integer(UInt8.self) }
    package mutating func bool() throws(ExtensionProtocolError) -> Bool { try byte() != 0 }
    package mutating func uint32() throws(ExtensionProtocolError) -> UInt32 { try integer(UInt32.self) }
    package mutating func int32() throws(ExtensionProtocolError) -> Int32 { try integer(Int32.self) }
    package mutating func uint64() throws(ExtensionProtocolError) -> UInt64 { try integer(UInt64.self) }
    package mutating func int64() throws(ExtensionProtocolError) -> Int64 { try integer(Int64.self) }
    package mutating func double() throws(ExtensionProtocolError) -> Double { Double(bitPattern: try uint64()) }

    package mutating func string() throws(ExtensionProtocolError) -> String {
        let count = Int(try uint32())
        return String(decoding: try take(count), as: UTF8.self)
    }

    /// Bytes as ``FrameWriter/append(bytes:)`` wrote them.
    package mutating func rawBytes() throws(ExtensionProtocolError) -> [UInt8] {
        let count = Int(try uint32())
        return Array(try take(count))
    }

    package mutating func optionalString() throws(ExtensionProtocolError) -> String? {
        try bool() ? try string() : nil
    }

    package mutating func optionalUInt64() throws(ExtensionProtocolError) -> UInt64? {
        try bool() ? try uint64() : nil
    }

    /// An error: code, then message; a code exthost does not know reads as 5001.
    package mutating func error() throws(ExtensionProtocolError) -> IntentsError {
        let code = try int32()
        return IntentsError(IntentsErrorCode(rawValue: code) ?? .extensionBringUpFailed, try string())
    }

    /// A count, checked against what is left so a broken count cannot
    /// make the reader allocate.
    private mutating func count() throws(ExtensionProtocolError) -> Int {
        let count = Int(try uint32())
        guard count <= bytes.count - position else {
            throw ExtensionProtocolError("\(type) frame claims \(count) items with \(bytes.count - position) bytes left")
        }
        return count
    }

    // MARK: - Values

    package mutating func value() throws(ExtensionProtocolError) -> IntentValue {
        switch try byte() {
        case 0: return .string(try string())
        case 1: return .integer(try int64())
        case 2: return .decimal(try double())
        case 3: return .boolean(try bool())
        case 4: return .enumeration(try int32())
        case 5:
            let identifier = try optionalString()
            let displayString = try string()
            return .object(ObjectValue(identifier: identifier, displayString: displayString, subtitle: try optionalString(),
                                       image: try optionalString(), properties: try optionalString()))
        case 6: return .list(try values())
        case let tag: throw ExtensionProtocolError("unknown value tag \(tag) in a \(type) frame")
        }
    }

    package mutating func optionalValue() throws(ExtensionProtocolError) -> IntentValue? {
        try bool() ? try value() : nil
    }

    package mutating func values() throws(ExtensionProtocolError) -> [IntentValue] {
        var items: [IntentValue] = []
        for _ in 0..<(try count()) { items.append(try value()) }
        return items
    }

    package mutating func valueShape() throws(ExtensionProtocolError) -> ValueShape {
        let raw = try int32()
        guard let kind = ValueKind(rawValue: raw) else { throw ExtensionProtocolError("unknown value kind \(raw) in a \(type) frame") }
        return ValueShape(kind: kind, multiple: try bool())
    }

    package mutating func completionShape() throws(ExtensionProtocolError) -> CompletionShape {
        switch try byte() {
        case 0: return .resolve(try valueShape())
        case 1: return .options(try valueShape())
        case 3: return .optionSections(try valueShape())
        case 2:
            var shapes: [ValueShape] = []
            for _ in 0..<(try count()) { shapes.append(try valueShape()) }
            return .response(shapes)
        case let tag: throw ExtensionProtocolError("unknown completion shape tag \(tag)")
        }
    }

    package mutating func activity() throws(ExtensionProtocolError) -> UserActivityValue? {
        guard try bool() else { return nil }
        return UserActivityValue(activityType: try string(), title: try optionalString(), userInfo: try optionalString(),
                                 persistentIdentifier: try optionalString())
    }

    package mutating func payload() throws(ExtensionProtocolError) -> CompletionPayload {
        switch try byte() {
        case 0:
            return .resolution(kind: try int32(), value: try optionalValue(), alternatives: try values(), reason: try int32())
        case 1:
            return .options(try values(), error: try optionalString())
        case 3:
            var sections: [OptionSection] = []
            for _ in 0..<(try count()) { sections.append(OptionSection(title: try optionalString(), items: try values())) }
            return .optionSections(sections, error: try optionalString())
        case 2:
            let code = try int32()
            let activity = try activity()
            var properties: [IntentValue?] = []
            for _ in 0..<(try count()) { properties.append(try optionalValue()) }
            return .response(code: code, activity: activity, properties: properties)
        case let tag: throw ExtensionProtocolError("unknown payload tag \(tag)")
        }
    }
}
