import Foundation
@testable import RequestWire
import Testing

/// The console's `--json` and the store's canonical parameters are written
/// without `JSONSerialization` when the writer can vouch for their text:
/// they must be byte for byte what `JSONSerialization` writes with the
/// same options, indented and compact, and the writer must give up on what
/// it cannot vouch for.
@Suite("JSON with sorted keys, as JSONSerialization writes it")
struct SortedJSONWriterTests {
    private static func foundation(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
    }

    private static func written(_ object: [String: Any]) -> String? {
        SortedJSONWriter.indented(object).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func foundationCompact(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)
    }

    private static func writtenCompact(_ object: [String: Any]) -> String? {
        SortedJSONWriter.compact(object).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Values read by `JSONSerialization` (its `NSNumber`s and booleans).
    private static func read(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("a run's answer, every kind of value, nested and empty containers: the same bytes")
    func sameBytes() throws {
        let answer: [String: Any] = [
            "outcome": "success", "code": "success", "codeValue": 4, "intent": "SetLights", "question": NSNull(),
            "message": "The kitchen lights are at 60%.", "extension": "com.example.lights.intents",
            "response": ["brightness": 60, "room": 1] as [String: Any],
            "timings": ["budgetSeconds": 10.0, "loadShareOfBudget": 4.57494e-05, "load": ["dlopen": 0.065809, "total": 0.457494] as [String: Any],
                        "stages": [["milliseconds": 0.069704, "stage": "handlerFor"] as [String: Any]]] as [String: Any],
            "transcript": [["defaulted": true, "milliseconds": 0.004968, "result": "ready", "stage": "confirm"] as [String: Any]],
            "values": ["brightness": 60, "color": "warm", "room": 1] as [String: Any],
            "warnings": [] as [Any], "lines": ["one", "two/three"], "objects": [["a": 1] as [String: Any], [:]], "empty": [:] as [String: Any], "nothing": [String](),
        ]
        let texts: [String: Any] = [
            "quote": "say \"hi\"", "backslash": "a\\b", "slash": "a/b", "lines": "a\nb\r\tc", "control": "\u{0}\u{1}\u{8}\u{C}\u{1F}\u{7F}",
            "unicode": "é 日本 😀", "empty": "",
        ]
        let numbers: [String: Any] = [
            "zero": 0, "negative": -1, "max": Int.max, "min": Int.min, "half": 1.5, "whole": 10.0, "tiny": 1e-7, "huge": 1e21,
            "negativeZero": -0.0, "third": 1.0 / 3, "wide": Int64.max, "narrow": Int32.min, "yes": true, "no": false,
        ]
        let fromJSON = try Self.read(#"{"whole": 60, "fraction": 0.25, "integral": 10.0, "big": 12345678901234, "flag": true, "off": false, "none": null, "list": [1, "two", 3.5, [], {}], "nested": {"deeper": {"deepest": [{"x": -2}]}}}"#)
        for object in [answer, texts, numbers, fromJSON, ["outer": [answer, texts, numbers, fromJSON]] as [String: Any], [:]] {
            let written = try #require(Self.written(object), "gave up on \(object)")
            #expect(written == (try Self.foundation(object)))
            #expect(Self.writtenCompact(object) == (try Self.foundationCompact(object)))
        }
    }

    @Test("keys ordered as JSONSerialization orders them, without case")
    func keyOrder() throws {
        let object: [String: Any] = ["b": 1, "B2": 2, "a": 3, "Apple": 4, "apricot": 5, "ab": 6, "AB_": 7, "zeta": 8, "Zebra": 9, "abc": 10]
        let letters = object.filter { $0.key.allSatisfy(\.isLetter) }
        let written = try #require(Self.written(letters))
        #expect(written == (try Self.foundation(letters)))
        #expect(written.firstRange(of: "\"ab\"")!.lowerBound < written.firstRange(of: "\"abc\"")!.lowerBound)
        #expect(written.firstRange(of: "\"Apple\"")!.lowerBound < written.firstRange(of: "\"apricot\"")!.lowerBound)
        #expect(written.firstRange(of: "\"zeta\"")!.lowerBound > written.firstRange(of: "\"Zebra\"")!.lowerBound)
    }

    @Test("what it cannot vouch for is left to JSONSerialization")
    func givesUp() {
        let objects: [[String: Any]] = [
            ["a1": 1], ["snake_case": 1], ["a": 1, "A": 2], ["": 1], ["é": 1],
            ["float": Float(1.5)], ["infinite": Double.infinity], ["optional": Optional<Int>.some(1) as Any],
            ["decimal": NSDecimalNumber(string: "1.10")], ["nested": ["x": ["with space": 1]]],
        ]
        for object in objects {
            #expect(Self.written(object) == nil, "\(object)")
            #expect(Self.writtenCompact(object) == nil, "\(object)")
        }
    }

    @Test("random objects of letter keys: the same bytes")
    func randomObjects() throws {
        var generator = SystemRandomNumberGenerator()
        func key() -> String {
            String((0..<Int.random(in: 1...6, using: &generator)).map { _ in "aAbBcCxyzQ".randomElement(using: &generator)! })
        }
        func value(_ depth: Int) -> Any {
            switch Int.random(in: 0..<(depth > 2 ? 6 : 8), using: &generator) {
            case 0: return Int.random(in: -1_000_000...1_000_000, using: &generator)
            case 1: return Double.random(in: -1e6...1e6, using: &generator)
            case 2: return Bool.random(using: &generator)
            case 3: return NSNull()
            case 4: return key() + "\n/\"é"
            case 5: return Double(Int.random(in: -100...100, using: &generator))
            case 6: return (0..<Int.random(in: 0...3, using: &generator)).map { _ in value(depth + 1) }
            default: return object(depth + 1)
            }
        }
        func object(_ depth: Int) -> [String: Any] {
            var object: [String: Any] = [:]
            var folded = Set<String>()
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                let name = key()
                if folded.insert(name.lowercased()).inserted { object[name] = value(depth) }
            }
            return object
        }
        for _ in 0..<200 {
            let sample = object(0)
            let written = try #require(Self.written(sample))
            #expect(written == (try Self.foundation(sample)))
            #expect(Self.writtenCompact(sample) == (try Self.foundationCompact(sample)))
        }
    }
}
