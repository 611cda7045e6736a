import Foundation
import JSONText

/// Reads the JSON of a protocol line into the values `JSONSerialization`
/// gives for it: `String`, `NSNumber` (booleans the same `__NSCFBoolean`
/// objects), `NSNull`, `[Any]` and `[String: Any]` — what
/// ``ServiceProtocol/object(_:)`` and an intent file's parameter values
/// are read with.
///
/// It reads the JSON the protocol's writers send (``ProtocolLineWriter``,
/// compact, UTF-8) and returns nil for anything it leaves to
/// `JSONSerialization`, which then reads the line as before: a malformed
/// line (so its error stays `JSONSerialization`'s), a trailing comma (which
/// `JSONSerialization` takes), another encoding or a byte-order mark, a
/// number written with an exponent or with more than 15 significant digits
/// (`JSONSerialization` makes some of those `NSDecimalNumber`s), nesting
/// deeper than 256.
///
/// Rationale: `JSONSerialization` reading a warm `run` line, and the
/// request's parameters written back as JSON and read again, took 7.5 % of
/// the service's CPU (`docs/plan-service.md`, "The warm request"). Leaving
/// every case it does not read exactly to `JSONSerialization` keeps the
/// values and the errors a client sees as they were
/// (`ProtocolLineReaderTests` compares the two on every kind of value and
/// on malformed lines).
package enum ProtocolLineReader {
    /// Which parts of a document to build: the rest is read (so a malformed
    /// document is still refused) and skipped without building its values.
    package indirect enum Selection: Sendable {
        /// The whole value.
        case value
        /// Of an object, only these members, each as its selection says; a
        /// value that is no object is built whole.
        case members([String: Selection])
        /// Of an object, every member as the selection says (an object
        /// keyed by names not known beforehand); a value that is no object
        /// is built whole.
        case eachMember(Selection)
        /// Of an array, each element as the selection says; a value that is
        /// no array is built whole.
        case elements(Selection)
    }

    /// The members `selection` names of the JSON object `document` holds,
    /// the others skipped unbuilt; nil when it holds no object this reader
    /// reads (then `JSONSerialization` decides, as for ``object(_:)``).
    package static func object(_ document: Data, selecting selection: [String: Selection]) -> [String: Any]? {
        document.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            return reader.document(topLevel: UInt8(ascii: "{"), .members(selection)) as? [String: Any]
        }
    }

    /// The JSON object `line` holds, or nil when it holds none this reader
    /// reads (then `JSONSerialization` decides).
    static func object(_ line: Data) -> [String: Any]? {
        line.withUnsafeBytes { raw in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            return reader.document(topLevel: UInt8(ascii: "{")) as? [String: Any]
        }
    }

    /// The JSON array `text` holds, or nil when it holds none this reader reads.
    static func array(_ text: String) -> [Any]? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            return reader.document(topLevel: UInt8(ascii: "[")) as? [Any]
        }
    }

    /// `true` and `false` as `JSONSerialization` reads them (the shared
    /// `__NSCFBoolean` objects, which `isBoolean` tells from numbers).
    // Unsafe: two immutable Foundation singletons, set once.
    nonisolated(unsafe) static let booleans: (true: Any, false: Any) = {
        let both = (try? JSONSerialization.jsonObject(with: Data("[true,false]".utf8))) as? [Any]
        return (both?.first ?? NSNumber(value: true), both?.last ?? NSNumber(value: false))
    }()

    /// The deepest nesting read here; deeper is left to `JSONSerialization`
    /// (which refuses beyond 512).
    private static let maximumDepth = 256

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var depth = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// A whole document whose top level starts with `topLevel`, with
        /// nothing but white space around it, built as `selection` says.
        mutating func document(topLevel: UInt8, _ selection: Selection = .value) -> Any? {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == topLevel, let value = selected(selection) else { return nil }
            skipWhitespace()
            return index == bytes.count ? value : nil
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value() -> Any? {
            skipWhitespace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object()
            case UInt8(ascii: "["): return array()
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true") ? ProtocolLineReader.booleans.true : nil
            case UInt8(ascii: "f"): return literal("false") ? ProtocolLineReader.booleans.false : nil
            case UInt8(ascii: "n"): return literal("null") ? NSNull() : nil
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
            default: return nil
            }
        }

        /// The value here as `selection` says: the members or elements it
        /// names built, the others checked and skipped.
        mutating func selected(_ selection: Selection) -> Any? {
            skipWhitespace()
            guard index < bytes.count else { return nil }
            switch (selection, bytes[index]) {
            case (.members(let members), UInt8(ascii: "{")): return object(members)
            case (.eachMember(let member), UInt8(ascii: "{")): return object(each: member)
            case (.elements(let element), UInt8(ascii: "[")): return array(element)
            default: return value()
            }
        }

        /// Reads the value here as ``value()`` does, without building it:
        /// false where `value()` gives nil.
        mutating func skip() -> Bool {
            skipWhitespace()
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["): return skipContainer()
            case UInt8(ascii: "\""): return skipString()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return scanNumber(skipping: true) != nil
            default: return false
            }
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard bytes.count - index >= count else { return false }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
            index += count
            return true
        }

        /// An object; with `members`, only those built (each as its
        /// selection says) and the others skipped; with `each`, every member
        /// as it says.
        mutating func object(_ members: [String: Selection]? = nil, each: Selection? = nil) -> [String: Any]? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= ProtocolLineReader.maximumDepth else { return nil }
            index += 1
            var object: [String: Any] = [:]
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return object
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
                if let members {
                    // The key is looked up by its bytes: no text is made
                    // of a key that is skipped.
                    guard let (raw, escaped) = scanString() else { return nil }
                    var wanted: (key: String, selection: Selection)?
                    if escaped {
                        guard let key = Self.text(raw, escaped: true) else { return nil }
                        wanted = members[key].map { (key, $0) }
                    } else {
                        wanted = members.first { $0.key.utf8.elementsEqual(raw) }.map { ($0.key, $0.value) }
                        if wanted == nil, !Self.isText(raw, escaped: false) { return nil }
                    }
                    guard skipColon() else { return nil }
                    if let (key, selection) = wanted {
                        guard let member = selected(selection) else { return nil }
                        object[key] = member
                    } else {
                        guard skip() else { return nil }
                    }
                } else {
                    guard let key = string(), skipColon(), let member = each.map({ selected($0) }) ?? value() else { return nil }
                    // A repeated key: the last one wins, as in JSONSerialization.
                    object[key] = member
                }
                switch closes(with: UInt8(ascii: "}")) {
                case true?: return object
                case false?: continue
                case nil: return nil
                }
            }
        }

        /// Moves past the `:` after an object's key (white space before
        /// it); false when there is none.
        mutating func skipColon() -> Bool {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
            index += 1
            return true
        }

        /// After a member or an element: moves past the `,` that another
        /// follows (false) or the container's `close` (true), white space
        /// before them; nil, where neither is, for a malformed container.
        mutating func closes(with close: UInt8) -> Bool? {
            skipWhitespace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
                return false
            case close:
                index += 1
                return true
            default:
                return nil
            }
        }

        /// An object or an array read as ``object(_:)`` and ``array(_:)``
        /// read them, nothing built: false where they give nil.
        mutating func skipContainer() -> Bool {
            depth += 1
            defer { depth -= 1 }
            guard depth <= ProtocolLineReader.maximumDepth else { return false }
            let isObject = bytes[index] == UInt8(ascii: "{")
            let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == close {
                index += 1
                return true
            }
            while true {
                if isObject {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), skipString(), skipColon() else { return false }
                }
                guard skip() else { return false }
                switch closes(with: close) {
                case true?: return true
                case false?: continue
                case nil: return false
                }
            }
        }

        /// An array; with `element`, each element as it says.
        mutating func array(_ element: Selection? = nil) -> [Any]? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= ProtocolLineReader.maximumDepth else { return nil }
            index += 1
            var array: [Any] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return array
            }
            while true {
                guard let item = element.map({ selected($0) }) ?? value() else { return nil }
                array.append(item)
                switch closes(with: UInt8(ascii: "]")) {
                case true?: return array
                case false?: continue
                case nil: return nil
                }
            }
        }

        /// A string: its raw bytes checked as UTF-8, the escapes decoded.
        /// A control character, a lone surrogate, a byte-order mark (which
        /// `JSONSerialization` drops at the start of a run of raw bytes)
        /// or bytes that are not UTF-8 are left to `JSONSerialization`.
        mutating func string() -> String? {
            guard let (raw, escaped) = scanString() else { return nil }
            return Self.text(raw, escaped: escaped)
        }

        /// A string read as ``string()`` reads it, without building it.
        mutating func skipString() -> Bool {
            guard let (raw, escaped) = scanString() else { return false }
            return Self.isText(raw, escaped: escaped)
        }

        /// The text of a string's raw bytes (``scanString()``'s): checked
        /// as UTF-8, the escapes decoded; nil for what ``string()`` leaves
        /// to `JSONSerialization`.
        static func text(_ raw: UnsafeBufferPointer<UInt8>, escaped: Bool) -> String? {
            escaped ? JSONText.unescaped(raw) : String(validating: raw, as: UTF8.self)
        }

        /// Whether ``text(_:escaped:)`` reads `raw`, which is built only
        /// when it is not plain ASCII without escapes.
        static func isText(_ raw: UnsafeBufferPointer<UInt8>, escaped: Bool) -> Bool {
            if !escaped, !raw.contains(where: { $0 >= 0x80 }) { return true }
            return text(raw, escaped: escaped) != nil
        }

        /// The raw bytes of the string here, between its quotes, and whether
        /// they hold escapes; nil for what ``string()`` leaves to
        /// `JSONSerialization`.
        mutating func scanString() -> (UnsafeBufferPointer<UInt8>, escaped: Bool)? {
            index += 1
            let start = index
            var escaped = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { break }
                if byte < 0x20 { return nil }
                if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF { return nil }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    index += 1
                }
                index += 1
            }
            guard index < bytes.count else { return nil }
            let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
            index += 1
            return (raw, escaped)
        }

        /// A number as JSONSerialization makes it: a whole number of at most
        /// 18 digits an `Int`, one with a fraction and at most 15 digits a
        /// `Double`; others (an exponent, more digits) are left to it.
        mutating func number() -> NSNumber? {
            let start = index
            guard let (_, fractionDigits) = scanNumber() else { return nil }
            let negative = bytes[start] == UInt8(ascii: "-")
            let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
            if fractionDigits == 0 {
                var value = 0
                for byte in text.dropFirst(negative ? 1 : 0) { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
                return NSNumber(value: negative ? -value : value)
            }
            guard let value = Double(String(decoding: text, as: UTF8.self)) else { return nil }
            return NSNumber(value: value)
        }

        /// Moves past the number here, giving its count of integer and
        /// fraction digits; nil for what ``number()`` leaves to
        /// `JSONSerialization` (an exponent, more digits than it reads).
        /// `skipping`, any number JSON allows is passed over (its value is
        /// not made, so its digits do not matter); nil only for one it
        /// does not allow.
        mutating func scanNumber(skipping: Bool = false) -> (integerDigits: Int, fractionDigits: Int)? {
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let integerStart = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            let integerDigits = index - integerStart
            // No digits, or a leading zero: JSONSerialization's error.
            guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return nil }
            var fractionDigits = 0
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                let fractionStart = index
                while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
                fractionDigits = index - fractionStart
                guard fractionDigits > 0 else { return nil }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                guard skipping else { return nil }
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                let exponentStart = index
                while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
                return index > exponentStart ? (integerDigits, fractionDigits) : nil
            }
            if skipping { return (integerDigits, fractionDigits) }
            if fractionDigits == 0 { return integerDigits <= 18 ? (integerDigits, 0) : nil }
            return integerDigits + fractionDigits <= 15 ? (integerDigits, fractionDigits) : nil
        }
    }
}
