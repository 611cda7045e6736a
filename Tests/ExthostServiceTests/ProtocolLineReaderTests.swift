import Foundation
import JSONText
@testable import RequestWire
import Testing

/// The service reads its protocol's lines with ``ProtocolLineReader``, not
/// `JSONSerialization`: what it reads must be what `JSONSerialization`
/// read (the same types, numbers of the same kind, the same text), what it
/// leaves must be left whole to `JSONSerialization`, and a malformed line
/// or a bad request must get the error it got before.
@Suite("The protocol's line reader")
struct ProtocolLineReaderTests {
    /// Whether two values read from JSON are the same: the same type, text
    /// byte for byte, numbers of the same kind (`objCType`) and bits.
    static func same(_ a: Any, _ b: Any) -> Bool {
        guard type(of: a) == type(of: b) else { return false }
        switch (a, b) {
        case let (x as String, y as String):
            return Array(x.utf8) == Array(y.utf8)
        case let (x as NSNumber, y as NSNumber):
            return String(cString: x.objCType) == String(cString: y.objCType) && x == y
                && x.doubleValue.bitPattern == y.doubleValue.bitPattern && x.stringValue == y.stringValue
        case (is NSNull, is NSNull):
            return true
        case let (x as [String: Any], y as [String: Any]):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
        case let (x as [Any], y as [Any]):
            return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        default:
            return false
        }
    }

