/// A phrase Siri speaks or hears, with the app's identifier for it and a
/// hint at how it sounds (`INSpeakable`). Apps do not adopt it: every
/// ``INObject`` conforms (an ``INPerson``, an ``INSpeakableString``), and
/// apps give ``INSpeakableString``s to
/// ``INVocabulary/setVocabulary(_:of:)`` or to resolution results.
///
/// Apple's protocol refines `NSObjectProtocol`; here it is a class
/// protocol. `alternativeSpeakableMatches` is `[INSpeakableString]?`
/// where Apple's is `[any INSpeakable]?`: ``INSpeakableString`` is an
/// ``INObject`` here and inherits the object's property of that type
/// (Apple's `INObject.alternativeSpeakableMatches`, iOS 13), and Swift
/// requires a property to have the protocol's exact type. Reading the
/// matches' phrases compiles either way.
public protocol INSpeakable: AnyObject {
    /// The phrase.
    var spokenPhrase: String { get }
    /// How the phrase sounds, written as words that sound alike ("eye
    /// toons" for "iTunes"); not a phonetic spelling.
    var pronunciationHint: String? { get }
    /// The app's identifier for the phrase; nil for a phrase the app did
    /// not register.
    var vocabularyIdentifier: String? { get }
    /// Other phrases that mean the same.
    var alternativeSpeakableMatches: [INSpeakableString]? { get }
    /// iOS 10's name of ``vocabularyIdentifier`` (deprecated in iOS 11;
    /// an optional requirement in Apple's protocol).
    var identifier: String? { get }
}

extension INSpeakable {
    /// iOS 10's name of ``vocabularyIdentifier``.
    public var identifier: String? { vocabularyIdentifier }
}

/// Every object is speakable, as Apple's `INObject` is: its phrase is its
/// display string and its vocabulary identifier its identifier, so a
/// handler's `person.spokenPhrase` is the name Siri heard or matched
/// (``INSpeakableString`` inherits the conformance).
extension INObject: INSpeakable {
    /// The phrase: the display string.
    public var spokenPhrase: String { displayString }

    /// The app's identifier for the value: its identifier.
    public var vocabularyIdentifier: String? { identifier }
}
