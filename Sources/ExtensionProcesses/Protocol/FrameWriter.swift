import ExthostABI
import IntentConversation

/// Builds one frame of the extension-process protocol: the length prefix,
/// the message type, then fields appended in order.
///
/// Encodings (all little-endian): integers at their width; a `Double` as its
/// IEEE 754 bits; a string as a `UInt32` byte count and UTF-8; an optional
/// as a byte (0 absent, 1 present) and the value; a list as a `UInt32` count
/// and the items. Values, shapes and payloads are tagged with one byte, as
/// `docs/extension-process-protocol.md` lists.
package struct FrameWriter {
    /// The frame so far, length prefix included.
    package private(set) var bytes: [UInt8]

    /// Starts a frame of `type`.
    package init(_ type: ExtensionProcessProtocol.MessageType) {
        bytes = [0, 0, 0, 0, type.rawValue]
        bytes.reserveCapacity(64)
    }

    /// The finished frame: the length prefix filled in.
    package var frame: [UInt8] {
        var done = bytes
        let length = UInt32(done.count - 4)
        withUnsafeBytes(of: length.littleEndian) { done.replaceSubrange(0..<4, with: $0) }
        return done
    }

    package mutating func append(_ value: UInt8) { bytes.append(value) }
    package mutating func append(_ value: Bool) { bytes.append(value ? 1 : 0) }
    package mutating func append(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    package mutating func append(_ value: Int32) { append(UInt32(bitPattern: value)) }
    package mutating func append(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    package mutating func append(_ value: Int64) { append(UInt64(bitPattern: value)) }
    package mutating func append(_ value: Double) { append(value.bitPattern) }

    package mutating func append(_ value: String) {
        let utf8 = Array(value.utf8)
        append(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    /// Bytes as they are: a `UInt32` count, then the bytes.
    package mutating func append(bytes value: UnsafeRawBufferPointer) {
        append(UInt32(value.count))
        bytes.append(contentsOf: value)
    }

    package mutating func append(_ value: String?) {
        append(value != nil)
        if let value { append(value) }
    }

    package mutating func append(_ value: UInt64?) {
        append(value != nil)
        if let value { append(value) }
    }

    /// An error: its code (`Int32`), then its message.
    package mutating func append(_ error: IntentsError) {
        append(error.code.rawValue)
        append(error.message)
    }

    // MARK: - Values

    /// Tags: 0 string, 1 integer, 2 decimal, 3 boolean, 4 enumeration,
    /// 5 object, 6 list.
    package mutating func append(_ value: IntentValue) {
        switch value {
        case .string(let text): append(UInt8(0)); append(text)
        case .integer(let number): append(UInt8(1)); append(number)
        case .decimal(let number): append(UInt8(2)); append(number)
        case .boolean(let flag): append(UInt8(3)); append(flag)
        case .enumeration(let raw): append(UInt8(4)); append(raw)
        case .object(let object):
            append(UInt8(5))
            append(object.identifier)
            append(object.displayString)
            append(object.subtitle)
            append(object.image)
            append(object.properties)
        case .list(let items):
            append(UInt8(6))
            append(items)
        }
    }

    package mutating func append(_ value: IntentValue?) {
        append(value != nil)
        if let value { append(value) }
    }

    package mutating func append(_ values: [IntentValue]) {
        append(UInt32(values.count))
        values.forEach { append($0) }
    }

    package mutating func append(_ shape: ValueShape) {
        append(shape.kind.rawValue)
        append(shape.multiple)
    }

    /// Tags: 0 resolve, 1 options, 2 response, 3 options in sections.
    package mutating func append(_ shape: CompletionShape) {
        switch shape {
        case .resolve(let value): append(UInt8(0)); append(value)
        case .options(let value): append(UInt8(1)); append(value)
        case .optionSections(let value): append(UInt8(3)); append(value)
        case .response(let properties):
            append(UInt8(2))
            append(UInt32(properties.count))
            properties.forEach { append($0) }
        }
    }

    package mutating func append(_ activity: UserActivityValue?) {
        append(activity != nil)
        guard let activity else { return }
        append(activity.activityType)
        append(activity.title)
        append(activity.userInfo)
        append(activity.persistentIdentifier)
    }

    /// Tags: 0 resolution, 1 options, 2 response, 3 options in sections
    /// (a count, then each section's optional title and items).
    package mutating func append(_ payload: CompletionPayload) {
        switch payload {
        case .optionSections(let sections, let error):
            append(UInt8(3))
            append(UInt32(sections.count))
            for section in sections {
                append(section.title)
                append(section.items)
            }
            append(error)
        case .resolution(let kind, let value, let alternatives, let reason):
            append(UInt8(0)); append(kind); append(value); append(alternatives); append(reason)
        case .options(let items, let error):
            append(UInt8(1)); append(items); append(error)
        case .response(let code, let activity, let properties):
            append(UInt8(2)); append(code); append(activity)
            append(UInt32(properties.count))
            properties.forEach { append($0) }
        }
    }
}
