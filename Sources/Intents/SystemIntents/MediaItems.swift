import Foundation

/// Apple's initialisers and `artwork` of `INMediaItem`, and the initialiser
/// of `INPlayMediaIntent`. The classes themselves are generated with the
/// system intents (`INMediaItem` is a custom type of the media domain: an
/// `INObject` whose display string is the title and whose display image is
/// the artwork).
extension INMediaItem {
    /// A song, album, playlist, podcast, … the app can play.
    ///
    /// - Parameters:
    ///   - identifier: The app's identifier for the item.
    ///   - title: What it is called.
    ///   - type: What kind of media it is.
    ///   - artwork: Its picture.
    ///   - artist: Who made it.
    public convenience init(identifier: String?, title: String?, type: INMediaItemType, artwork: INImage?, artist: String?) {
        self.init(identifier: identifier, display: title ?? identifier ?? "", pronunciationHint: nil)
        self.title = title
        self.type = type
        self.artwork = artwork
        self.artist = artist
    }

    /// iOS 12's initialiser, without the artist.
    public convenience init(identifier: String?, title: String?, type: INMediaItemType, artwork: INImage?) {
        self.init(identifier: identifier, title: title, type: type, artwork: artwork, artist: nil)
    }

    /// The item's picture.
    public var artwork: INImage? {
        get { displayImage }
        set { displayImage = newValue }
    }
}

extension INPlayMediaIntent {
    /// Media to play.
    ///
    /// - Parameters:
    ///   - mediaItems: The items to play, when already known.
    ///   - mediaContainer: The album, playlist, … they belong to.
    ///   - playShuffled: Whether to shuffle.
    ///   - playbackRepeatMode: Repeat none, all, or one.
    ///   - resumePlayback: Whether to go on where playback stopped.
    ///   - playbackQueueLocation: Play now, next, or later.
    ///   - playbackSpeed: The rate, 1 being normal.
    ///   - mediaSearch: What was asked for, to find the items.
    public convenience init(
        mediaItems: [INMediaItem]? = nil,
        mediaContainer: INMediaItem? = nil,
        playShuffled: Bool? = nil,
        playbackRepeatMode: INPlaybackRepeatMode = .unknown,
        resumePlayback: Bool? = nil,
        playbackQueueLocation: INPlaybackQueueLocation = .unknown,
        playbackSpeed: Double? = nil,
        mediaSearch: INMediaSearch? = nil
    ) {
        self.init()
        self.mediaItems = mediaItems
        self.mediaContainer = mediaContainer
        self.playShuffled = playShuffled
        self.playbackRepeatMode = playbackRepeatMode
        self.resumePlayback = resumePlayback
        self.playbackQueueLocation = playbackQueueLocation
        self.playbackSpeed = playbackSpeed
        self.mediaSearch = mediaSearch
    }
}

extension INMediaSearch {
    /// What the person asked to play, add or find, as Siri understood it.
    ///
    /// - Parameters:
    ///   - mediaType: What kind of media.
    ///   - sortOrder: Newest, most popular, …
    ///   - mediaName: The title said.
    ///   - artistName: The artist said.
    ///   - albumName: The album said.
    ///   - genreNames: Genres said.
    ///   - moodNames: Moods said.
    ///   - releaseDate: When it came out.
    ///   - reference: "this" or "my" media.
    ///   - mediaIdentifier: The app's identifier, when known.
    public convenience init(mediaType: INMediaItemType, sortOrder: INMediaSortOrder, mediaName: String?, artistName: String?,
                            albumName: String?, genreNames: [String]?, moodNames: [String]?, releaseDate: INDateComponentsRange?,
                            reference: INMediaReference, mediaIdentifier: String?) {
        self.init(identifier: mediaIdentifier, display: mediaName ?? artistName ?? albumName ?? "", pronunciationHint: nil)
        self.mediaType = mediaType
        self.sortOrder = sortOrder
        self.mediaName = mediaName
        self.artistName = artistName
        self.albumName = albumName
        self.genreNames = genreNames
        self.moodNames = moodNames
        self.releaseDate = releaseDate
        self.reference = reference
        self.mediaIdentifier = mediaIdentifier
    }
}

extension INMediaItemResolutionResult {
    /// A success for each item, as Apple declares it on the base class
    /// (`successesWithResolvedMediaItems:`), each a result of the class it
    /// is called on. Each media intent's result class redeclares it with
    /// its own array type (below), which Swift picks where both apply, as
    /// the Objective-C redeclaration is picked on iOS.
    @_disfavoredOverload
    public class func successes(with resolvedMediaItems: [INMediaItem]) -> [INMediaItemResolutionResult] {
        resolvedMediaItems.map { success(with: $0) }
    }

    /// A success for each item, each a result of `type`.
    fileprivate static func successes<Result: INMediaItemResolutionResult>(_ type: Result.Type, _ items: [INMediaItem]) -> [Result] {
        items.map { Result.success(with: $0) }
    }
}

// What `resolveMediaItems` of each media intent answers when every item was
// found, as on iOS: `successes(with:)` of the intent's own result class.

extension INPlayMediaMediaItemResolutionResult {
    /// A success for each item.
    public class func successes(with resolvedMediaItems: [INMediaItem]) -> [INPlayMediaMediaItemResolutionResult] {
        successes(INPlayMediaMediaItemResolutionResult.self, resolvedMediaItems)
    }
}

extension INAddMediaMediaItemResolutionResult {
    /// A success for each item.
    public class func successes(with resolvedMediaItems: [INMediaItem]) -> [INAddMediaMediaItemResolutionResult] {
        successes(INAddMediaMediaItemResolutionResult.self, resolvedMediaItems)
    }
}

