import AppProcessIntents
import Intents

class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // As an iOS app does once: ask to read the Focus. A person who
        // decided already (`exthost focus deny`) is not asked again.
        let center = INFocusStatusCenter.default
        center.requestAuthorization()
        application.show("Focus access: \(center.authorizationStatus == .authorized ? "authorized" : "not authorized")")
        return true
    }

    func application(_ application: UIApplication, handlerFor intent: INIntent) -> Any? {
        intent is INShareFocusStatusIntent ? ShareFocusStatusIntentHandler() : nil
    }
}
