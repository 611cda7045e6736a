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
enum ProtocolLineReader {
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
        /// nothing but white space around it.
        mutating func document(topLevel: UInt8) -> Any? {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == topLevel, let value = value() else { return nil }
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

        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard bytes.count - index >= count else { return false }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
            index += count
            return true
        }

        mutating func object() -> [String: Any]? {
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
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let member = value() else { return nil }
                // A repeated key: the last one wins, as in JSONSerialization.
                object[key] = member
                skipWhitespace()
                guard index < bytes.count else { return nil }
                switch bytes[index] {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    return object
                default: return nil
                }
            }
        }

        mutating func array() -> [Any]? {
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
                guard let element = value() else { return nil }
                array.append(element)
                skipWhitespace()
                guard index < bytes.count else { return nil }
                switch bytes[index] {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return array
                default: return nil
                }
            }
        }

        /// A string: its raw bytes checked as UTF-8, the escapes decoded.
        /// A control character, a lone surrogate, a byte-order mark (which
        /// `JSONSerialization` drops at the start of a run of raw bytes)
        /// or bytes that are not UTF-8 are left to `JSONSerialization`.
        mutating func string() -> String? {
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
            guard escaped else { return String(validating: raw, as: UTF8.self) }
            return JSONText.unescaped(raw)
        }

        /// A number as JSONSerialization makes it: a whole number of at most
        /// 18 digits an `Int`, one with a fraction and at most 15 digits a
        /// `Double`; others (an exponent, more digits) are left to it.
        mutating func number() -> NSNumber? {
            let start = index
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
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") { return nil }
            let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
            if fractionDigits == 0 {
                guard integerDigits <= 18 else { return nil }
                var value = 0
                for byte in text.dropFirst(start == integerStart ? 0 : 1) { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
                return NSNumber(value: start == integerStart ? value : -value)
            }
            guard integerDigits + fractionDigits <= 15, let value = Double(String(decoding: text, as: UTF8.self)) else { return nil }
            return NSNumber(value: value)
        }
    }
}
