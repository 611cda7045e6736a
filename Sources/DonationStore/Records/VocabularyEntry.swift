/// One phrase of an app's `INVocabulary` of a type: what the app
/// registered with `setVocabulary(_:of:)` (an `INSpeakable`), or a plain
/// string of `setVocabularyStrings(_:of:)` (no identifier, hint or
/// alternatives).
public struct VocabularyEntry: Equatable, Sendable {
    /// The phrase, as the app spells it.
    public var phrase: String
    /// The app's identifier for the phrase (`vocabularyIdentifier`).
    public var identifier: String?
    /// How the phrase sounds, in words that sound alike (`pronunciationHint`).
    public var pronunciationHint: String?
    /// Other phrases that mean the same (`alternativeSpeakableMatches`).
    public var alternatives: [String]

    public init(phrase: String, identifier: String? = nil, pronunciationHint: String? = nil, alternatives: [String] = []) {
        self.phrase = phrase
        self.identifier = identifier
        self.pronunciationHint = pronunciationHint
        self.alternatives = alternatives
    }
}
