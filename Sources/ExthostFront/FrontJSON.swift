import JSONText

/// The little JSON the front reads, without Foundation: the service's flat
/// replies (`output`, `exit`, `declined`: members that are strings, numbers,
/// booleans or null; anything nested is skipped). What it sends is quoted
/// by `JSONText`.
enum FrontJSON {
    /// A member's value.
    enum Value: Equatable {
        case string(String)
        case number(Int)
        case other
    }

    /// The members of a one-line JSON object whose values are not nested;
    /// nil when the line is not such an object.
    static func flatObject(_ line: [UInt8]) -> [String: Value]? {
        var parser = Parser(bytes: line)
        return parser.object()
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func object() -> [String: Value]? {
            var members: [String: Value] = [:]
            guard take(UInt8(ascii: "{")) else { return nil }
            if take(UInt8(ascii: "}")) { return members }
            repeat {
                guard let key = string(), take(UInt8(ascii: ":")), let value = value() else { return nil }
                members[key] = value
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}")) ? members : nil
        }

        mutating func value() -> Value? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                return string().map(Value.string)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = index
                index += 1
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                guard let number = Int(String(decoding: bytes[start..<index], as: UTF8.self)) else { return nil }
                return .number(number)
            default:
                for word in ["true", "false", "null"] where bytes[index...].starts(with: word.utf8) {
                    index += word.utf8.count
                    return .other
                }
                return nil
            }
        }

        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard index < bytes.count else { return nil }
            index += 1
            return bytes.withUnsafeBufferPointer { JSONText.unescaped(UnsafeBufferPointer(rebasing: $0[start..<index - 1])) }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func skipSpace() {
            while index < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(bytes[index]) { index += 1 }
        }
    }
}