extension INSearchForMediaMediaItemResolutionResult {
    /// A success for each item.
    public class func successes(with resolvedMediaItems: [INMediaItem]) -> [INSearchForMediaMediaItemResolutionResult] {
        successes(INSearchForMediaMediaItemResolutionResult.self, resolvedMediaItems)
    }
}

extension INUpdateMediaAffinityMediaItemResolutionResult {
    /// A success for each item.
    public class func successes(with resolvedMediaItems: [INMediaItem]) -> [INUpdateMediaAffinityMediaItemResolutionResult] {
        successes(INUpdateMediaAffinityMediaItemResolutionResult.self, resolvedMediaItems)
    }
}

extension INMediaDestinationReference {
    /// The library.
    public class func library() -> Self {
        let destination = Self()
        destination.mediaDestinationType = .library
        return destination
    }

    /// A playlist, by its name.
    public class func playlistDestination(withName playlistName: String) -> Self {
        let destination = Self()
        destination.mediaDestinationType = .playlist
        destination.playlistName = playlistName
        return destination
    }

    /// `Library`, or the playlist's name.
    public var _exthostDisplayString: String {
        mediaDestinationType == .playlist ? playlistName ?? "" : "Library"
    }
}

extension INMediaDestinationReference: NSCopying {
    /// A destination of the same type and playlist.
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = Self()
        copy.mediaDestinationType = mediaDestinationType
        copy.playlistName = playlistName
        return copy
    }
}

/// Where media is added, as Apple's Swift overlay has it: an enum refining
/// the Objective-C class `INMediaDestinationReference`. Intents, resolution
/// results and responses hold this value (`.success(with: .library)`,
/// `case .playlist(let name)`); the reference crosses the ABI.
public enum INMediaDestination: Hashable, Sendable {
    /// The library.
    case library
    /// A playlist, by its name.
    case playlist(String)

    /// The playlist's name; `nil` for the library.
    public var playlistName: String? {
        if case .playlist(let name) = self { return name }
        return nil
    }
}

extension INMediaDestination: _ExthostReferenceConvertible {
    /// The destination a reference describes; `nil` for an unknown type.
    public init?(_exthostReference reference: INMediaDestinationReference) {
        switch reference.mediaDestinationType {
        case .library: self = .library
        case .playlist: self = .playlist(reference.playlistName ?? "")
        default: return nil
        }
    }

    /// The reference object describing the destination.
    public var _exthostReference: INMediaDestinationReference {
        switch self {
        case .library: .library()
        case .playlist(let name): .playlistDestination(withName: name)
        }
    }
}

extension INMediaDestination: ReferenceConvertible {
    /// The Objective-C class the enum refines.
    public typealias ReferenceType = INMediaDestinationReference

    /// `library`, or `playlist(` and the playlist's name `)`.
    public var description: String {
        switch self {
        case .library: "library"
        case .playlist(let name): "playlist(\(name))"
        }
    }

    /// The description, after the type's name.
    public var debugDescription: String { "INMediaDestination.\(description)" }

    /// The reference object describing the destination.
    public func _bridgeToObjectiveC() -> INMediaDestinationReference { _exthostReference }

    /// The destination a reference describes; a reference of unknown type stops the program.
    public static func _forceBridgeFromObjectiveC(_ source: INMediaDestinationReference, result: inout INMediaDestination?) {
        guard let value = INMediaDestination(_exthostReference: source) else {
            preconditionFailure("an INMediaDestinationReference of unknown type is no INMediaDestination")
        }
        result = value
    }

    /// The destination a reference describes, or `false` for one of unknown type.
    @discardableResult
    public static func _conditionallyBridgeFromObjectiveC(_ source: INMediaDestinationReference, result: inout INMediaDestination?) -> Bool {
        result = INMediaDestination(_exthostReference: source)
        return result != nil
    }

    /// The destination a reference describes; `nil` or a reference of unknown type stops the program.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: INMediaDestinationReference?) -> INMediaDestination {
        guard let source, let value = INMediaDestination(_exthostReference: source) else {
            preconditionFailure("an INMediaDestinationReference of unknown type is no INMediaDestination")
        }
        return value
    }
}

extension INAddMediaIntent {
    /// Media to add.
    ///
    /// - Parameters:
    ///   - mediaItems: The items, when already known.
    ///   - mediaSearch: What was asked for, to find the items.
    ///   - mediaDestination: The library or a playlist.
    public convenience init(mediaItems: [INMediaItem]?, mediaSearch: INMediaSearch?, mediaDestination: INMediaDestination?) {
        self.init()
        self.mediaItems = mediaItems
        self.mediaSearch = mediaSearch
        self.mediaDestination = mediaDestination
    }
}

extension INSearchForMediaIntent {
    /// Media to find.
    ///
    /// - Parameters:
    ///   - mediaItems: The items, when already known.
    ///   - mediaSearch: What was asked for.
    public convenience init(mediaItems: [INMediaItem]?, mediaSearch: INMediaSearch?) {
        self.init()
        self.mediaItems = mediaItems
        self.mediaSearch = mediaSearch
    }
}

extension INUpdateMediaAffinityIntent {
    /// Liking or disliking media.
    ///
    /// - Parameters:
    ///   - mediaItems: The items, when already known.
    ///   - mediaSearch: What was asked for, to find the items.
    ///   - affinityType: Like or dislike.
    public convenience init(mediaItems: [INMediaItem]?, mediaSearch: INMediaSearch?, affinityType: INMediaAffinityType) {
        self.init()
        self.mediaItems = mediaItems
        self.mediaSearch = mediaSearch
        self.affinityType = affinityType
    }
}
