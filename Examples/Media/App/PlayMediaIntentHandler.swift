import AppProcessIntents
import Intents

/// *Play Media*, handled in the app, as WWDC20 shows media apps do: the app
/// lists `INPlayMediaIntent` in `INIntentsSupported`, so the system
/// launches it in the background and asks this handler, returned by
/// `application(_:handlerFor:)`, which implements Apple's
/// `INPlayMediaIntentHandling`; the app starts playing without coming to
/// the foreground.
///
/// - `mediaItems` are found from the request's `mediaSearch` (its
///   `mediaName`) in the library: one match succeeds, several are offered,
///   none is unsupported, and an item of the premium catalogue is
///   unsupported with `subscriptionRequired`.
/// - `playbackSpeed` outside 0.5…2 is unsupported (`belowMinimum`,
///   `aboveMaximum`).
class PlayMediaIntentHandler: NSObject, INPlayMediaIntentHandling {
    struct Item {
        let identifier: String
        let title: String
        let artist: String
        let premium: Bool

        var type: INMediaItemType {
            if identifier.hasPrefix("playlist-") { return .playlist }
            return identifier.hasPrefix("episode-") ? .podcastEpisode : .song
        }

        var mediaItem: INMediaItem {
            INMediaItem(identifier: identifier, title: title, type: type, artwork: nil, artist: artist)
        }
    }

    static let library = [
        Item(identifier: "song-1", title: "Blue in Green", artist: "Miles Davis", premium: false),
        Item(identifier: "album-1", title: "Blue Train", artist: "John Coltrane", premium: false),
        Item(identifier: "playlist-1", title: "Morning Mix", artist: "Various", premium: false),
        Item(identifier: "playlist-2", title: "Premium Hits", artist: "Various", premium: true),
        Item(identifier: "playlist-3", title: "Manhã de Domingo", artist: "Various", premium: false),
        Item(identifier: "episode-12", title: "Jazz Hour, Episode 12", artist: "Jazz Hour", premium: false),
        Item(identifier: "episode-13", title: "Jazz Hour, Episode 13", artist: "Jazz Hour", premium: false),
    ]

    /// What the person has not heard yet, most important first: the
    /// podcast's new episode, then a playlist.
    static let upcoming = ["episode-13", "playlist-1"].compactMap { identifier in library.first { $0.identifier == identifier } }

    func resolveMediaItems(for intent: INPlayMediaIntent, with completion: @escaping ([INPlayMediaMediaItemResolutionResult]) -> Void) {
        if let items = intent.mediaItems, !items.isEmpty {
            completion(INPlayMediaMediaItemResolutionResult.successes(with: items))
            return
        }
        guard let name = intent.mediaSearch?.mediaName?.lowercased() else {
            completion([.needsValue()])
            return
        }
        let exact = Self.library.filter { $0.title.lowercased() == name }
        let matches = exact.isEmpty ? Self.library.filter { $0.title.lowercased().contains(name) } : exact
        switch matches.count {
        case 0: completion([.unsupported()])
        case 1 where matches[0].premium: completion([.unsupported(forReason: .subscriptionRequired)])
        case 1: completion(INPlayMediaMediaItemResolutionResult.successes(with: [matches[0].mediaItem]))
        default: completion([INPlayMediaMediaItemResolutionResult(mediaItemResolutionResult: .disambiguation(with: matches.map(\.mediaItem)))])
        }
    }

    func resolvePlaybackSpeed(for intent: INPlayMediaIntent, with completion: @escaping (INPlayMediaPlaybackSpeedResolutionResult) -> Void) {
        guard let speed = intent.playbackSpeed else {
            completion(.notRequired())
            return
        }
        if speed < 0.5 {
            completion(.unsupported(forReason: .belowMinimum))
        } else if speed > 2 {
            completion(.unsupported(forReason: .aboveMaximum))
        } else {
            completion(.success(with: speed))
        }
    }

    func handle(intent: INPlayMediaIntent, completion: @escaping (INPlayMediaIntentResponse) -> Void) {
        let titles = (intent.mediaItems ?? []).compactMap(\.title)
        guard !titles.isEmpty else {
            completion(INPlayMediaIntentResponse(code: .failure, userActivity: nil))
            return
        }
        var how: [String] = []
        if intent.playShuffled == true { how.append("shuffled") }
        if let speed = intent.playbackSpeed { how.append("at \(speed.formatted())x") }
        let state = UIApplication.shared.applicationState == .background ? "in the background" : "on screen"
        UIApplication.shared.show("playing \(titles.joined(separator: ", "))\(how.isEmpty ? "" : " (\(how.joined(separator: ", ")))") \(state)")
        let response = INPlayMediaIntentResponse(code: .success, userActivity: nil)
        // MediaPlayer's keys, by their string values (Linux has no MediaPlayer):
        // MPMediaItemPropertyTitle, MPMediaItemPropertyArtist,
        // MPNowPlayingInfoPropertyPlaybackRate.
        response.nowPlayingInfo = [
            "title": titles[0],
            "artist": intent.mediaItems?.first?.artist ?? "",
            "MPNowPlayingInfoPropertyPlaybackRate": intent.playbackSpeed ?? 1,
        ]
        completion(response)
    }
}

/// *Play Media* for a podcast show, which `application(_:handlerFor:)`
/// returns when the request's `mediaSearch` has the type `podcastShow`: the
/// show's newest episode plays, as podcast apps answer "play Jazz Hour";
/// a show the library does not have is unsupported.
final class PlayPodcastIntentHandler: PlayMediaIntentHandler {
    override func resolveMediaItems(for intent: INPlayMediaIntent, with completion: @escaping ([INPlayMediaMediaItemResolutionResult]) -> Void) {
        guard let show = intent.mediaSearch?.mediaName?.lowercased() else {
            super.resolveMediaItems(for: intent, with: completion)
            return
        }
        guard let newest = Self.library.last(where: { $0.type == .podcastEpisode && $0.artist.lowercased() == show }) else {
            completion([.unsupported(forReason: .unsupportedMediaType)])
            return
        }
        completion(INPlayMediaMediaItemResolutionResult.successes(with: [newest.mediaItem]))
    }
}
