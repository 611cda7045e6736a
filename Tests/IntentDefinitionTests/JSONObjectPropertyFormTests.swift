import Foundation
import IntentDefinition
import Testing

/// `"jsonObject": true` on a response's String property: its text is a JSON
/// object (`INPlayMediaIntentResponse.nowPlayingInfo`).
struct JSONObjectPropertyFormTests {
    func parse(_ property: String) throws -> IntentDefinition {
        let json = #"{"intents": [{"name": "Play", "parameters": [], "response": {"parameters": [\#(property)], "codes": [{"name": "success", "success": true}]}}]}"#
        return try IntentDefinitionFile.parseJSON(Data(json.utf8), file: "play.json")
    }

    @Test("a String response property may be a JSON object; the mark survives the JSON form and the tables, and other properties do not change")
    func read() throws {
        let definition = try parse(#"{"name": "info", "type": "String", "jsonObject": true}, {"name": "label", "type": "String"}"#)
        let properties = try #require(definition.intent(named: "Play")?.response.parameters)
        #expect(properties.map(\.isJSONObject) == [true, false])
        let encoded = String(decoding: try IntentDefinitionFile.encodeJSON(definition), as: UTF8.self)
        #expect(encoded.components(separatedBy: "\"jsonObject\"").count == 2, "\(encoded)")
        #expect(try IntentDefinitionFile.parseJSON(Data(encoded.utf8), file: "play.json") == definition)
        let decoded = try DefinitionTables.encode(definition).withUnsafeBytes { try DefinitionTables(bytes: $0).definition() }
        #expect(decoded.intent(named: "Play")?.response.parameters.map(\.isJSONObject) == [true, false])
    }

    @Test("a property that is not one String cannot be a JSON object: the error names the property and what to do",
          arguments: [#"{"name": "count", "type": "Integer", "jsonObject": true}"#,
                      #"{"name": "info", "type": "String", "supportsMultipleValues": true, "jsonObject": true}"#])
    func othersRefused(property: String) throws {
        do {
            _ = try parse(property)
            Issue.record("accepted")
        } catch let error as IntentDefinitionError {
            #expect(error.description.contains("is a jsonObject but is"), "\(error)")
            #expect(error.description.contains("make it \"type\": \"String\" without \"supportsMultipleValues\", or remove \"jsonObject\""), "\(error)")
        }
    }
}