    private static func foundation(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    /// Lines the reader reads itself: every kind of value a client sends.
    static let readHere = [
        #"{"version":1,"type":"run","form":"json","source":"bench","request":{"intent":"SetLights","parameters":{"room":"kitchen","brightness":60,"color":"warm"}}}"#,
        #"{"version": 1, "type": "answer", "session": "a1b2", "answer": null}"#,
        " \t\r\n{ \"a\" : [ ] , \"b\" : { } , \"c\" : [ 1 , -2 , 0 , -0 , 3.25 , -0.5 , 0.0 , -0.0 , 10.0 ] } \r\n",
        #"{"t":true,"f":false,"n":null,"list":[true,false,null,"x",1,1.5,[],{}],"deep":{"a":{"b":{"c":[[["d"]]]}}}}"#,
        #"{"whole":[127,128,32767,32768,2147483647,2147483648,-2147483649,999999999999999999,-999999999999999999]}"#,
        #"{"fraction":[0.1,0.25,1.0,123456.789,12345678901234.5,0.000001234,99.99,-1234567.00000001]}"#,
        #"{"escapes":"quote \" backslash \\ slash \/ / \b\f\n\r\t \u0000 \u001f \u00e9 \u65E5\u672C \ud83c\udf89 \uFFFF"}"#,
        "{\"raw\":\"é 日本 🎉 \u{7F} \u{80} \u{10FFFF}\",\"repeated\":1,\"repeated\":2,\"\":\"empty key\"}",
        #"{"type":"command","arguments":["run","lights.json","--json"],"directory":"/tmp","environment":{"LANG":"ja_JP.UTF-8"},"terminal":false}"#,
    ]

    /// Lines the reader leaves to `JSONSerialization`: each either is
    /// malformed or reads there in a way this reader does not make.
    static let leftToFoundation = [
        "", " ", "[1]", "\"text\"", "1", "null", "{", "}", "{\"a\"}", "{\"a\":}", "{\"a\":1", "{\"a\":1}}", "{\"a\":1} x",
        "{\"a\":1,}", "{\"a\":[1,]}", "{'a':1}", "{a:1}", "{\"a\":01}", "{\"a\":-}", "{\"a\":1.}", "{\"a\":.5}", "{\"a\":+1}",
        "{\"a\":1e2}", "{\"a\":1E-2}", "{\"a\":1e400}", "{\"a\":0.30000000000000004}", "{\"a\":1234567890123456789}",
        "{\"a\":18446744073709551616}", "{\"a\":0.1234567890123456}", "{\"a\":NaN}", "{\"a\":Infinity}", "{\"a\":tru}",
        "{\"a\":nul}", "{\"a\":\"\\x\"}", "{\"a\":\"\\u12\"}", "{\"a\":\"\\ud83d\"}", "{\"a\":\"\\ude00\"}",
        "{\"a\":\"\\ud83d\\u0041\"}", "{\"a\":\"tab\there\"}", "{\"a\":\"unterminated}", "\u{FEFF}{\"a\":1}",
        "{\"a\":\"\u{FEFF}bom\"}", "{\"a\":\"x\\n\u{FEFF}bom\"}", "{\"a\":1}\u{0}",
        String(repeating: "[", count: 300) + String(repeating: "]", count: 300),
    ]

    @Test("the lines a client sends read as JSONSerialization reads them, every kind of value")
    func readsAsFoundation() throws {
        for line in Self.readHere {
            let read = try #require(ProtocolLineReader.object(Data(line.utf8)), "not read: \(line)")
            let reference = try #require(Self.foundation(line), "JSONSerialization refused: \(line)")
            #expect(Self.same(read, reference), "\(line)\n\(read)\n\(reference)")
        }
    }

    @Test("what it does not read exactly is left whole to JSONSerialization, malformed lines among them")
    func leavesTheRest() throws {
        for line in Self.leftToFoundation {
            #expect(ProtocolLineReader.object(Data(line.utf8)) == nil, "read here: \(line.prefix(80))")
        }
        // Invalid UTF-8, and UTF-16 (which JSONSerialization detects).
        for bytes in [[0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC3, 0x28, 0x22, 0x7D], Array("{\"a\":1}".utf16.flatMap { [UInt8($0), 0] })] as [[UInt8]] {
            #expect(ProtocolLineReader.object(Data(bytes)) == nil)
        }
        // Through ServiceProtocol the result is JSONSerialization's, whatever it is.
        for line in Self.leftToFoundation {
            let read = ServiceProtocol.object(Data(line.utf8))
            let reference = Self.foundation(line)
            #expect((read == nil) == (reference == nil), "\(line.prefix(80))")
            if let read, let reference { #expect(Self.same(read, reference), "\(line.prefix(80))") }
        }
    }

    @Test("random numbers read as JSONSerialization's: whole numbers as Int, fractions of up to 15 digits as Double")
    func randomNumbers() throws {
        var generator = SystemRandomNumberGenerator()
        func digits(_ count: Int) -> String {
            String((0..<count).map { index in Character(String(Int.random(in: index == 0 ? 1...9 : 0...9, using: &generator))) })
        }
        var readCount = 0
        for _ in 0..<3000 {
            let sign = Bool.random(using: &generator) ? "-" : ""
            let integer = Int.random(in: 0...4, using: &generator) == 0 ? "0" : digits(Int.random(in: 1...20, using: &generator))
            var fraction = ""
            if Bool.random(using: &generator) {
                fraction = "." + String(repeating: "0", count: Int.random(in: 0...3, using: &generator)) + digits(Int.random(in: 1...17, using: &generator))
            }
            let text = sign + integer + fraction
            let line = "{\"n\":\(text)}"
            let reference = try #require(Self.foundation(line), "JSONSerialization refused \(text)")
            if let read = ProtocolLineReader.object(Data(line.utf8)) {
                readCount += 1
                #expect(Self.same(read, reference), "\(text): \(read["n"]!) against \(reference["n"]!)")
            }
            let significant = (integer == "0" ? 0 : integer.count) + fraction.dropFirst().count
            if fraction.isEmpty ? integer.count <= 18 : significant <= 14 && integer.count + fraction.count - 1 <= 15 {
                #expect(ProtocolLineReader.object(Data(line.utf8)) != nil, "\(text) is left to JSONSerialization")
            }
        }
        #expect(readCount > 1000)
    }

    @Test("random text reads as JSONSerialization's, escaped or raw")
    func randomText() throws {
        var generator = SystemRandomNumberGenerator()
        let pool: [Unicode.Scalar] = (0x20..<0x7F).compactMap(Unicode.Scalar.init) + ["é", "日", "本", "🎉", "\u{301}", "\u{FFFD}", "\u{10FFFF}", "\u{7F}"]
        for _ in 0..<1000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                let scalar = Int.random(in: 0...5, using: &generator) == 0
                    ? Unicode.Scalar(UInt32.random(in: 0...0x1F, using: &generator))!
                    : pool.randomElement(using: &generator)!
                text.unicodeScalars.append(scalar)
            }
            // Written escaped (as the protocol's writers do), and with every
            // scalar outside ASCII as \u escapes (as other writers do).
            var written: [UInt8] = []
            JSONText.appendString(text, to: &written)
            var ascii = "\""
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x22, 0x5C: ascii += "\\" + String(scalar)
                case 0x20..<0x7F: ascii.unicodeScalars.append(scalar)
                default: ascii += String(scalar).utf16.map { String(format: "\\u%04x", $0) }.joined()
                }
            }
            ascii += "\""
            for value in [String(decoding: written, as: UTF8.self), ascii] {
                let line = "{\"s\":\(value)}"
                let read = try #require(ProtocolLineReader.object(Data(line.utf8)), "not read: \(line)")
                let reference = try #require(Self.foundation(line))
                #expect(Self.same(read, reference), "\(line)")
                #expect(read["s"] as? String == text)
            }
        }
    }

    @Test("a bad message or request gets the error it got through JSONSerialization")
    func sameErrors() throws {
        let requests = [
            #"{"intent": "SetLights", "concise": 1}"#, #"{"intent": "SetLights", "concise": "yes"}"#, #"{"intent": 3}"#,
            #"{"intent": ""}"#, #"{"intent": "SetLights", "app": 1}"#, #"{"intent": "SetLights", "colour": "red"}"#,
            #"{"intent": "SetLights", "parameters": [1]}"#, #"{"intent": "SetLights", "answers": "yes"}"#,
            #"{"intent": "Set\u0000Lights"}"#, #"{"intent": "SetLights", "answers": {"room": ["a\u0000b"]}}"#,
        ]
        for request in requests {
            let line = #"{"version": 1, "type": "run", "request": \#(request)}"#
            let object = try #require(Self.foundation(request))
            var expected = ""
            do { _ = try IntentRequest.parse(object: object, source: "request") } catch { expected = error.description }
            #expect(!expected.isEmpty, "\(request) was not refused")
            #expect(throws: ServiceProblem.self) { try ClientMessage.parse(Data(line.utf8)) }
            do {
                _ = try ClientMessage.parse(Data(line.utf8))
            } catch {
                #expect(error.kind == .badRequest && error.message == expected, "\(request): \(error.message)")
            }
        }
        let messages: [(line: String, message: String)] = [
            ("{\"version\": 1, \"type\": \"run\"", "a message is one JSON object per line"),
            ("[1]", "a message is one JSON object per line"),
            ("{\"version\": 1, \"type\": \"run\", \"request\": {\"intent\": \"x\"},}", ""),
            ("{\"type\": \"run\"}", "the message has no \"version\""),
            ("{\"version\": 1.5, \"type\": \"run\"}", "the message has no \"version\""),
            ("{\"version\": 2, \"type\": \"run\"}", "the message is version 2"),
            ("{\"version\": 1, \"type\": \"run\", \"request\": 1}", "a \"run\" message carries \"request\""),
            ("{\"version\": 1, \"type\": \"run\", \"request\": {\"intent\": \"x\"}, \"deadline\": -1}", "\"deadline\" must be more than 0 seconds"),
            ("{\"version\": 1, \"type\": \"fly\"}", "unknown message type \"fly\""),
        ]
        for (line, message) in messages {
            do {
                let parsed = try ClientMessage.parse(Data(line.utf8))
                // The trailing comma JSONSerialization takes: still a run.
                guard case .run(let request, _, _) = parsed else {
                    Issue.record("\(line) read as \(parsed)")
                    continue
                }
                #expect(message.isEmpty && request.intent == "x")
            } catch {
                #expect(!message.isEmpty && error.message.hasPrefix(message), "\(line): \(error.message)")
            }
        }
    }

    @Test("a request's parameters read back as JSONSerialization's written and read again")
    func parametersRoundTrip() throws {
        let file = #"""
            {"intent": "SetLights", "parameters": {"text": "a/b \"c\" é", "whole": 60, "fraction": 0.25, "integral": 10.0,
             "big": 1e21, "decimal": 0.30000000000000004, "flag": true, "none": null, "list": [1, "two", 3.5, false, null],
             "object": {"identifier": "book-2", "displayString": "The Swift Programming Language", "nested": [{"x": -0.0}]}}}
            """#
        let object = try #require(Self.foundation(file))
        let request = try IntentRequest.parse(object: object, source: "request")
        let parameters = try #require(object["parameters"] as? [String: Any])
        #expect(Set(request.parameterJSON.keys) == Set(parameters.keys))
        var roundTripped: [String: Any] = [:]
        for (name, value) in parameters {
            let written = try JSONSerialization.data(withJSONObject: [value], options: [.fragmentsAllowed])
            let before = try #require(try JSONSerialization.jsonObject(with: written) as? [Any])
            let text = try #require(request.parameterJSON[name])
            let read = try #require(IntentRequest.list(text))
            #expect(Self.same(read, before), "\(name): \(read) against \(before)")
            roundTripped[name] = before.first
        }
        // The client writes the request again from the same values (10.0
        // is 10 after the round trip, as it was through JSONSerialization).
        let line = String(decoding: ClientMessage.run(request, deadline: nil).line, as: UTF8.self)
        let again = try #require(Self.foundation(line))
        let sent = try #require((again["request"] as? [String: Any])?["parameters"])
        #expect(Self.same(sent, roundTripped))
    }

    @Test("NSNumbers and optionals are written as JSONSerialization writes them")
    func numbersWritten() throws {
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(
            "[0, -0, 1, -1, 127, 2147483648, 9223372036854775807, -9223372036854775808, 18446744073709551615, 0.5, -0.0, 1.0, 1e21, 1e-7, 5e-324, 1.7976931348623157e308, 0.30000000000000004, 123456789012345678901234567890, true, false]".utf8)) as? [Any])
        let made: [Any] = [NSNumber(value: 3), NSNumber(value: Int64.min), NSNumber(value: 2.5), NSNumber(value: Int32(-7)), NSNumber(value: Int16(300)),
                           NSNumber(value: UInt64.max), NSNumber(value: UInt8(200)), NSNumber(value: Float(1.5)), NSNumber(value: true)]
        for value in parsed + made {
            var written: [UInt8] = []
            ProtocolLineWriter.append([value], to: &written)
            let reference = try JSONSerialization.data(withJSONObject: [value], options: [.fragmentsAllowed, .withoutEscapingSlashes])
            #expect(String(decoding: written, as: UTF8.self) == String(decoding: reference, as: UTF8.self), "\(value)")
        }
        // An optional is its value, or null.
        let optionals: [(Any, String)] = [(Optional("text") as Any, #"["text"]"#), (Optional<Int>.none as Any, "[null]"),
                                          (Optional(Optional(4)) as Any, "[4]"), (Optional(NSNumber(value: 0.5)) as Any, "[0.5]")]
        for (value, expected) in optionals {
            var written: [UInt8] = []
            ProtocolLineWriter.append([value], to: &written)
            #expect(String(decoding: written, as: UTF8.self) == expected)
        }
    }
    @Test("an intent file read without JSONSerialization: the request it made, and its errors")
    func intentFiles() throws {
        let files = [
            #"{"intent": "SetLights", "parameters": {"room": "kitchen", "brightness": 60, "color": "warm"}}"#,
            #"{"intent": "SetLights", "app": "com.example.lights", "extension": "com.example.lights.intents", "identifier": "r-1", "locale": "ja", "concise": true}"#,
            #"{"intent": "SetLights", "parameters": {"text": "a/b \"c\" \u00e9 \ud83d\ude00", "f": 0.25, "n": null, "l": [1, false, {"x": -2}]}}"#,
            #"{"intent": "SetLights", "answers": {"room": ["kitchen", 2, 2.5, true, null, {"a": 1}], "confirm": "yes"}}"#,
            "\n { \"intent\" : \"SetLights\" , \"concise\" : false }\t\n",
            #"{"intent": "SetLights", "parameters": {"big": 1e21}}"#,
            #"{"intent": "SetLights",}"#,
        ]
        // The first five are read by the line reader; the last two (an
        // exponent, a trailing comma) are left to JSONSerialization.
        for (index, file) in files.enumerated() {
            #expect((ProtocolLineReader.object(Data(file.utf8)) != nil) == (index < 5), "\(file)")
            let object = try #require(Self.foundation(file), "\(file)")
            let read = try IntentRequest.parse(Data(file.utf8), source: "f.json")
            let expected = try IntentRequest.parse(object: object, source: "f.json")
            #expect(read.intent == expected.intent && read.app == expected.app && read.extensionIdentifier == expected.extensionIdentifier)
            #expect(read.identifier == expected.identifier && read.locale == expected.locale && read.concise == expected.concise)
            #expect(read.parameterJSON == expected.parameterJSON, "\(file)")
            #expect(read.answers == expected.answers, "\(file)")
        }
        for (file, message) in [("", "not valid JSON"), ("{\"intent\": \"A\"", "not valid JSON"), ("[1]", "the top level must be a JSON object"),
                                 (#"{"intent": "A", "colour": 1}"#, "unknown key \"colour\"")] {
            let error = try #require(throws: IntentRequestError.self) { try IntentRequest.parse(Data(file.utf8), source: "f.json") }
            #expect(error.description.hasPrefix("f.json: \(message)"), "\(error)")
        }
    }
}
