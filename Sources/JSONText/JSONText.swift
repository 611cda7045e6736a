/// JSON text written directly into bytes, as `JSONSerialization` writes it
/// (with `.withoutEscapingSlashes`), without Foundation: the pieces every
/// hand-written JSON writer shares (the service's `ProtocolLineWriter` for
/// the client protocol, the Rasa webhook's answers, the static front's
/// messages, the pending record `exthost run` writes before its answer), so
/// they agree on every string and number.
public enum JSONText {
    /// `text` as a JSON string, quotes included (``appendString(_:to:)``).
    public static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendString(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as a JSON string: `"` and `\` escaped, the control
    /// characters as `\b \f \n \r \t` or `\u00xx`, the rest (`/`, non-ASCII)
    /// as it is.
    public static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x08: out.append(contentsOf: #"\b"#.utf8)
            case 0x0C: out.append(contentsOf: #"\f"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0x00..<0x20:
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends a finite `Double` as `JSONSerialization` writes it: its
    /// shortest description, without a trailing `.0`.
    public static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        out.append(contentsOf: text.utf8)
    }

    /// The text of a JSON string's contents (between its quotes) whose
    /// escapes are decoded: `\" \\ \/ \b \f \n \r \t` and `\uXXXX`, a
    /// surrogate pair as one scalar. Nil for an unknown escape, a lone
    /// surrogate, an escape cut short or bytes that are not UTF-8. Shared by
    /// the service's line reader and the static front, so both read every
    /// string alike.
    public static func unescaped(_ raw: UnsafeBufferPointer<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var at = 0
        while at < raw.count {
            let byte = raw[at]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                at += 1
                continue
            }
            guard at + 1 < raw.count else { return nil }
            at += 2
            switch raw[at - 1] {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = hexUnit(raw, at) else { return nil }
                at += 4
                var scalar: Unicode.Scalar?
                if UTF16.isLeadSurrogate(unit) {
                    guard at + 6 <= raw.count, raw[at] == UInt8(ascii: "\\"), raw[at + 1] == UInt8(ascii: "u"),
                          let trail = hexUnit(raw, at + 2), UTF16.isTrailSurrogate(trail) else { return nil }
                    at += 6
                    scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00))
                } else {
                    scalar = Unicode.Scalar(unit)
                }
                guard let scalar else { return nil }
                out.append(contentsOf: UTF8.encode(scalar)!)
            default:
                return nil
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    /// The four hexadecimal digits at `at`, as a UTF-16 code unit.
    private static func hexUnit(_ raw: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt16? {
        guard at + 4 <= raw.count else { return nil }
        var value: UInt16 = 0
        for offset in 0..<4 {
            let byte = raw[at + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
