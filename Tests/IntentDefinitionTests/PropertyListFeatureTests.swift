import Foundation
import IntentDefinition
import Testing

/// Shapes real `.intentdefinition` files have beyond the corpus: enums with
/// Xcode's implicit unknown case, enum and custom-type references, predicates
/// with values, the default properties of custom types, metadata.
@Suite struct PropertyListFeatureTests {
    func parse(_ root: [String: Any]) throws -> IntentDefinition {
        try IntentDefinitionFile.parsePropertyList(PropertyListFixture.data(root), file: "widgets.intentdefinition")
    }

    static var backgroundEnum: [String: Any] { [
        "INEnumName": "WidgetBackground",
        "INEnumDisplayName": "Background",
        "INEnumType": "Regular",
        "INEnumGeneratesHeader": true,
        "INEnumValues": [
            ["INEnumValueName": "unknown", "INEnumValueDisplayName": "Automatic", "INEnumValueDisplayNameID": "c7Wd0e"],
            ["INEnumValueName": "light", "INEnumValueDisplayName": "Light", "INEnumValueIndex": 3],
            ["INEnumValueName": "dark", "INEnumValueDisplayName": "Dark", "INEnumValueIndex": 2],
            ["INEnumValueName": "dusk", "INEnumValueDisplayName": "Dusk & Dawn", "INEnumValueIndex": 1],
        ],
    ] }

    @Test func enumWithImplicitUnknownCase() throws {
        let root = PropertyListFixture.definition(
            parameters: [PropertyListFixture.parameter("background", type: "Integer", priority: 1, extras: [
                "INIntentParameterEnumType": "WidgetBackground",
                "INIntentParameterEnumTypeNamespace": "Qm8vLb",
                "INIntentParameterMetadata": ["INIntentParameterMetadataDefaultValue": "light"],
            ])],
            enums: [Self.backgroundEnum]
        )
        let definition = try parse(root)
        let background = try #require(definition.enumType(named: "WidgetBackground"))
        #expect(background.displayName == "Background")
        #expect(background.unknownDisplayName == "Automatic")
        #expect(background.cases.map(\.name) == ["light", "dark", "dusk"])
        #expect(background.cases.map(\.value) == [3, 2, 1])
        let parameter = try #require(definition.intents.first?.parameters.first)
        #expect(parameter.type == .enumeration("WidgetBackground"))
        #expect(parameter.metadata.defaultValue == "light")
    }

    @Test func xcode10EnumWithCaseAtIndexZeroIsKeptForTheLinter() throws {
        let root = PropertyListFixture.definition(parameters: [], enums: [[
            "INEnumName": "MyEnum",
            "INEnumValues": [
                ["INEnumValueName": "a", "INEnumValueIndex": 0],
                ["INEnumValueName": "b", "INEnumValueIndex": 1],
            ],
        ]])
        let definition = try parse(root)
        #expect(definition.enums[0].cases == [EnumCase(name: "a", value: 0), EnumCase(name: "b", value: 1)])
        #expect(definition.enums[0].unknownDisplayName == nil)
    }

