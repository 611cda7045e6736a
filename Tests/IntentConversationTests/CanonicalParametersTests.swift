import DonationStore
import ExthostTestSupport
import Foundation
import IntentConversation
import IntentDefinition
@testable import IntentSystem
import RequestWire
import Testing

/// A shortcut's parameters are stored as one canonical text
/// (``CanonicalJSON/render(_:)``, `JSONSerialization` with sorted keys),
/// and two donations are the same shortcut when their texts are equal. A
/// run's record writes that text with `SortedJSONWriter` where it vouches
/// for the bytes (``SystemDonations/canonicalText(_:)``); every other
/// donation with `JSONSerialization`. The two must not drift apart, or a
/// run and a donation of the same values would be two shortcuts.
@Suite("a shortcut's parameters: one canonical text, whichever writer writes it")
struct CanonicalParametersTests {
    /// The examples' own definitions, the system intents the other examples
    /// serve, and the shared corpus of real definitions (where present).
    static func definitions() throws -> [(name: String, definition: IntentDefinition)] {
        let examples = [
            "Examples/Lights/Lights.intentdefinition", "Examples/StudyRecord/Extension/StudyRecord.intentdefinition",
            "Examples/StudyRecord/OurPrivateFramework/Freee.intentdefinition", "Examples/AccountSync/Kit/AccountSync.intentdefinition",
            "Examples/Recipes/App/Recipes.intentdefinition", "Examples/SoupChef/Extension/SoupChef.intentdefinition.json",
            "Tests/CorpusIntents/AllTypes.intentdefinition.json",
        ]
        var definitions = try examples.map { path in
            (path, try IntentDefinitionFile.load(contentsOf: TestPaths.packageRoot.appendingPathComponent(path)))
        }
        definitions.append(("system intents", SystemIntents.definition))
        for file in CorpusFolder.files {
            definitions.append((file, try IntentDefinitionFile.load(contentsOf: CorpusFolder.url(of: file))))
        }
        return definitions
    }

    /// A value of `type` as a run's conversation holds it; `variant` picks
    /// among a few, so that lists hold different values.
    static func value(of type: ParameterType, multiple: Bool, in definition: IntentDefinition, variant: Int = 0) -> IntentValue {
        if multiple {
            return .list((0..<2).map { value(of: type, multiple: false, in: definition, variant: variant + $0) })
        }
        switch type {
        case .string, .url, .dateComponents:
            return .string(["chapter 3 / \"intro\"", "https://example.com/a?b=1", "2026-11-25T10:00", "é 日本 😀\n"][variant % 4])
        case .integer: return .integer([30, -7, 0, Int64.max][variant % 4])
        case .decimal, .duration: return .decimal([1.5, 10.0, -0.25, 1e-7][variant % 4])
        case .boolean: return .boolean(variant % 2 == 0)
        case .enumeration(let name):
            let cases = definition.enumType(named: name)?.cases ?? []
            return .enumeration(Int32(cases.isEmpty ? 1 : cases[variant % cases.count].value))
        case .custom(let name):
            var properties: [String: Any] = [:]
            for property in definition.customType(named: name)?.properties ?? [] where !property.type.isObject {
                properties[property.name] = value(of: property.type, multiple: property.supportsMultipleValues, in: definition, variant: variant).jsonObject
            }
            let text = try? JSONSerialization.data(withJSONObject: properties, options: [.sortedKeys])
            return .object(ObjectValue(identifier: "\(name)-\(variant)", displayString: "\(name) \(variant)",
                                       properties: text.map { String(decoding: $0, as: UTF8.self) }))
        case .placemark, .currencyAmount, .person, .file, .object:
            return .object(ObjectValue(identifier: "id-\(variant)", displayString: "Display \(variant)", subtitle: variant == 0 ? "sub/title" : nil))
        }
    }

    @Test("every intent of the examples, the system and the corpus: the run's text is JSONSerialization's, and mostly written without it")
    func sameText() throws {
        var intents = 0, vouched = 0
        for (name, definition) in try Self.definitions() {
            for intent in definition.intents {
                let values = Dictionary(uniqueKeysWithValues: intent.parameters.map {
                    ($0.name, Self.value(of: $0.type, multiple: $0.supportsMultipleValues, in: definition))
                })
                let parameters = IntentValue.jsonObject(values, of: intent.parameters, in: definition)
                #expect(SystemDonations.canonicalText(parameters) == CanonicalJSON.render(parameters), "\(name): \(intent.name)")
                intents += 1
                if !parameters.isEmpty, SortedJSONWriter.compact(parameters) != nil { vouched += 1 }
            }
        }
        // The comparison means something only where the writer wrote the text.
        #expect(vouched * 2 > intents, "SortedJSONWriter wrote \(vouched) of \(intents) intents' parameters")
    }
}

private extension ParameterType {
    var isObject: Bool {
        switch self {
        case .custom, .placemark, .currencyAmount, .person, .file, .object: true
        default: false
        }
    }
}
