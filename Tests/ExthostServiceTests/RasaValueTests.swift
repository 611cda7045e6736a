@testable import ExthostService
import Foundation
import Testing

/// The webhook reads slots with `JSONDecoder` and writes its answer itself;
/// what it writes must be what `JSONSerialization` (which it used before,
/// and which the other routes use) writes for the same values.
@Suite("Rasa slot values")
struct RasaValueTests {
    /// Slot values as Rasa may send them: text with escapes, non-ASCII and
    /// control characters, whole numbers and fractions in several forms,
    /// objects whose keys sort by number and without regard to case.
    static let texts: [String] = [
        #""日本語の教科書""#,
        #""quote \" backslash \\ slash / tab \t newline \n return \r backspace \b form feed \f""#,
        #""controls \u0001 \u001f \u007f, escaped non-ASCII \u00e9 \ud83d\ude00 and plain é 😀 e\u0301""#,
        #""""#,
        "30", "30.0", "-1", "0", "-0.5", "0.1", "12.5", "1e2", "2.5e-8", "1.5E+300", "12345678901234567",
        "9223372036854775807", "-9223372036854775808", "18446744073709551615", "1.7976931348623157e308", "5e-324",
        "true", "false", "null",
        #"{"identifier": "book-2", "displayString": "The Swift Programming Language"}"#,
        #"{"b": 1, "B": 2, "a10": 1, "a9": 2, "_x": 0, "Ä": null, "z/": "/"}"#,
        #"[1, "two", [3.5, false], {}, []]"#, "[]", "{}",
    ]

    @Test("each value is written back as JSONSerialization writes what it reads from the same text", arguments: texts)
    func writtenAsJSONSerializationWrites(_ text: String) throws {
        let data = Data("[\(text)]".utf8)
        let decoded = try JSONDecoder().decode([RasaValue].self, from: data)
        var written: [UInt8] = []
        RasaValue.array(decoded).write(to: &written)
        let read = try JSONSerialization.jsonObject(with: data)
        let expected = try JSONSerialization.data(withJSONObject: read, options: [.sortedKeys, .withoutEscapingSlashes])
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        // What the intent's values are read from: the same as an intent file gives.
        let object = try JSONSerialization.data(withJSONObject: [decoded[0].foundationObject], options: [.sortedKeys, .withoutEscapingSlashes])
        #expect(String(decoding: object, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }
}
