/// A phrase Siri speaks or hears, with the app's identifier for it and a
/// hint at how it sounds (`INSpeakable`). Apps do not adopt it: they make
/// ``INSpeakableString``s, which conform, and give them to
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

extension INSpeakableString: INSpeakable {}
