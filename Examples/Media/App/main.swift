// The media app: it handles INPlayMediaIntent itself (INIntentsSupported in
// Media.app.json), with no extension; the system describes the intent.
import AppProcess
import AppProcessIntents
import Foundation
import Intents

@MainActor
final class MediaAppDelegate: AppDelegate {
    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        // As an iOS media app does: tell Siri its playlists' titles, so that
        // "manha de domingo" reaches the app as the app spells it.
        do {
            try IntentsConnection.connect(app: application.identifier)
            let playlists = PlayMediaHandler.library.filter { $0.identifier.hasPrefix("playlist-") }.map(\.title)
            INVocabulary.shared().setVocabularyStrings(NSOrderedSet(array: playlists), of: .mediaPlaylistTitle)
        } catch {
            application.show("the system's store is unavailable: \(error)")
        }
        return true
    }

    func application(_ application: Application, handlerFor intent: InAppIntentRequest) -> (any InAppIntentHandling)? {
        intent.intentName == "INPlayMediaIntent" ? PlayMediaHandler(application: application) : nil
    }
}

AppMain.run(name: "Media", delegate: MediaAppDelegate())
