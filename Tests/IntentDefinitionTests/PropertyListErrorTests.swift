import ExthostTestSupport
import Foundation
import IntentDefinition
import Testing

/// Bad property lists give an error naming the file and the element, never a crash.
@Suite struct PropertyListErrorTests {
    func parse(_ root: [String: Any]) throws -> IntentDefinition {
        try IntentDefinitionFile.parsePropertyList(PropertyListFixture.data(root), file: "soup.intentdefinition")
    }

    func error(_ body: () throws -> IntentDefinition) -> IntentDefinitionError? {
        do {
            _ = try body()
            return nil
        } catch let error as IntentDefinitionError {
            return error
        } catch {
            Issue.record("unexpected error type: \(error)")
            return nil
        }
    }

    @Test func notAPropertyList() throws {
        let failure = try #require(error { try IntentDefinitionFile.parsePropertyList(Data("hello, world".utf8), file: "soup.intentdefinition") })
        #expect(failure.kind == .notAPropertyList)
        #expect(failure.description.hasPrefix("soup.intentdefinition: not a property list"))
    }

    @Test func malformedXML() throws {
        let xml = Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>INIntents</key><array></dict></plist>".utf8)
        let failure = try #require(error { try IntentDefinitionFile.parsePropertyList(xml, file: "soup.intentdefinition") })
        #expect(failure.kind == .notAPropertyList)
        #expect(failure.description.contains("soup.intentdefinition: not a readable property list"))
    }

    @Test func propertyListWithoutIntents() throws {
        let failure = try #require(error { try parse(["CFBundleIdentifier": "com.example.app"]) })
        #expect(failure.kind == .notAnIntentDefinition)
        #expect(failure.description == "soup.intentdefinition: not an intent definition: there is no INIntents array at the top level. Is this an .intentdefinition file?")
    }

