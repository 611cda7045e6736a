import AppProcessIntents
import Intents

class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // As an iOS media app does: tell Siri its playlists' titles, so that
        // "manha de domingo" reaches the app as the app spells it.
        let playlists = PlayMediaIntentHandler.library.filter { $0.identifier.hasPrefix("playlist-") }.map(\.title)
        INVocabulary.shared().setVocabularyStrings(NSOrderedSet(array: playlists), of: .mediaPlaylistTitle)
        return true
    }

    func application(_ application: UIApplication, handlerFor intent: INIntent) -> Any? {
        intent is INPlayMediaIntent ? PlayMediaIntentHandler() : nil
    }
}
