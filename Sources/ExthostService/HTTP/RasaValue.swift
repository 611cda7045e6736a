import Foundation
import JSONText
import RequestWire

/// A JSON value as Rasa sends it in a slot (text, a number, an object for
/// a slot of type `any`, …), read by `JSONDecoder` and written back into
/// the action's answer byte for byte as `JSONSerialization` writes the
/// value it reads from the same text (`.sortedKeys`, `.withoutEscapingSlashes`):
/// whole numbers as integers, other numbers in Swift's shortest form
/// without a trailing `.0`, text with `"`, `\` and control characters
/// escaped and everything else as it is, an object's keys in
/// `JSONSerialization`'s order. `RasaValueTests` holds the two writers to
/// the same bytes.
enum RasaValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    /// A whole number past `Int64.max`.
    case unsigned(UInt64)
    case double(Double)
    case string(String)
    case array([RasaValue])
    case object([String: RasaValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int64.self) {
            self = .integer(number)
        } else if let number = try? container.decode(UInt64.self) {
            self = .unsigned(number)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else if let object = try? container.decode([String: RasaValue].self) {
            self = .object(object)
        } else {
            self = .array(try container.decode([RasaValue].self))
        }
    }

    /// The value as `JSONSerialization` gives it (`NSNumber`, `String`,
    /// `NSNull`, arrays and dictionaries of them): what an intent file's
    /// parameter is read from.
    var foundationObject: Any {
        switch self {
        case .null: NSNull()
        case .bool(let flag): NSNumber(value: flag)
        case .integer(let number): NSNumber(value: number)
        case .unsigned(let number): NSNumber(value: number)
        case .double(let number): NSNumber(value: number)
        case .string(let text): text
        case .array(let items): items.map(\.foundationObject)
        case .object(let fields): fields.mapValues(\.foundationObject)
        }
    }

    /// Whether the slot holds no value.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Appends the value's JSON text.
    func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let number): out.append(contentsOf: String(number).utf8)
        case .unsigned(let number): out.append(contentsOf: String(number).utf8)
        case .double(let number): JSONText.appendNumber(number, to: &out)
        case .string(let text): JSONText.appendString(text, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let fields):
            out.append(UInt8(ascii: "{"))
            for (index, key) in Self.sortedKeys(fields.keys).enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONText.appendString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                fields[key]?.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Keys in the order `JSONSerialization`'s `.sortedKeys` gives them:
    /// numbers by value, letters without regard to case.
    static func sortedKeys(_ keys: some Sequence<String>) -> [String] {
        keys.sorted { a, b in
            a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: a.startIndex..<a.endIndex, locale: NSLocale.system) == .orderedAscending
        }
    }
}
