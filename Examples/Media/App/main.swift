// The media app: it handles INPlayMediaIntent itself (INIntentsSupported in
// Media.app.json), with no extension; the system describes the intent.
import AppProcess
import Foundation

@MainActor
final class MediaAppDelegate: AppDelegate {
    func application(_ application: Application, handlerFor intent: InAppIntentRequest) -> (any InAppIntentHandling)? {
        intent.intentName == "INPlayMediaIntent" ? PlayMediaHandler(application: application) : nil
    }
}

AppMain.run(name: "Media", delegate: MediaAppDelegate())
