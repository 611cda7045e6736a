import ExthostABI
import Foundation

/// What a vocabulary string names (`INVocabularyStringType`, Apple's cases
/// and raw values).
public enum INVocabularyStringType: Int, Sendable {
    case contactName = 1
    case contactGroupName = 2
    case photoTag = 100
    case photoAlbumName = 101
    case workoutActivityName = 200
    case carProfileName = 300
    case carName = 301
    case paymentsOrganizationName = 400
    case paymentsAccountNickname = 401
    case notebookItemTitle = 500
    case notebookItemGroupName = 501
    case mediaPlaylistTitle = 700
    case mediaMusicArtistName = 701
    case mediaAudiobookTitle = 702
    case mediaAudiobookAuthorName = 703
    case mediaShowTitle = 704
}

/// The person's own words an app tells the system about — contact names,
/// workout names, playlist titles — so that what is said is matched to
/// them before the app's extension sees it.
///
/// The system keeps each app's strings per type (the donation store) and,
/// for a system intent's parameter of that kind, replaces what was said
/// with the app's string it matches, ignoring case and diacritics (README,
/// "System intents"). Call it from the app, as on iOS.
open class INVocabulary: @unchecked Sendable {
    private static let instance = INVocabulary()

    /// The app's vocabulary.
    open class func shared() -> INVocabulary { instance }

    /// Replaces the app's strings of `type`, most important first. Strings
    /// over 1024 bytes in UTF-16 are dropped, as on iOS. There is no error
    /// to report (Apple's method returns nothing); a failure goes to the
    /// host's log.
    ///
    /// - Parameters:
    ///   - vocabulary: The strings, in order of importance.
    ///   - type: What they name.
    open func setVocabularyStrings(_ vocabulary: NSOrderedSet, of type: INVocabularyStringType) {
        let strings = vocabulary.array.compactMap { $0 as? String }
        send(["type": type.rawValue, "strings": strings], "set the \(type) vocabulary")
    }

    /// Replaces the app's phrases of `type`, most important first, each an
    /// ``INSpeakable`` (an ``INSpeakableString``) with the app's
    /// identifier for it, how it sounds and other phrases that mean the
    /// same (iOS 11). When what is said for a parameter of that kind
    /// matches one, the extension receives the phrase with its
    /// `vocabularyIdentifier` (README, "System intents"). Phrases over
    /// 1024 bytes in UTF-16 are dropped, as on iOS; an object that is not
    /// `INSpeakable` is skipped, and said so in the host's log.
    ///
    /// - Parameters:
    ///   - vocabulary: The phrases, in order of importance.
    ///   - type: What they name.
    open func setVocabulary(_ vocabulary: NSOrderedSet, of type: INVocabularyStringType) {
        var speakables: [any INSpeakable] = []
        for item in vocabulary.array {
            if let speakable = item as? any INSpeakable {
                speakables.append(speakable)
            } else {
                ExtensionHost.log("INVocabulary: skipped \(item) in the \(type) vocabulary: setVocabulary(_:of:) takes INSpeakableString objects", level: .error)
            }
        }
        // "strings" too, for a host that predates "entries" (exthost.h).
        send(["type": type.rawValue, "strings": speakables.map(\.spokenPhrase), "entries": speakables.map(Self.entry)],
             "set the \(type) vocabulary")
    }

    /// An entry of the request: the phrase and what is known of it.
    private static func entry(_ speakable: any INSpeakable) -> [String: Any] {
        var entry: [String: Any] = ["spokenPhrase": speakable.spokenPhrase]
        if let identifier = speakable.vocabularyIdentifier { entry["vocabularyIdentifier"] = identifier }
        if let hint = speakable.pronunciationHint { entry["pronunciationHint"] = hint }
        if let alternatives = speakable.alternativeSpeakableMatches, !alternatives.isEmpty {
            entry["alternativeSpeakableMatches"] = alternatives.map(\.spokenPhrase)
        }
        return entry
    }

    /// Removes every string the app registered, of every type.
    open func removeAllVocabularyStrings() {
        send([:], "remove the vocabulary")
    }

    private func send(_ request: [String: Any], _ what: String) {
        if let failure = ExtensionHost.donations(.setVocabulary, request) {
            ExtensionHost.log("INVocabulary: could not \(what) (\(failure.code)): \(failure.message)", level: .error)
        }
    }
}
