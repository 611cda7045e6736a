import Foundation
import IntentDefinition
import Testing

/// Option sets in the JSON form: `"optionSet": true`, each case one bit.
struct OptionSetFormTests {
    func parse(_ json: String) throws -> IntentDefinition {
        try IntentDefinitionFile.parseJSON(Data(json.utf8), file: "calls.json")
    }

    @Test("an option set is read with its bits, cases without a value take the next bit, and it survives a round trip")
    func readAndRoundTrip() throws {
        let definition = try parse("""
            {"intents": [], "enums": [{"name": "Kinds", "optionSet": true, "cases": [
                {"name": "missed"}, {"name": "received"}, {"name": "voicemail", "value": 16}
            ]}, {"name": "Plain", "cases": [{"name": "one"}, {"name": "two"}]}]}
            """)
        let kinds = try #require(definition.enumType(named: "Kinds"))
        #expect(kinds.isOptionSet)
        #expect(kinds.cases.map(\.value) == [1, 2, 16])
        #expect(kinds.cases(in: 17).map(\.name) == ["missed", "voicemail"])
        #expect(definition.enumType(named: "Plain")?.isOptionSet == false)
        #expect(definition.enumType(named: "Plain")?.cases.map(\.value) == [1, 2])

        let encoded = String(decoding: try IntentDefinitionFile.encodeJSON(definition), as: UTF8.self)
        #expect(encoded.components(separatedBy: "\"optionSet\"").count == 2, "only the option set says so: \(encoded)")
        #expect(try parse(encoded) == definition)
        #expect(try JSONDecoder().decode(IntentDefinition.self, from: Data(encoded.utf8)) == definition)
    }

    @Test("an option whose value is not a bit of its own is refused, naming the option and what to give", arguments: ["3", "2", "0", "2147483648"])
    func badBitRefused(value: String) throws {
        do {
            _ = try parse("""
                {"intents": [], "enums": [{"name": "Kinds", "optionSet": true, "cases": [
                    {"name": "missed", "value": 2}, {"name": "odd", "value": \(value)}
                ]}]}
                """)
            Issue.record("value \(value) was accepted")
        } catch let error as IntentDefinitionError {
            #expect(error.description.contains("option 'odd' has value \(value)"), "\(error)")
            #expect(error.description.contains("give it a power of two no other option has"), "\(error)")
            #expect(error.description.contains("enums[0]"), "\(error)")
        }
    }

    @Test("an enum may name its 0 case (Apple's INMessageType calls it unspecified), and the name survives a round trip")
    func zeroCaseName() throws {
        let definition = try parse(#"{"intents": [], "enums": [{"name": "Kind", "unknownName": "unspecified", "cases": [{"name": "text"}]}]}"#)
        #expect(definition.enumType(named: "Kind")?.unknownName == "unspecified")
        let encoded = try IntentDefinitionFile.encodeJSON(definition)
        #expect(try IntentDefinitionFile.parseJSON(encoded, file: "kinds.json") == definition)
    }
}
