import Foundation
import IntentDefinition
import Testing

/// The hand-writable JSON form: defaults for omitted keys, errors naming the key path.
@Suite struct JSONFormTests {
    func parse(_ json: String) throws -> IntentDefinition {
        try IntentDefinitionFile.parseJSON(Data(json.utf8), file: "soup.json")
    }

    func error(_ json: String) -> IntentDefinitionError? {
        do {
            _ = try parse(json)
            return nil
        } catch let error as IntentDefinitionError {
            return error
        } catch {
            Issue.record("unexpected error type: \(error)")
            return nil
        }
    }

    @Test func minimalJSONTakesDefaults() throws {
        let definition = try parse("""
            {"intents": [{"name": "OrderSoup", "parameters": [
                {"name": "soup", "type": "type:Soup"},
                {"name": "size", "type": "enum:Size"},
                {"name": "quantity", "type": "Integer"}
            ]}],
             "enums": [{"name": "Size", "cases": [{"name": "small"}, {"name": "large"}]}],
             "types": [{"name": "Soup"}]}
            """)
        #expect(definition.modelVersion == nil && definition.namespace == nil && definition.classPrefix == nil)
        let intent = try #require(definition.intents.first)
        #expect(intent.title == nil && intent.kind == nil && intent.restrictions == nil)
        #expect(!intent.configurable && !intent.userConfirmationRequired && !intent.deprecated && !intent.eligibleForWidgets)
        #expect(intent.parameterCombinations.isEmpty)
        #expect(intent.response == Response())
        #expect(intent.parameters.map(\.displayPriority) == [1, 2, 3])
        #expect(intent.parameters.map(\.type) == [.custom("Soup"), .enumeration("Size"), .integer])
        let soup = intent.parameters[0]
        #expect(!soup.supportsMultipleValues && !soup.supportsResolution && !soup.supportsSearch && !soup.configurable)
        #expect(soup.metadata == ParameterMetadata())
        #expect(soup.prompts.isEmpty && soup.unsupportedReasons.isEmpty && soup.relationship == nil)
        #expect(definition.enums[0].cases == [EnumCase(name: "small", value: 1), EnumCase(name: "large", value: 2)])
        #expect(definition.types[0].properties.isEmpty)
    }

    @Test func explicitDisplayPrioritiesOrderTheParameters() throws {
        let definition = try parse("""
            {"intents": [{"name": "A", "parameters": [
                {"name": "late", "type": "String", "displayPriority": 2},
                {"name": "early", "type": "String", "displayPriority": 1}
            ]}]}
            """)
        #expect(definition.intents[0].parameters.map(\.name) == ["early", "late"])
    }

