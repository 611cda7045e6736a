import DonationStore
import Foundation
import IntentConversation
import IntentDefinition

/// What Siri does with an app's `INVocabulary` before the extension sees a
/// request: what was said for a system intent's parameter is matched
/// against the phrases the app registered for that kind of value
/// (``SystemIntents/vocabularyTypes``), and a match replaces it, so the
/// extension receives the app's own spelling and, for an object (an
/// `INSpeakableString`, an `INPerson`), the app's identifier for the
/// phrase (`vocabularyIdentifier`, from `setVocabulary(_:of:)`).
///
/// The rule: two texts match when they are equal once case, diacritics
/// and character width are ignored and runs of white space count as one
/// ("corrida na praca" matches "Corrida na Praça", "ANA  SOUZA" matches
/// "Ana Souza"). No partial or approximate matching: a name the app did not
/// register reaches the extension as said, for it to resolve. What is said
/// is matched against the phrases first, then against each phrase's
/// alternatives (`alternativeSpeakableMatches`), then against its
/// pronunciation hint (words that sound like the phrase, which is what a
/// transcription of speech may give: "eye toons" for "iTunes"); the
/// extension receives the phrase either way. Within each, the first
/// (the most important, as the app ordered them) wins. Only a value given as text is matched: a person or
/// phrase given with an identifier of its own is the app's already. Text
/// properties of the system's custom types are matched the same way
/// (``SystemIntents/vocabularyProperties``: a media search's name and
/// artist).
enum SystemVocabulary {
    /// `values` with each matching value replaced by the app's string.
    ///
    /// - Parameters:
    ///   - values: The request's values, by parameter name.
    ///   - intent: The intent (only system intents are matched).
    ///   - app: The app whose vocabulary applies.
    ///   - strings: The app's phrases of a type; the store's by default.
    static func match(_ values: [String: IntentValue], intent: Intent, app: String,
                      strings: @escaping (Int) -> [VocabularyEntry] = { _ in [] }) -> [String: IntentValue] {
        guard intent.isSystem else { return values }
        var matched = values
        for (parameter, type) in SystemIntents.vocabularyTypes[intent.name] ?? [:] {
            guard let value = values[parameter] else { continue }
            let lookup = lookup(in: [type], strings)
            let everyMatch = type == contactNameType ? everyMatch(in: type, strings) : nil
            matched[parameter] = replacing(value, everyMatch) { lookup($0) }
        }
        // Text properties of the system's custom types (a media search's name).
        for parameter in intent.parameters {
            guard case .custom(let typeName) = parameter.type, let properties = SystemIntents.vocabularyProperties[typeName],
                  let value = matched[parameter.name] else { continue }
            matched[parameter.name] = replacingProperties(value, properties.mapValues { lookup(in: $0, strings) })
        }
        return matched
    }

    /// Finds what was said among the app's phrases of `types`, tried in
    /// order, then among their alternatives, then their pronunciation
    /// hints; each type's phrases are read once, when first needed.
    private static func lookup(in types: [Int], _ strings: @escaping (Int) -> [VocabularyEntry]) -> (String) -> VocabularyEntry? {
        var read: [Int: [(entry: VocabularyEntry, keys: [[String]])]] = [:]
        return { said in
            let wanted = key(said)
            let lists = types.map { type in
                let list = read[type] ?? strings(type).map { entry in
                    (entry, [[key(entry.phrase)], entry.alternatives.map(key), entry.pronunciationHint.map { [key($0)] } ?? []])
                }
                read[type] = list
                return list
            }
            for kind in 0..<3 {
                for list in lists {
                    if let found = list.first(where: { $0.keys[kind].contains(wanted) }) { return found.entry }
                }
            }
            return nil
        }
    }

    /// `INVocabularyStringType.contactName`: a person's name said may
    /// match several of these, which the person's `siriMatches` lists.
    static let contactNameType = 1

