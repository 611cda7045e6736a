import ExthostTestSupport
import Foundation
import IntentDefinition
import Testing

/// The string IDs of titles, descriptions, display names and
/// parameter-combination summaries (`INIntentTitleID`,
/// `INIntentParameterDisplayNameID`, `INEnumValueDisplayNameID`, …): kept in
/// the model in both forms, and used to put those texts in a request's
/// language.
struct LocalisedTitlesTests {
    /// The keys of the texts a user reads as names and titles, as Xcode writes them.
    static let titleIDKeys: Set<String> = [
        "INIntentTitleID", "INIntentDescriptionID", "INIntentParameterDisplayNameID",
        "INIntentParameterCombinationTitleID", "INIntentParameterCombinationSubtitleID",
        "INIntentResponseParameterDisplayNameID", "INEnumDisplayNameID", "INEnumValueDisplayNameID",
        "INTypeDisplayNameID", "INTypePropertyDisplayNameID",
    ]

    /// Every ID of those keys in a property list, by key.
    static func count(_ value: Any, into result: inout [String: Int]) {
        if let dictionary = value as? [String: Any] {
            for (key, member) in dictionary {
                if titleIDKeys.contains(key) { result[key, default: 0] += 1 }
                count(member, into: &result)
            }
        } else if let elements = value as? [Any] {
            for element in elements { count(element, into: &result) }
        }
    }

    /// The same IDs in the model.
    static func count(_ definition: IntentDefinition) -> [String: Int] {
        var result: [String: Int] = [:]
        func add(_ key: String, _ id: String?) { if id != nil { result[key, default: 0] += 1 } }
        for intent in definition.intents {
            add("INIntentTitleID", intent.titleID)
            add("INIntentDescriptionID", intent.descriptionID)
            for parameter in intent.parameters { add("INIntentParameterDisplayNameID", parameter.displayNameID) }
            for combination in intent.parameterCombinations {
                add("INIntentParameterCombinationTitleID", combination.titleID)
                add("INIntentParameterCombinationSubtitleID", combination.subtitleID)
            }
            for parameter in intent.response.parameters { add("INIntentResponseParameterDisplayNameID", parameter.displayNameID) }
        }
        for enumType in definition.enums {
            add("INEnumDisplayNameID", enumType.displayNameID)
            add("INEnumValueDisplayNameID", enumType.unknownDisplayNameID)
            for enumCase in enumType.cases { add("INEnumValueDisplayNameID", enumCase.displayNameID) }
        }
        for type in definition.types {
            add("INTypeDisplayNameID", type.displayNameID)
            for property in type.properties { add("INTypePropertyDisplayNameID", property.displayNameID) }
        }
        return result
    }

    @Test("every title and display-name ID of a corpus file is in the model, and in its JSON form", .needsCorpus, arguments: CorpusFolder.files)
    func corpusIDsAreInTheModel(_ file: String) throws {
        let data = try Data(contentsOf: CorpusFolder.url(of: file))
        var inFile: [String: Int] = [:]
        Self.count(try PropertyListSerialization.propertyList(from: data, format: nil), into: &inFile)
        let definition = try IntentDefinitionFile.parsePropertyList(data, file: file)
        #expect(Self.count(definition) == inFile, "\(file)")
        let kept = definition.keptPropertyListKeys.keys.filter { path in Self.titleIDKeys.contains { path.hasSuffix("/" + $0) } }
        #expect(kept.isEmpty, "\(file): read as kept keys, not into the model: \(kept.sorted().prefix(5))")
        let json = try IntentDefinitionFile.parseJSON(try IntentDefinitionFile.encodeJSON(definition), file: file)
        #expect(json == definition, "\(file): the JSON form keeps the IDs")
    }

