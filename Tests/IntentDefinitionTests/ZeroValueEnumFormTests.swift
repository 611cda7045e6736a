import Foundation
import IntentDefinition
import Testing

/// Enums whose 0 is a value in the JSON form: `"zeroIsValue": true`, as
/// Apple's `INConditionalOperator` (`all = 0`) has it.
struct ZeroValueEnumFormTests {
    func parse(_ json: String) throws -> IntentDefinition {
        try IntentDefinitionFile.parseJSON(Data(json.utf8), file: "search.json")
    }

    static let condition = #"{"name": "Condition", "zeroIsValue": true, "cases": [{"name": "all", "value": 0}, {"name": "any", "value": 1}, {"name": "none", "value": 2}]}"#

    @Test("an enum whose 0 is a case is read with it, survives a round trip, and lints clean; only it says so")
    func readAndRoundTrip() throws {
        let definition = try parse(#"{"intents": [], "enums": [\#(Self.condition), {"name": "Plain", "cases": [{"name": "one"}]}]}"#)
        let condition = try #require(definition.enumType(named: "Condition"))
        #expect(condition.zeroIsValue)
        #expect(condition.zeroCase?.name == "all")
        #expect(condition.cases(in: 0).map(\.name) == ["all"])
        #expect(condition.case(named: "ALL")?.value == 0)
        #expect(definition.enumType(named: "Plain")?.zeroCase == nil)

        let encoded = String(decoding: try IntentDefinitionFile.encodeJSON(definition), as: UTF8.self)
        #expect(encoded.components(separatedBy: "\"zeroIsValue\"").count == 2, "only the enum whose 0 is a value says so: \(encoded)")
        #expect(try parse(encoded) == definition)
        #expect(try JSONDecoder().decode(IntentDefinition.self, from: Data(encoded.utf8)) == definition)
        #expect(IntentDefinitionLinter().lint(definition, file: "search.json").isEmpty)
    }

    @Test("without zeroIsValue, a case of value 0 is still the linter's error: 0 is unknown")
    func zeroReservedOtherwise() throws {
        let definition = try parse(#"{"intents": [], "enums": [{"name": "Kind", "cases": [{"name": "text", "value": 0}]}]}"#)
        let issues = IntentDefinitionLinter().lint(definition, file: "kinds.json").map(\.description)
        #expect(issues.contains { $0.contains("case 'text' has value 0, which is reserved for unknown") }, "\(issues)")
    }

    @Test("a zeroIsValue enum that does not say which case is 0, or also names an unknown case, or is an option set, is refused with what to do", arguments: [
        (#"{"name": "C", "zeroIsValue": true, "cases": [{"name": "any", "value": 1}]}"#, #"no case has "value": 0; give the first case (Apple's) value 0"#),
        (#"{"name": "C", "zeroIsValue": true, "cases": [{"name": "all", "value": 0}, {"name": "every", "value": 0}]}"#, "2 cases have value 0 (all, every); give one of them 0"),
        (#"{"name": "C", "zeroIsValue": true, "unknownName": "unspecified", "cases": [{"name": "all", "value": 0}]}"#, #"leave out "unknownName""#),
        (#"{"name": "C", "zeroIsValue": true, "optionSet": true, "cases": [{"name": "all", "value": 1}]}"#, #"leave out one of "zeroIsValue" and "optionSet""#),
    ])
    func refused(enumJSON: String, expected: String) throws {
        do {
            _ = try parse(#"{"intents": [], "enums": [\#(enumJSON)]}"#)
            Issue.record("accepted: \(enumJSON)")
        } catch let error as IntentDefinitionError {
            #expect(error.description.contains(expected), "\(error)")
            #expect(error.description.contains("enums[0]"), "\(error)")
        }
    }
}