    @Test func unknownKeyNamesItsPath() throws {
        let failure = try #require(error("""
            {"intents": [{"name": "OrderSoup", "parameters": [
                {"name": "soup", "type": "String"},
                {"name": "options", "type": "String", "colour": "red"}
            ]}]}
            """))
        #expect(failure.kind == .unknownKey)
        #expect(failure.element == "intents[0] (OrderSoup) › parameters[1] (options)")
        #expect(failure.message.hasPrefix("unknown key 'colour'; expected one of name, displayName"))
        #expect(failure.message.contains("intents[0].parameters[1].colour"))
        #expect(failure.description.hasPrefix("soup.json: intents[0] (OrderSoup) › parameters[1] (options): unknown key 'colour'"))
    }

    @Test func unknownTopLevelKey() throws {
        let failure = try #require(error(#"{"intents": [], "intnets": []}"#))
        #expect(failure.kind == .unknownKey)
        #expect(failure.message.hasPrefix("unknown key 'intnets'"))
    }

    @Test("Decodable reads the JSON form as the reader does: defaults for omitted keys, an unknown key refused")
    func decodableReadsTheForm() throws {
        let decoded = try JSONDecoder().decode(IntentDefinition.self, from: Data("""
            {"intents": [{"name": "OrderSoup", "parameters": [{"name": "quantity", "type": "Integer"}]}],
             "enums": [{"name": "Size", "cases": [{"name": "small"}, {"name": "large"}]}]}
            """.utf8))
        #expect(decoded == (try parse("""
            {"intents": [{"name": "OrderSoup", "parameters": [{"name": "quantity", "type": "Integer"}]}],
             "enums": [{"name": "Size", "cases": [{"name": "small"}, {"name": "large"}]}]}
            """)))
        #expect(decoded.enums[0].cases.map(\.value) == [1, 2])
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(IntentDefinition.self, from: Data(#"{"intents": [], "intnets": []}"#.utf8))
        }
    }

    @Test func unknownParameterType() throws {
        let failure = try #require(error(#"{"intents": [{"name": "OrderSoup", "parameters": [{"name": "options", "type": "Foo"}]}]}"#))
        #expect(failure.kind == .unknownParameterType)
        #expect(failure.element == "intents[0] (OrderSoup) › parameters[0] (options)")
        #expect(failure.message.hasPrefix("unknown parameter type 'Foo'; expected String, Integer"))
    }

    @Test func danglingReferences() throws {
        let enumFailure = try #require(error(#"{"intents": [{"name": "A", "parameters": [{"name": "size", "type": "enum:Size"}]}]}"#))
        #expect(enumFailure.kind == .danglingReference)
        #expect(enumFailure.description == "soup.json: intents[0] (A) › parameters[0] (size): refers to enum 'Size', which is not in enums (there are none); add the enum or change the type.")
        let parentFailure = try #require(error("""
            {"intents": [{"name": "A", "parameters": [
                {"name": "b", "type": "String", "relationship": {"parent": "nope", "predicate": "HasAnyValue"}}
            ]}]}
            """))
        #expect(parentFailure.kind == .danglingReference)
        #expect(parentFailure.message.hasPrefix("relationship parent 'nope' is not a parameter of A"))
    }

    @Test func formerNamesNameParametersOfTheIntent() throws {
        let json = #"{"intents": [{"name": "A", "formerNames": {"label": "makeA", "parameters": ["b"]}, "parameters": [{"name": "b", "type": "String"}]}]}"#
        let definition = try IntentDefinitionFile.parseJSON(Data(json.utf8), file: "soup.json")
        #expect(definition.intents[0].formerNames == FormerHandlerNames(label: "makeA", parameters: ["b"]))
        #expect(definition.intents[0].formerNames?.resolveLabel(of: "b") == "forMakeA")
        #expect(definition.intents[0].formerNames?.resolveLabel(of: "c") == nil)
        let reread = try IntentDefinitionFile.parseJSON(try IntentDefinitionFile.encodeJSON(definition), file: "soup.json")
        #expect(reread == definition)
        let failure = try #require(error(#"{"intents": [{"name": "A", "formerNames": {"label": "makeA", "parameters": ["c"]}, "parameters": [{"name": "b", "type": "String"}]}]}"#))
        #expect(failure.kind == .danglingReference)
        #expect(failure.description == "soup.json: intents[0] (A) › formerNames: names 'c', which is not a parameter of A (known: b); name an existing parameter.")
    }

    @Test("an older name's parameter may give its own name, type and base result; only convertible types are allowed")
    func formerParametersInTheJSONForm() throws {
        let json = #"""
            {"types": [{"name": "INSpeakableString", "properties": []}],
             "intents": [{"name": "A", "formerNames": {"label": "makeA", "deprecated": true, "parameters": [
               "b", {"name": "c", "formerName": "oldC", "type": "String", "deprecationMessage": "gone"}, {"name": "d", "baseResult": true}]},
               "parameters": [{"name": "b", "type": "String"}, {"name": "c", "type": "type:INSpeakableString"}, {"name": "d", "type": "Person"}]}]}
            """#
        let definition = try IntentDefinitionFile.parseJSON(Data(json.utf8), file: "soup.json")
        let former = try #require(definition.intents[0].formerNames)
        #expect(former.isDeprecated && former.parameter("b")?.isRename == true)
        #expect(former.parameter("c") == FormerParameter(name: "c", formerName: "oldC", type: .string, deprecationMessage: "gone"))
        #expect(former.parameter("d")?.answersBaseResult == true)
        #expect(try IntentDefinitionFile.parseJSON(try IntentDefinitionFile.encodeJSON(definition), file: "soup.json") == definition)
        let failure = try #require(error(#"""
            {"intents": [{"name": "A", "formerNames": {"label": "makeA", "parameters": [{"name": "b", "type": "Integer"}]},
              "parameters": [{"name": "b", "type": "String"}]}]}
            """#))
        #expect(failure.description == "soup.json: intents[0] (A) › formerNames › b: the older method resolved Integer, which cannot be made into String; give the same type, or String for an INSpeakableString parameter.")
        // A deprecation message gives the selector a later name beside today's: with today's result they would be one method.
        let clash = try #require(error(#"""
            {"intents": [{"name": "A", "formerNames": {"label": "makeA", "parameters": [{"name": "b", "deprecationMessage": "gone"}]},
              "parameters": [{"name": "b", "type": "String"}]}]}
            """#))
        #expect(clash.description == #"soup.json: intents[0] (A) › formerNames › b: has a deprecationMessage, which gives the older selector a later SDK's name beside today's (resolveB(for:with:)), but it answers today's result, so the two would be one method; give "baseResult": true or the older type, or drop the message."#)
        let later = try IntentDefinitionFile.parseJSON(Data(#"""
            {"intents": [{"name": "A", "formerNames": {"label": "makeA", "parameters": [{"name": "b", "baseResult": true, "deprecationMessage": "gone"}]},
              "parameters": [{"name": "b", "type": "Person"}]}]}
            """#.utf8), file: "soup.json")
        let names = try #require(later.intents[0].formerNames)
        #expect(!names.isDeprecated && names.hasLaterName("b") && names.hasDeprecatedNames)
    }

    @Test("an intent's deprecationMessage is read and written, and refused on an intent that is not deprecated")
    func intentDeprecationMessage() throws {
        let json = #"{"intents": [{"name": "A", "deprecated": true, "deprecationMessage": "There is no replacement."}]}"#
        let definition = try parse(json)
        #expect(definition.intents[0].deprecated && definition.intents[0].deprecationMessage == "There is no replacement.")
        #expect(try IntentDefinitionFile.parseJSON(try IntentDefinitionFile.encodeJSON(definition), file: "soup.json") == definition)
        #expect(try parse(#"{"intents": [{"name": "A", "deprecated": true}]}"#).intents[0].deprecationMessage == nil)
        let failure = try #require(error(#"{"intents": [{"name": "A", "deprecationMessage": "There is no replacement."}]}"#))
        #expect(failure.kind == .unknownValue)
        #expect(failure.description == #"soup.json: intents[0] (A): deprecationMessage is set, but the intent is not deprecated; add "deprecated": true or remove the message. (at intents[0].deprecationMessage)"#)
    }

    @Test("a parameter's deprecated: true or with renamed and message, read and written; renamed names another parameter")
    func deprecatedParameters() throws {
        let json = #"""
            {"intents": [{"name": "A", "parameters": [
              {"name": "size", "type": "Integer", "deprecated": {"renamed": "cups", "message": "say cups"}},
              {"name": "cups", "type": "Integer"},
              {"name": "note", "type": "String", "deprecated": true},
              {"name": "shop", "type": "String", "deprecated": false}]}]}
            """#
        let definition = try IntentDefinitionFile.parseJSON(Data(json.utf8), file: "soup.json")
        let parameters = definition.intents[0].parameters
        #expect(parameters.map(\.deprecated) == [ParameterDeprecation(renamed: "cups", message: "say cups"), nil, ParameterDeprecation(), nil])
        let written = String(decoding: try IntentDefinitionFile.encodeJSON(definition), as: UTF8.self)
        #expect(written.contains(#""deprecated" : true"#) || written.contains(#""deprecated": true"#), "\(written)")
        #expect(try IntentDefinitionFile.parseJSON(Data(written.utf8), file: "soup.json") == definition)
        let failure = try #require(error(#"{"intents": [{"name": "A", "parameters": [{"name": "size", "type": "Integer", "deprecated": {"renamed": "cup"}}]}]}"#))
        #expect(failure.kind == .danglingReference)
        #expect(failure.description == "soup.json: intents[0] (A) › parameters[0] (size) › deprecated: renamed 'cup', which is not another parameter of A (known: size); name the parameter that replaces it, or give a message instead.")
        let unknownKey = try #require(error(#"{"intents": [{"name": "A", "parameters": [{"name": "size", "type": "Integer", "deprecated": {"since": "2"}}]}]}"#))
        #expect(unknownKey.description.contains("since"), "\(unknownKey.description)")
    }

    @Test func missingRequiredKey() throws {
        let failure = try #require(error(#"{"intents": [{"title": "Nameless"}]}"#))
        #expect(failure.kind == .missingKey)
        #expect(failure.element == "intents[0]")
        #expect(failure.message.hasPrefix("'name' is missing"))
    }

    @Test func wrongValueType() throws {
        let failure = try #require(error(#"{"intents": [{"name": "A", "parameters": [{"name": "b", "type": "String", "supportsSearch": "yes"}]}]}"#))
        #expect(failure.kind == .wrongValueType)
        #expect(failure.element == "intents[0] (A) › parameters[0] (b)")
        #expect(failure.message.contains("expected a boolean"))
        #expect(failure.message.contains("intents[0].parameters[0].supportsSearch"))
    }

    @Test func unknownEnumeratedValue() throws {
        let failure = try #require(error(#"{"intents": [{"name": "A", "parameters": [{"name": "b", "type": "String", "prompts": [{"kind": "Shout"}]}]}]}"#))
        #expect(failure.kind == .unknownValue)
        #expect(failure.element == "intents[0] (A) › parameters[0] (b) › prompts[0]")
        #expect(failure.message.hasPrefix("unknown value 'Shout'; expected one of Primary, Configuration"))
    }

    @Test func invalidJSON() throws {
        let failure = try #require(error(#"{"intents": [}"#))
        #expect(failure.kind == .invalidJSON)
        #expect(failure.description.hasPrefix("soup.json: not well-formed JSON"))
    }

    @Test func jsonWithoutIntents() throws {
        let failure = try #require(error(#"{"name": "package.json"}"#))
        #expect(failure.kind == .notAnIntentDefinition)
    }

    @Test func encodingIsPrettySortedAndStable() throws {
        let data = try IntentDefinitionFile.encodeJSON(SampleDefinitions.everything)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"classPrefix\" : \"EX\",\n  \"enums\" : ["))
        #expect(text.contains("\"type\" : \"type:Soup\""))
        #expect(text.contains("\"type\" : \"enum:OrderType\""))
        #expect(try IntentDefinitionFile.encodeJSON(SampleDefinitions.everything) == data)
    }
}
