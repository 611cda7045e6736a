import Foundation
import JSONText

/// Writes a JSON object exactly as `JSONSerialization` writes it with
/// `.sortedKeys` and `.withoutEscapingSlashes`, indented
/// (`.prettyPrinted`: the output every exthost command's `--json` prints)
/// or compact (the store's canonical text of a shortcut's parameters), for
/// the values it vouches for, and gives up (nil) on any other, which
/// `JSONSerialization` then writes.
///
/// `JSONSerialization`'s indented layout: two spaces per level,
/// `"key" : value`, elements on lines of their own, an empty array or
/// object as its brackets around an empty line (`[\n\n  ]`); compact: no
/// white space at all. Strings and numbers as
/// ``ProtocolLineWriter`` writes them (``JSONText``). Its key order is a
/// locale-aware comparison (numeric, case-insensitive, then forced); this
/// writer orders keys only when every key of the object is ASCII letters
/// and no two differ by case alone, where that comparison is the letters'
/// order without case. Values: the scalars ``ProtocolLineWriter`` writes
/// itself (strings, Booleans, whole numbers, finite doubles, `NSNull`, the
/// `NSNumber`s `JSONSerialization` reads), `[String: Any]`, `[Any]`,
/// `[[String: Any]]` and `[String]`; anything else (an optional, a
/// `Float`, an `NSDecimalNumber`) gives up.
///
/// Rationale: `exthost run --json` wrote its fault reports (made in
/// advance), its answer and its request's record with `JSONSerialization`,
/// whose first use in a process casts every value kind it meets against
/// the protocols of a large executable: ~20 million instructions on the
/// one-shot path before the answer (callgrind; `docs/plan-fast-path.md`,
/// "`exthost run` counted again" and "`exthost run`, leaner").
public enum SortedJSONWriter {
    /// The indented text of `object` (`.prettyPrinted`), without a final
    /// newline, or nil when it holds a key or value this writer does not
    /// vouch for.
    public static func indented(_ object: [String: Any]) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        guard appendObject(object, indent: 0, to: &bytes) else { return nil }
        return bytes
    }

    /// The compact text of `object`, or nil when it holds a key or value
    /// this writer does not vouch for.
    public static func compact(_ object: [String: Any]) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        guard appendObject(object, indent: nil, to: &bytes) else { return nil }
        return bytes
    }

    private static func append(_ value: Any, indent: Int?, to bytes: inout [UInt8]) -> Bool {
        // Containers first, as ProtocolLineWriter does.
        switch ObjectIdentifier(type(of: value)) {
        case ObjectIdentifier([String: Any].self):
            return appendObject(value as! [String: Any], indent: indent, to: &bytes)
        case ObjectIdentifier([Any].self):
            return appendArray(value as! [Any], indent: indent, to: &bytes)
        case ObjectIdentifier([[String: Any]].self):
            return appendArray((value as! [[String: Any]]).map { $0 as Any }, indent: indent, to: &bytes)
        case ObjectIdentifier([String].self):
            return appendArray((value as! [String]).map { $0 as Any }, indent: indent, to: &bytes)
        default:
            return ProtocolLineWriter.appendScalar(value, to: &bytes)
        }
    }

    private static func appendObject(_ object: [String: Any], indent: Int?, to bytes: inout [UInt8]) -> Bool {
        guard let keys = orderedKeys(object) else { return false }
        let inner = indent.map { $0 + 2 }
        bytes.append(UInt8(ascii: "{"))
        if indent != nil { bytes.append(newline) }
        for (index, key) in keys.enumerated() {
            if index > 0 {
                bytes.append(UInt8(ascii: ","))
                if indent != nil { bytes.append(newline) }
            }
            appendIndent(inner, to: &bytes)
            JSONText.appendString(key, to: &bytes)
            if indent != nil { bytes.append(contentsOf: separator) } else { bytes.append(UInt8(ascii: ":")) }
            guard append(object[key]!, indent: inner, to: &bytes) else { return false }
        }
        if indent != nil { bytes.append(newline) }
        appendIndent(indent, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return true
    }

    private static func appendArray(_ array: [Any], indent: Int?, to bytes: inout [UInt8]) -> Bool {
        let inner = indent.map { $0 + 2 }
        bytes.append(UInt8(ascii: "["))
        if indent != nil { bytes.append(newline) }
        for (index, element) in array.enumerated() {
            if index > 0 {
                bytes.append(UInt8(ascii: ","))
                if indent != nil { bytes.append(newline) }
            }
            appendIndent(inner, to: &bytes)
            guard append(element, indent: inner, to: &bytes) else { return false }
        }
        if indent != nil { bytes.append(newline) }
        appendIndent(indent, to: &bytes)
        bytes.append(UInt8(ascii: "]"))
        return true
    }

    /// The keys in `JSONSerialization`'s order, or nil when this writer
    /// cannot vouch for that order: a key that is not ASCII letters, or two
    /// keys that differ by case alone.
    static func orderedKeys(_ object: [String: Any]) -> [String]? {
        var folded: [(key: String, folded: [UInt8])] = []
        folded.reserveCapacity(object.count)
        for key in object.keys {
            var lower: [UInt8] = []
            lower.reserveCapacity(key.utf8.count)
            for byte in key.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"): lower.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): lower.append(byte | 0x20)
                default: return nil
                }
            }
            if lower.isEmpty { return nil }
            folded.append((key, lower))
        }
        folded.sort { $0.folded.lexicographicallyPrecedes($1.folded) }
        for index in folded.indices.dropFirst() where folded[index].folded == folded[index - 1].folded { return nil }
        return folded.map(\.key)
    }

    /// `count` spaces; none when compact (nil).
    private static func appendIndent(_ count: Int?, to bytes: inout [UInt8]) {
        guard let count else { return }
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    private static let newline = UInt8(ascii: "\n")
    private static let separator = Array(" : ".utf8)
}
