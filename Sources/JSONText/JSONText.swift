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

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
