/// Apple's initialisers and properties of `INSpeakableString`, the value of
/// `INSendMessageIntent.speakableGroupName` and other names Siri speaks.
/// The class itself is generated with the system intents (a custom type of
/// their definition: an `INObject` whose display string is the phrase).
/// Its `spokenPhrase` and `vocabularyIdentifier` are ``INObject``'s, as
/// on iOS, where every `INObject` is `INSpeakable`.
extension INSpeakableString {
    /// A phrase with the app's identifier for it and how to pronounce it.
    ///
    /// - Parameters:
    ///   - vocabularyIdentifier: The app's identifier for the phrase.
    ///   - spokenPhrase: The phrase.
    ///   - pronunciationHint: How to pronounce it.
    public convenience init(vocabularyIdentifier: String, spokenPhrase: String, pronunciationHint: String?) {
        self.init(identifier: vocabularyIdentifier, display: spokenPhrase, pronunciationHint: pronunciationHint)
    }

    /// iOS 10's name of ``init(vocabularyIdentifier:spokenPhrase:pronunciationHint:)``
    /// (deprecated in iOS 11).
    public convenience init(identifier: String, spokenPhrase: String, pronunciationHint: String?) {
        self.init(identifier: identifier, display: spokenPhrase, pronunciationHint: pronunciationHint)
    }

    /// A phrase.
    ///
    /// - Parameter spokenPhrase: The phrase.
    public convenience init(spokenPhrase: String) {
        self.init(identifier: nil, display: spokenPhrase, pronunciationHint: nil)
    }
}
