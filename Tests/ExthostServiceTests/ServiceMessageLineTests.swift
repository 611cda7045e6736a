import Foundation
import JSONText
import RequestWire
import Testing

/// The service's lines carry what `JSONSerialization` would have written:
/// a client reading one gets the same values (the `--json` a client prints
/// is written again from them), keys stay sorted, and a `run` message's
/// `form` reads back.
@Suite("The protocol's lines")
struct ServiceMessageLineTests {
    /// A report with every kind of value a renderer puts in one, and values
    /// read from JSON (`NSNumber`s, booleans among them).
    private static var report: [String: Any] {
        let parsed = try! JSONSerialization.jsonObject(with: Data(#"{"flag": true, "count": 3, "ratio": 0.25, "big": 1e21, "nothing": null}"#.utf8))
        let optional: String? = nil
        return [
            "outcome": "success", "codeValue": 4, "exitCode": Int32(3), "fraction": 3.50602e-05, "whole": 10.0, "negative": -0.5,
            "flag": false, "text": "quote \" backslash \\ slash / newline \n tab \t bell \u{07} é 日本 🎉",
            "empty": [String: Any](), "list": [1, "two", 3.5, true, NSNull()] as [Any], "strings": ["a", "b"],
            "nested": ["stages": [["stage": "handle", "milliseconds": 0.163725]]] as [String: Any],
            "typed": ["b": "2", "a": "1"], "parsed": parsed, "question": NSNull(), "optional": optional as Any,
        ]
    }

    @Test("a string is written byte for byte as JSONSerialization writes it, every control character included")
    func stringsAsJSONSerialization() throws {
        let text = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init))) + #"" \ / é 日本 🎉"#
        var written: [UInt8] = []
        JSONText.appendString(text, to: &written)
        let reference = try JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
        #expect(Array(reference) == [UInt8(ascii: "[")] + written + [UInt8(ascii: "]")],
                "\(String(decoding: written, as: UTF8.self))")
    }

    @Test("a result line reads back as the values JSONSerialization wrote, its keys sorted")
    func sameValues() throws {
        let rendered = RenderedConversation(report: Self.report, lines: ["» The kitchen lights are at 60%.", "  response: success"], exitStatus: 0)
        let line = ServiceMessage.result(session: "s", rendered: rendered, open: false, expiresInSeconds: 1.5).line
        #expect(line.last == 0x0A)
        #expect(!line.dropLast().contains(0x0A), "a message is one line")
        let read = try #require(try JSONSerialization.jsonObject(with: line.dropLast()) as? NSDictionary)
        var expected = Self.report
        expected["optional"] = NSNull()
        let object: [String: Any] = ["type": "result", "session": "s", "open": false, "report": expected,
                                     "lines": rendered.lines, "exitStatus": 0, "expiresInSeconds": 1.5]
        let reference = try JSONSerialization.jsonObject(with: JSONSerialization.data(withJSONObject: object)) as? NSDictionary
        #expect(read == reference, "\(String(decoding: line, as: UTF8.self))")
        // Booleans stay booleans (an NSNumber also casts to Int, and 1 to Bool).
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.contains(#""flag":true"#) && text.contains(#""flag":false"#) && text.contains(#""count":3"#))
        #expect(text.contains(#""whole":10}"#) && text.contains(#""fraction":3.50602e-05"#))
        #expect(text.hasPrefix(#"{"exitStatus":0,"expiresInSeconds":1.5,"lines":["#), "keys sorted: \(text.prefix(60))")
        // The service's own parser reads it back.
        guard case .result(let session, let again, false, 1.5) = try ServiceMessage.parse(line.dropLast()) else {
            Issue.record("not read back as a result")
            return
        }
        #expect(session == "s" && again.lines == rendered.lines && again.exitStatus == 0)
    }

    @Test("a run message's form reads back; an unknown one is refused with what the member takes")
    func form() throws {
        let request = IntentRequest(intent: "SetLights")
        for form in [ResultForm.json, .lines, .both] {
            let line = ClientMessage.run(request, deadline: nil, form: form).line
            guard case .run(_, _, let again) = try ClientMessage.parse(line.dropLast()) else {
                Issue.record("not read back as a run message")
                continue
            }
            #expect(again == form)
            #expect(String(decoding: line, as: UTF8.self).contains(#""form""#) == (form != .both))
        }
        for bad in [#""both""#, #""yaml""#, "1"] {
            let line = Data(#"{"version": 1, "type": "run", "request": {"intent": "SetLights"}, "form": \#(bad)}"#.utf8)
            #expect {
                try ClientMessage.parse(line)
            } throws: { error in
                guard let problem = error as? ServiceProblem else { return false }
                return problem.kind == .badMessage && problem.message.contains(#""form" is "json""#)
            }
        }
    }
}