    /// A definition with an ID for every kind of text, and the table that translates all but the enum's `unknown` case.
    static let definition = IntentDefinition(
        intents: [
            Intent(
                name: "TurnOn",
                title: "Turn on", description: "Turns a lamp on",
                parameters: [
                    Parameter(name: "lamp", displayName: "Lamp", type: .custom("Lamp"), displayNameID: "p1"),
                    Parameter(name: "colour", displayName: "Colour", type: .enumeration("Colour"), displayNameID: "p2"),
                ],
                parameterCombinations: [
                    ParameterCombination(parameters: ["lamp", "colour"], title: "Turn on ${lamp} in ${colour}", subtitle: "Lamps",
                                         isPrimary: true, titleID: "c1", subtitleID: "c2"),
                ],
                response: Response(parameters: [ResponseParameter(name: "brightness", displayName: "Brightness", type: .integer, displayNameID: "r1")]),
                titleID: "t1", descriptionID: "d1"
            ),
        ],
        enums: [
            EnumType(name: "Colour", displayName: "Colour",
                     cases: [EnumCase(name: "warm", displayName: "Warm white", value: 1, displayNameID: "e1"),
                             EnumCase(name: "red", displayName: "Red", value: 2)],
                     unknownDisplayName: "Any colour", displayNameID: "e0", unknownDisplayNameID: "e9"),
        ],
        types: [
            CustomType(name: "Lamp", displayName: "Lamp",
                       properties: [TypeProperty(name: "room", displayName: "Room", type: .string, displayNameID: "y1")], displayNameID: "y0"),
        ]
    )
    static let japanese = [
        "t1": "点灯", "d1": "ランプを点けます", "p1": "ランプ", "p2": "色", "c1": "${lamp}を${colour}で点灯", "c2": "ランプ",
        "r1": "明るさ", "e0": "色", "e1": "電球色", "y0": "ランプ", "y1": "部屋",
    ]

    @Test("localised: titles, descriptions, summaries and display names take the table's text; a missing one stays the base")
    func localizedTitlesAndDisplayNames() throws {
        let localized = Self.definition.localized(with: Self.japanese)
        let intent = try #require(localized.intent(named: "TurnOn"))
        #expect(intent.title == "点灯")
        #expect(intent.description == "ランプを点けます")
        #expect(intent.parameters.map(\.displayName) == ["ランプ", "色"])
        #expect(intent.parameterCombinations.first?.title == "${lamp}を${colour}で点灯")
        #expect(intent.parameterCombinations.first?.subtitle == "ランプ")
        #expect(intent.response.parameters.first?.displayName == "明るさ")
        let colour = try #require(localized.enumType(named: "Colour"))
        #expect(colour.displayName == "色")
        #expect(colour.cases.map(\.displayName) == ["電球色", "Red"], "a case without an ID keeps its base name")
        #expect(colour.unknownDisplayName == "Any colour", "an ID the table lacks keeps the base text")
        let lamp = try #require(localized.customType(named: "Lamp"))
        #expect(lamp.displayName == "ランプ")
        #expect(lamp.properties.first?.displayName == "部屋")
        #expect(localized.localized(with: [:]) == localized)
        #expect(Self.definition.localized(for: "fr") == Self.definition, "no texts in that language: the base ones")
    }

    @Test("an enum case is found by its name in any language; the base name kept under a translation is in no form")
    func enumCaseInAnyLanguage() throws {
        let kinds = EnumType(name: "Kind", cases: [
            EnumCase(name: "run", displayName: "Run", value: 1, displayNameID: "k-run"),
            EnumCase(name: "swim", displayName: "Swim", value: 2, displayNameID: "k-swim"),
        ])
        let base = IntentDefinition(enums: [kinds], localizations: ["ja": ["k-swim": "水泳"], "fr": ["k-swim": "Nage", "k-run": "Course"]])
        let japanese = base.localized(for: "ja")
        let swim = try #require(japanese.enums.first?.cases.last)
        #expect(swim.displayName == "水泳")
        #expect(swim.baseDisplayName == "Swim")
        #expect(japanese.enums.first?.cases.first?.baseDisplayName == nil, "no translation: no base name kept")
        for (definition, text, expected) in [(base, "水泳", "swim"), (base, "course", "run"), (japanese, "swim", "swim"),
                                             (japanese, "SWIM", "swim"), (japanese, "nage", "swim"), (japanese, "水泳", "swim")] {
            #expect(definition.enumCase(named: text, of: try #require(definition.enums.first))?.name == expected, "\(text)")
        }
        #expect(base.enumCase(named: "泳ぐ", of: kinds) == nil)
        // Part of neither form nor of ==: the JSON form is the translated one alone.
        let json = String(decoding: try JSONEncoder().encode(swim), as: UTF8.self)
        #expect(!json.contains("baseDisplayName") && !json.contains("Swim"), "\(json)")
        var plain = swim
        plain.baseDisplayName = nil
        #expect(plain == swim)
    }

    @Test("the IDs are written to Xcode's keys and read back")
    func propertyListRoundTrip() throws {
        let written = try IntentDefinitionFile.encodePropertyList(Self.definition)
        let text = String(decoding: written, as: UTF8.self)
        for key in Self.titleIDKeys {
            #expect(text.contains("<key>\(key)</key>"), "\(key)")
        }
        let read = try IntentDefinitionFile.parsePropertyList(written, file: "Lamps.intentdefinition")
        #expect(read == Self.definition)
        #expect(read.keptPropertyListKeys.isEmpty)
    }
}
