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
        mediaItems: [INMediaItem]?,
        mediaContainer: INMediaItem?,
        playShuffled: NSNumber?,
        playbackRepeatMode: INPlaybackRepeatMode,
        resumePlayback: NSNumber?,
        playbackQueueLocation: INPlaybackQueueLocation,
        playbackSpeed: NSNumber?,
        mediaSearch: INMediaSearch?
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
