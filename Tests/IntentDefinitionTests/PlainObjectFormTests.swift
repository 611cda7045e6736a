import Foundation
import IntentDefinition
import Testing

/// `"plainObject": true` on a custom type: Apple's plain `NSObject` types
/// of the system's domains (`INDateComponentsRange`, `INRecurrenceRule`).
struct PlainObjectFormTests {
    func parse(plain: Bool, _ property: String) throws -> IntentDefinition {
        let flag = plain ? #""plainObject": true, "# : ""
        let json = #"{"intents": [], "enums": [{"name": "Unit", "cases": [{"name": "day"}]}], "types": [{"name": "Rule", \#(flag)"properties": [\#(property)]}]}"#
        return try IntentDefinitionFile.parseJSON(Data(json.utf8), file: "rule.json")
    }

    @Test("a plain object survives a round trip, and other types' form does not change")
    func roundTrip() throws {
        let definition = try parse(plain: true, #"{"name": "every", "type": "Integer", "nonnull": true}, {"name": "unit", "type": "enum:Unit", "nonnull": true}"#)
        let type = try #require(definition.customType(named: "Rule"))
        #expect(type.isPlainObject && type.properties.map(\.isNonnull) == [true, true])
        let encoded = String(decoding: try IntentDefinitionFile.encodeJSON(definition), as: UTF8.self)
        #expect(encoded.contains("\"plainObject\""), "\(encoded)")
        #expect(try IntentDefinitionFile.parseJSON(Data(encoded.utf8), file: "rule.json") == definition)
        let ordinary = try parse(plain: false, #"{"name": "label", "type": "String"}"#)
        #expect(!String(decoding: try IntentDefinitionFile.encodeJSON(ordinary), as: UTF8.self).contains("plainObject"))
    }

    @Test("a number or an enum is nonnull only in a plain object: the error names the property and what to do")
    func nonnullNumberOutsidePlainObjectRefused() throws {
        do {
            _ = try parse(plain: false, #"{"name": "unit", "type": "enum:Unit", "nonnull": true}"#)
            Issue.record("accepted")
        } catch let error as IntentDefinitionError {
            #expect(error.description.contains("property 'unit' is nonnull but is one enum:Unit"), "\(error)")
            #expect(error.description.contains("in a plain object, a number or an enum"), "\(error)")
        }
        do {
            _ = try parse(plain: true, #"{"name": "label", "type": "String", "nonnull": true}"#)
            Issue.record("accepted")
        } catch let error as IntentDefinitionError {
            #expect(error.description.contains("property 'label' is nonnull but is one String"), "\(error)")
        }
    }

    @Test("a plain object's Swift value type survives the JSON form and the tables")
    func swiftValueTypeRoundTrip() throws {
        let json = #"{"intents": [], "types": [{"name": "RuleReference", "plainObject": true, "swiftValueType": "Rule", "properties": [{"name": "label", "type": "String"}]}]}"#
        let definition = try IntentDefinitionFile.parseJSON(Data(json.utf8), file: "rule.json")
        #expect(definition.customType(named: "RuleReference")?.swiftValueType == "Rule")
        let encoded = try IntentDefinitionFile.encodeJSON(definition)
        #expect(try IntentDefinitionFile.parseJSON(encoded, file: "rule.json") == definition)
        let decoded = try DefinitionTables.encode(definition).withUnsafeBytes { try DefinitionTables(bytes: $0).definition() }
        #expect(decoded == definition)
    }

    @Test("a Swift value type on a type that is no plain object is refused, naming the type and what to do")
    func swiftValueTypeNeedsPlainObject() throws {
        let json = #"{"intents": [], "types": [{"name": "Rule", "swiftValueType": "RuleValue", "properties": []}]}"#
        do {
            _ = try IntentDefinitionFile.parseJSON(Data(json.utf8), file: "rule.json")
            Issue.record("accepted")
        } catch let error as IntentDefinitionError {
            #expect(error.description.contains(#"type 'Rule' has "swiftValueType" but is no plain object"#), "\(error)")
            #expect(error.description.contains(#"add "plainObject": true or remove "swiftValueType""#), "\(error)")
        }
    }
}