    @Test func customTypeSkipsTheDefaultProperties() throws {
        let root = PropertyListFixture.definition(
            parameters: [PropertyListFixture.parameter("friends", type: "Object", priority: 1, extras: [
                "INIntentParameterObjectType": "Friend",
                "INIntentParameterSupportsMultipleValues": true,
                "INIntentParameterSupportsSearch": true,
                "INIntentParameterSupportsDynamicEnumeration": true,
            ])],
            types: [[
                "INTypeName": "Friend",
                "INTypeDisplayName": "Chat",
                "INTypeProperties": [
                    ["INTypePropertyName": "identifier", "INTypePropertyType": "String", "INTypePropertyDefault": true, "INTypePropertyDisplayPriority": 1],
                    ["INTypePropertyName": "displayString", "INTypePropertyType": "String", "INTypePropertyDefault": true, "INTypePropertyDisplayPriority": 2],
                    ["INTypePropertyName": "alternativeSpeakableMatches", "INTypePropertyType": "SpeakableString", "INTypePropertyDefault": true, "INTypePropertySupportsMultipleValues": true, "INTypePropertyDisplayPriority": 4],
                    ["INTypePropertyName": "unread", "INTypePropertyType": "Integer", "INTypePropertyDisplayPriority": 6],
                    ["INTypePropertyName": "subtitle", "INTypePropertyDisplayName": "Subtitle", "INTypePropertyType": "String", "INTypePropertyDisplayPriority": 5],
                ],
            ]]
        )
        let definition = try parse(root)
        let friend = try #require(definition.customType(named: "Friend"))
        #expect(friend.displayName == "Chat")
        #expect(friend.properties == [
            TypeProperty(name: "subtitle", displayName: "Subtitle", type: .string),
            TypeProperty(name: "unread", type: .integer),
        ])
        let parameter = try #require(definition.intents.first?.parameters.first)
        #expect(parameter.type == .custom("Friend"))
        #expect(parameter.supportsMultipleValues && parameter.supportsSearch && parameter.supportsDynamicEnumeration)
    }

    @Test func enumRelationshipWithValue() throws {
        let root = PropertyListFixture.definition(
            parameters: [
                PropertyListFixture.parameter("background", type: "Integer", priority: 1, extras: ["INIntentParameterEnumType": "WidgetBackground"]),
                PropertyListFixture.parameter("colour", priority: 2, extras: ["INIntentParameterRelationship": [
                    "INIntentParameterRelationshipParentName": "background",
                    "INIntentParameterRelationshipPredicateName": "EnumHasExactValue",
                    "INIntentParameterRelationshipPredicateValue": "dusk",
                ]]),
                PropertyListFixture.parameter("shade", priority: 3, extras: ["INIntentParameterRelationship": [
                    "INIntentParameterRelationshipParentName": "background",
                    "INIntentParameterRelationshipPredicateName": "EnumHasExactValue",
                    "INIntentParameterRelationshipPredicateValues": ["light", "dark"],
                ]]),
            ],
            enums: [Self.backgroundEnum]
        )
        let parameters = try parse(root).intents[0].parameters
        #expect(parameters[1].relationship == Relationship(parent: "background", predicate: .isEqualTo, values: ["dusk"]))
        #expect(parameters[2].relationship == Relationship(parent: "background", predicate: .isEqualTo, values: ["light", "dark"]))
    }

    @Test func booleanAndNumberPredicates() throws {
        let root = PropertyListFixture.definition(parameters: [
            PropertyListFixture.parameter("express", type: "Boolean", priority: 1),
            PropertyListFixture.parameter("count", type: "Integer", priority: 2),
            PropertyListFixture.parameter("note", priority: 3, extras: ["INIntentParameterRelationship": [
                "INIntentParameterRelationshipParentName": "express",
                "INIntentParameterRelationshipPredicateName": "BooleanHasExactValue",
                "INIntentParameterRelationshipPredicateValue": true,
            ]]),
            PropertyListFixture.parameter("bulk", priority: 4, extras: ["INIntentParameterRelationship": [
                "INIntentParameterRelationshipParentName": "count",
                "INIntentParameterRelationshipPredicateName": "IntegerValueIsGreaterThan",
                "INIntentParameterRelationshipPredicateValue": 10,
            ]]),
        ])
        let parameters = try parse(root).intents[0].parameters
        #expect(parameters[2].relationship == Relationship(parent: "express", predicate: .isTrue))
        #expect(parameters[3].relationship == Relationship(parent: "count", predicate: .isGreaterThan, values: ["10"]))
    }

    /// Telegram's definition has a relationship whose parent Xcode dropped: it loads, and the linter warns.
    @Test func relationshipWithoutParentLoads() throws {
        let root = PropertyListFixture.definition(parameters: [
            PropertyListFixture.parameter("friends", priority: 1, extras: ["INIntentParameterRelationship": [
                "INIntentParameterRelationshipPredicateName": "EnumHasExactValue",
                "INIntentParameterRelationshipPredicateValue": "custom",
            ]]),
        ])
        let definition = try parse(root)
        #expect(definition.intents[0].parameters[0].relationship == Relationship(parent: "", predicate: .isEqualTo, values: ["custom"]))
        let diagnostics = IntentDefinitionLinter().lint(definition, file: "telegram.intentdefinition")
        #expect(diagnostics.contains { $0.severity == .warning && $0.message.contains("relationship without a parent") })
        #expect(!diagnostics.contains { $0.severity == .error })
    }

    @Test func metadataAndTypeNames() throws {
        let root = PropertyListFixture.definition(parameters: [
            PropertyListFixture.parameter("duration", type: "TimeInterval", priority: 1, extras: ["INIntentParameterMetadata": [
                "INIntentParameterMetadataMinimumValue": 0,
                "INIntentParameterMetadataMaximumValue": 1440,
                "INIntentParameterMetadataDefaultValue": 30,
                "INIntentParameterMetadataDefaultUnit": "Minutes",
            ]]),
            PropertyListFixture.parameter("amount", type: "Decimal", priority: 2, extras: ["INIntentParameterMetadata": [
                "INIntentParameterMetadataMaximumValue": 9999.5,
                "INIntentParameterMetadataSupportsNegativeNumbers": false,
            ]]),
            PropertyListFixture.parameter("when", type: "DateComponents", priority: 3),
            PropertyListFixture.parameter("place", type: "Placemark", priority: 4),
            PropertyListFixture.parameter("price", type: "CurrencyAmount", priority: 5),
            PropertyListFixture.parameter("who", type: "Person", priority: 6),
            PropertyListFixture.parameter("doc", type: "File", priority: 7),
            PropertyListFixture.parameter("link", type: "URL", priority: 8),
            PropertyListFixture.parameter("flag", type: "Boolean", priority: 9),
            PropertyListFixture.parameter("legacy", type: "Duration", priority: 10),
        ])
        let parameters = try parse(root).intents[0].parameters
        #expect(parameters.map(\.type) == [.duration, .decimal, .dateComponents, .placemark, .currencyAmount, .person, .file, .url, .boolean, .duration])
        #expect(parameters[0].metadata == ParameterMetadata(minimum: 0, maximum: 1440, defaultValue: "30", other: ["DefaultUnit": "Minutes"]))
        #expect(parameters[1].metadata == ParameterMetadata(maximum: 9999.5, other: ["SupportsNegativeNumbers": "false"]))
    }

    @Test func parametersAreSortedByDisplayPriority() throws {
        let root = PropertyListFixture.definition(parameters: [
            PropertyListFixture.parameter("c", priority: 3),
            PropertyListFixture.parameter("a", priority: 1),
            PropertyListFixture.parameter("b", priority: 2),
        ])
        #expect(try parse(root).intents[0].parameters.map(\.name) == ["a", "b", "c"])
    }

    @Test func classPrefixAndWidgetKeys() throws {
        let root: [String: Any] = ["INIntents": [[
            "INIntentName": "Configure", "INIntentClassPrefix": "PM", "INIntentEligibleForWidgets": true,
            "INIntentDeprecated": true,
            "INIntentResponse": ["INIntentResponseOutput": "result", "INIntentResponseParameters": [
                ["INIntentResponseParameterName": "result", "INIntentResponseParameterType": "Object", "INIntentResponseParameterObjectType": "Thing"],
            ]],
        ]], "INTypes": [["INTypeName": "Thing"]]]
        let definition = try parse(root)
        #expect(definition.classPrefix == "PM")
        #expect(definition.intents[0].eligibleForWidgets)
        #expect(definition.intents[0].deprecated)
        #expect(definition.intents[0].response.outputParameter == "result")
        #expect(definition.intents[0].response.parameters == [ResponseParameter(name: "result", type: .custom("Thing"))])
    }

    @Test func binaryPropertyListLoads() throws {
        let xml = try IntentDefinitionFile.encodePropertyList(SampleDefinitions.everything)
        let object = try PropertyListSerialization.propertyList(from: xml, options: [], format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        #expect(binary.starts(with: Array("bplist".utf8)))
        #expect(try IntentDefinitionFile.parsePropertyList(binary, file: "binary.intentdefinition") == SampleDefinitions.everything)
    }

    @Test func loadSniffsContentNotExtension() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("exthost-sniff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let definition = SampleDefinitions.everything
        let jsonNamedLikePlist = directory.appendingPathComponent("json.intentdefinition")
        try IntentDefinitionFile.encodeJSON(definition).write(to: jsonNamedLikePlist)
        #expect(try IntentDefinitionFile.load(contentsOf: jsonNamedLikePlist) == definition)
        let plistNamedLikeJSON = directory.appendingPathComponent("plist.json")
        try IntentDefinitionFile.encodePropertyList(definition).write(to: plistNamedLikeJSON)
        #expect(try IntentDefinitionFile.load(contentsOf: plistNamedLikeJSON) == definition)
    }
}
