import AppProcessIntents
import Intents

class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // As an iOS media app does: tell Siri its playlists' titles, so that
        // "manha de domingo" reaches the app as the app spells it.
        let playlists = PlayMediaIntentHandler.library.filter { $0.identifier.hasPrefix("playlist-") }.map(\.title)
        INVocabulary.shared().setVocabularyStrings(NSOrderedSet(array: playlists), of: .mediaPlaylistTitle)
        // Who the person is to the app: Siri prefers, among media apps, one
        // the person subscribes to or keeps a library in.
        let context = INMediaUserContext()
        context.subscriptionStatus = .notSubscribed
        context.numberOfLibraryItems = PlayMediaIntentHandler.library.count
        context.becomeCurrent()
        // What to suggest before it is played: the new episode first. For
        // episodes, only these, not the ones already heard.
        let upcoming = PlayMediaIntentHandler.upcoming.map { INPlayMediaIntent(mediaItems: [$0.mediaItem]) }
        INUpcomingMediaManager.shared.setSuggestedMediaIntents(NSOrderedSet(array: upcoming))
        INUpcomingMediaManager.shared.setPredictionMode(.onlyPredictSuggestedIntents, for: .podcastEpisode)
        return true
    }

    func application(_ application: UIApplication, handlerFor intent: INIntent) -> Any? {
        guard let playMedia = intent as? INPlayMediaIntent else { return nil }
        // The intent arrives with the request's values, as on iOS: a search
        // for a podcast show goes to the episode player, which plays the
        // show's newest episode rather than asking which one.
        if playMedia.mediaSearch?.mediaType == .podcastShow {
            return PlayPodcastIntentHandler()
        }
        return PlayMediaIntentHandler()
    }
}