    @Test func topLevelArray() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["a", "b"], format: .xml, options: 0)
        let failure = try #require(error { try IntentDefinitionFile.parsePropertyList(data, file: "soup.intentdefinition") })
        #expect(failure.kind == .notAnIntentDefinition)
        #expect(failure.message.contains("the top level is an array"))
    }

    @Test func unknownParameterType() throws {
        let root = PropertyListFixture.definition(parameters: [
            PropertyListFixture.parameter("soup", type: "Object", priority: 1),
            PropertyListFixture.parameter("quantity", type: "Integer", priority: 2),
            PropertyListFixture.parameter("options", type: "Foo", priority: 3),
        ])
        let failure = try #require(error { try parse(root) })
        #expect(failure.kind == .unknownParameterType)
        #expect(failure.element == "INIntents[0] (OrderSoup) › INIntentParameters[2] (options)")
        #expect(failure.description.hasPrefix(
            "soup.intentdefinition: INIntents[0] (OrderSoup) › INIntentParameters[2] (options): unknown parameter type 'Foo'; expected one of String, Integer, Decimal, Boolean"))
    }

    @Test func danglingEnumReference() throws {
        let root = PropertyListFixture.definition(parameters: [
            PropertyListFixture.parameter("size", type: "Integer", priority: 1, extras: ["INIntentParameterEnumType": "SoupSize"]),
        ])
        let failure = try #require(error { try parse(root) })
        #expect(failure.kind == .danglingReference)
        #expect(failure.description == "soup.intentdefinition: INIntents[0] (OrderSoup) › INIntentParameters[0] (size): refers to enum 'SoupSize', which is not in INEnums (there are none); add the enum or change the type.")
    }

    @Test func errorPathsFollowFileOrderNotDisplayPriority() throws {
        let root = PropertyListFixture.definition(parameters: [
            PropertyListFixture.parameter("late", type: "Integer", priority: 2, extras: ["INIntentParameterEnumType": "Missing"]),
            PropertyListFixture.parameter("early", priority: 1),
        ])
        let failure = try #require(error { try parse(root) })
        #expect(failure.element == "INIntents[0] (OrderSoup) › INIntentParameters[0] (late)")
    }

    @Test func danglingCustomTypeReference() throws {
        let root = PropertyListFixture.definition(
            parameters: [PropertyListFixture.parameter("soup", type: "Object", priority: 1, extras: ["INIntentParameterObjectType": "Soupe"])],
            types: [["INTypeName": "Soup", "INTypeProperties": []]]
        )
        let failure = try #require(error { try parse(root) })
        #expect(failure.kind == .danglingReference)
        #expect(failure.element == "INIntents[0] (OrderSoup) › INIntentParameters[0] (soup)")
        #expect(failure.message.contains("custom type 'Soupe', which is not in INTypes (known: Soup)"))
    }

    @Test func danglingReferenceInCustomTypeProperty() throws {
        let root = PropertyListFixture.definition(
            parameters: [],
            types: [["INTypeName": "Soup", "INTypeProperties": [
                ["INTypePropertyName": "size", "INTypePropertyType": "Integer", "INTypePropertyEnumType": "Size"],
            ]]]
        )
        let failure = try #require(error { try parse(root) })
        #expect(failure.element == "INTypes[0] (Soup) › INTypeProperties[0] (size)")
        #expect(failure.message.contains("enum 'Size'"))
    }

    @Test func relationshipToMissingParent() throws {
        let root = PropertyListFixture.definition(parameters: [
            PropertyListFixture.parameter("account", priority: 1),
            PropertyListFixture.parameter("folder", priority: 2, extras: [
                "INIntentParameterRelationship": [
                    "INIntentParameterRelationshipParentName": "acount",
                    "INIntentParameterRelationshipPredicateName": "HasAnyValue",
                ],
            ]),
        ])
        let failure = try #require(error { try parse(root) })
        #expect(failure.kind == .danglingReference)
        #expect(failure.description == "soup.intentdefinition: INIntents[0] (OrderSoup) › INIntentParameters[1] (folder): relationship parent 'acount' is not a parameter of OrderSoup (known: account, folder); name an existing parameter or remove the relationship.")
    }

    @Test func unknownRelationshipPredicate() throws {
        let root = PropertyListFixture.definition(parameters: [
            PropertyListFixture.parameter("account", priority: 1),
            PropertyListFixture.parameter("folder", priority: 2, extras: [
                "INIntentParameterRelationship": [
                    "INIntentParameterRelationshipParentName": "account",
                    "INIntentParameterRelationshipPredicateName": "Sometimes",
                ],
            ]),
        ])
        let failure = try #require(error { try parse(root) })
        #expect(failure.kind == .unknownValue)
        #expect(failure.element == "INIntents[0] (OrderSoup) › INIntentParameters[1] (folder) › INIntentParameterRelationship")
        #expect(failure.message.hasPrefix("unknown relationship predicate 'Sometimes'"))
    }

    @Test func wrongValueTypeForInteger() throws {
        let root = PropertyListFixture.definition(parameters: [
            PropertyListFixture.parameter("quantity", type: "Integer", extras: ["INIntentParameterDisplayPriority": "first"]),
        ])
        let failure = try #require(error { try parse(root) })
        #expect(failure.kind == .wrongValueType)
        #expect(failure.description.hasPrefix("soup.intentdefinition: INIntents[0] (OrderSoup) › INIntentParameters[0] (quantity): INIntentParameterDisplayPriority is a string; expected an integer."))
    }

    @Test func wrongValueTypeForBoolean() throws {
        let root = PropertyListFixture.definition(parameters: [], intentExtras: ["INIntentUserConfirmationRequired": "YES"])
        let failure = try #require(error { try parse(root) })
        #expect(failure.kind == .wrongValueType)
        #expect(failure.element == "INIntents[0] (OrderSoup)")
        #expect(failure.message.hasPrefix("INIntentUserConfirmationRequired is a string; expected a boolean"))
    }

    @Test func wrongValueTypeForIntentsArray() throws {
        let failure = try #require(error { try parse(["INIntents": ["INIntentName": "X"]]) })
        #expect(failure.kind == .wrongValueType)
        #expect(failure.message.hasPrefix("INIntents is a dictionary; expected an array"))
    }

    @Test func missingIntentName() throws {
        let failure = try #require(error { try parse(["INIntents": [["INIntentTitle": "Nameless"]]]) })
        #expect(failure.kind == .missingKey)
        #expect(failure.description == "soup.intentdefinition: INIntents[0]: INIntentName is missing; every such element needs one.")
    }

    @Test func unknownPromptType() throws {
        let root = PropertyListFixture.definition(parameters: [
            PropertyListFixture.parameter("soup", extras: ["INIntentParameterPromptDialogs": [["INIntentParameterPromptDialogType": "Shout"]]]),
        ])
        let failure = try #require(error { try parse(root) })
        #expect(failure.kind == .unknownValue)
        #expect(failure.element == "INIntents[0] (OrderSoup) › INIntentParameters[0] (soup) › INIntentParameterPromptDialogs[0] (Shout)")
        #expect(failure.message.contains("expected one of Primary, Configuration"))
    }

    @Test func conflictingClassPrefixes() throws {
        let root: [String: Any] = ["INIntents": [
            ["INIntentName": "A", "INIntentClassPrefix": "XY"],
            ["INIntentName": "B", "INIntentClassPrefix": "ZZ"],
        ]]
        let failure = try #require(error { try parse(root) })
        #expect(failure.element == "INIntents[1] (B)")
        #expect(failure.message.contains("one class prefix per file"))
    }

    @Test func unreadableFile() throws {
        let url = URL(fileURLWithPath: "/nonexistent/soup.intentdefinition")
        let failure = try #require(error { try IntentDefinitionFile.load(contentsOf: url) })
        #expect(failure.kind == .unreadableFile)
        #expect(failure.description.hasPrefix("soup.intentdefinition: cannot read /nonexistent/soup.intentdefinition"))
    }
}
