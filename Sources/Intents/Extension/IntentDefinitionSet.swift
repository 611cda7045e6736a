import Foundation

/// The definitions an extension exports: one per intent definition of its
/// target (an Xcode target may have several: `Intents.intentdefinition`
/// beside a widget's), their intents, and the one definition the host
/// reads (the descriptor's `definition`), merged.
///
/// Names must be unique across the definitions (an intent, enum or type
/// defined twice is refused by the host when it loads the extension).
struct IntentDefinitionSet {
    let definitions: [any GeneratedIntentDefinition.Type]

    /// Every intent, in the definitions' order.
    var intentNames: [String] { definitions.flatMap { $0.intentNames } }

    /// The definition that defines `intent`, if one does.
    func owner(ofIntent intent: String) -> (any GeneratedIntentDefinition.Type)? {
        definitions.first { $0.intentNames.contains(intent) }
    }

    /// The definitions as one, in the JSON form: intents, enums and types
    /// one after the other, each language's translations together, the
    /// first definition's other keys (`modelVersion`, `classPrefix`).
    var json: String {
        guard definitions.count > 1 else { return definitions.first?.definitionJSON ?? #"{"intents": []}"# }
        var merged: [String: Any] = [:]
        for definition in definitions {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(definition.definitionJSON.utf8))) as? [String: Any] else { continue }
            for (key, value) in object {
                switch key {
                case "intents", "enums", "types":
                    merged[key] = (merged[key] as? [Any] ?? []) + (value as? [Any] ?? [])
                case "localizations":
                    var tables = merged[key] as? [String: [String: Any]] ?? [:]
                    for (language, table) in value as? [String: [String: Any]] ?? [:] {
                        tables[language, default: [:]].merge(table) { first, _ in first }
                    }
                    merged[key] = tables
                default:
                    if merged[key] == nil { merged[key] = value }
                }
            }
        }
        let data = (try? JSONSerialization.data(withJSONObject: merged, options: [.sortedKeys])) ?? Data(#"{"intents": []}"#.utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
