import Foundation
import IntentDefinition
import Testing

/// `"nonnull": true` on a custom type's property: Apple's nonnull
/// properties of the system's classes.
struct NonnullPropertyFormTests {
    func parse(_ property: String) throws -> IntentDefinition {
        try IntentDefinitionFile.parseJSON(Data(#"{"intents": [], "types": [{"name": "Item"}, {"name": "Box", "properties": [\#(property)]}]}"#.utf8), file: "box.json")
    }

    @Test("a list or an object may be nonnull, and it survives a round trip; other properties' form does not change")
    func read() throws {
        let definition = try parse(#"{"name": "items", "type": "type:Item", "supportsMultipleValues": true, "nonnull": true}, {"name": "label", "type": "String"}"#)
        let properties = try #require(definition.customType(named: "Box")?.properties)
        #expect(properties.map(\.isNonnull) == [true, false])
        let encoded = String(decoding: try IntentDefinitionFile.encodeJSON(definition), as: UTF8.self)
        #expect(encoded.components(separatedBy: "\"nonnull\"").count == 2, "\(encoded)")
        #expect(try IntentDefinitionFile.parseJSON(Data(encoded.utf8), file: "box.json") == definition)
    }

    @Test("one value of a scalar type cannot be nonnull: the error names the property and what to do")
    func scalarRefused() throws {
        do {
            _ = try parse(#"{"name": "count", "type": "Integer", "nonnull": true}"#)
            Issue.record("accepted")
        } catch let error as IntentDefinitionError {
            #expect(error.description.contains("property 'count' is nonnull but is one Integer"), "\(error)")
            #expect(error.description.contains("remove \"nonnull\" or make it a list"), "\(error)")
        }
    }
}