    /// Every one of the app's phrases of `type` that what was said equals
    /// (folded as ``key(_:)``), in the app's order.
    private static func everyMatch(in type: Int, _ strings: @escaping (Int) -> [VocabularyEntry]) -> (String) -> [VocabularyEntry] {
        var read: [(entry: VocabularyEntry, key: String)]?
        return { said in
            let list = read ?? strings(type).map { ($0, key($0.phrase)) }
            read = list
            let wanted = key(said)
            return list.filter { $0.key == wanted }.map(\.entry)
        }
    }

    /// `properties` (an object's JSON text) with `siriMatches`: each entry
    /// as a person's object (display string, identifier, custom identifier).
    private static func addingSiriMatches(_ matches: [VocabularyEntry], to properties: String?) -> String? {
        var object = properties.flatMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] } ?? [:]
        object["siriMatches"] = matches.map { entry -> [String: Any] in
            let identifier = entry.identifier ?? entry.phrase
            return ["displayString": entry.phrase, "identifier": identifier, "properties": ["customIdentifier": identifier]]
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return properties }
        return String(decoding: data, as: UTF8.self)
    }

    /// `value`'s properties (an object's JSON) with each text property in
    /// `lookups` replaced where its lookup finds a string; the display
    /// string follows a property it showed.
    private static func replacingProperties(_ value: IntentValue, _ lookups: [String: (String) -> VocabularyEntry?]) -> IntentValue {
        switch value {
        case .object(var object):
            guard let text = object.properties, var properties = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
            else { return value }
            var changed = false
            for (name, lookup) in lookups {
                guard let said = properties[name] as? String, let registered = lookup(said)?.phrase, registered != said else { continue }
                properties[name] = registered
                if object.displayString == said { object.displayString = registered }
                changed = true
            }
            guard changed, let data = try? JSONSerialization.data(withJSONObject: properties, options: [.sortedKeys]) else { return value }
            object.properties = String(decoding: data, as: UTF8.self)
            return .object(object)
        case .list(let items):
            return .list(items.map { replacingProperties($0, lookups) })
        default:
            return value
        }
    }

    /// The app's phrases of `type` from the system's store; none when there
    /// is no store yet, or it cannot be read (logged: the request goes on
    /// with what was said).
    static func storeStrings(app: String) -> (Int) -> [VocabularyEntry] {
        { type in
            guard FileManager.default.fileExists(atPath: SystemDonations.configuration.storePath) else { return [] }
            do {
                return try SystemDonations.store().vocabularyEntries(app: app, type: type)
            } catch {
                SystemDonations.logger.error("the vocabulary of \(app) could not be read; matching nothing: \(error)")
                return []
            }
        }
    }

    /// How a text is compared: case, diacritics and width folded, white
    /// space runs collapsed, ends trimmed.
    static func key(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `value` with its said text replaced where `lookup` finds a phrase.
    /// A person's name that matched several of the app's contacts (found by
    /// `everyMatch`) keeps the first and lists them all in `siriMatches`.
    private static func replacing(_ value: IntentValue, _ everyMatch: ((String) -> [VocabularyEntry])? = nil,
                                  _ lookup: (String) -> VocabularyEntry?) -> IntentValue {
        switch value {
        case .string(let said):
            return lookup(said).map { IntentValue.string($0.phrase) } ?? value
        case .object(var object) where object.identifier == nil || object.identifier == object.displayString:
            // Given as text (an intent file's "Ana" is read with the text as
            // its identifier too): the display becomes the app's phrase, the
            // identifier the app's identifier for it (else the phrase, as
            // before setVocabulary(_:of:) gave identifiers).
            guard let registered = lookup(object.displayString) else { return value }
            if let matches = everyMatch?(object.displayString), matches.count > 1 {
                object.properties = addingSiriMatches(matches, to: object.properties)
            }
            if let identifier = registered.identifier {
                object.identifier = identifier
            } else if object.identifier != nil {
                object.identifier = registered.phrase
            }
            object.displayString = registered.phrase
            return .object(object)
        case .list(let items):
            return .list(items.map { replacing($0, everyMatch, lookup) })
        default:
            return value
        }
    }
}
