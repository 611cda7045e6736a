import Foundation

/// The languages a request would be answered in, most wanted first: one
/// language (`--locale`, the environment, an intent file's `locale`) or an
/// HTTP `Accept-Language` list. Each definition is read in the first of
/// them it has texts in, else in its base texts.
public struct LanguagePreference: Equatable, Sendable {
    /// Language tags or POSIX locale names, most wanted first.
    public var languages: [String]

    /// - Parameter languages: Language tags or POSIX locale names, most
    ///   wanted first; nil or empty ones are left out.
    public init(_ languages: [String?]) {
        self.languages = languages.compactMap { $0 }.filter { !$0.isEmpty }
    }

    /// No language: every definition's base texts.
    public static let base = LanguagePreference([])

    /// An HTTP `Accept-Language` header (RFC 9110, 12.5.4): tags by
    /// quality, highest first (the header's order among equal ones). A
    /// range of quality 0 or `*` names no language; a malformed element
    /// (an empty tag, a quality that is no number from 0 to 1) is left out,
    /// as the header is only a preference.
    ///
    /// - Parameter header: The header's value (`ja-JP, en;q=0.5`).
    /// - Returns: The preference; ``base`` when the header names none.
    public static func acceptLanguage(_ header: String) -> LanguagePreference {
        var weighted: [(tag: String, quality: Double, position: Int)] = []
        for (position, element) in header.split(separator: ",").enumerated() {
            let parts = element.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, !tag.isEmpty, tag != "*",
                  tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { continue }
            var quality = 1.0
            var wellFormed = true
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "q" else { continue }
                guard let value = Double(pair[1]), (0...1).contains(value) else { wellFormed = false; break }
                quality = value
            }
            guard wellFormed, quality > 0 else { continue }
            weighted.append((tag, quality, position))
        }
        let ordered = weighted.sorted { ($0.quality, -$0.position) > ($1.quality, -$1.position) }
        return LanguagePreference(ordered.map(\.tag))
    }

    /// The language of a definition's base texts (`Base.lproj`): English,
    /// Xcode's development language unless a project changes it, and the
    /// language of the base texts of every definition seen. A definition
    /// records no development language, so a preference for English is
    /// served by the base texts unless the definition has an `en` table.
    public static let baseLanguage = "en"

    /// The first of ``languages`` that `available` serves (the same tag,
    /// else its language alone: `ja-JP` → `ja`); English
    /// (``baseLanguage``) without a table of its own is served by the base
    /// texts, so the languages after it are not looked at.
    ///
    /// - Parameter available: The languages there are texts in.
    /// - Returns: One of `available`, or nil when the base texts serve the request.
    public func language(among available: some Collection<String>) -> String? {
        for language in languages {
            if let found = IntentDefinition.language(for: language, among: available) { return found }
            let tag = IntentDefinition.languageTag(language)?.split(separator: "-").first.map(String.init)
            if tag?.lowercased() == Self.baseLanguage { return nil }
        }
        return nil
    }
}
