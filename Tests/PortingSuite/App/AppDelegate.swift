// An app delegate as an iOS 14 app with scenes writes one: the template's
// scene configuration, and an in-app handler per intent.
import AppProcessIntents
import Intents

class AppDelegate: UIResponder, UIApplicationDelegate {
    let journal: Journal

    override init() {
        journal = Journal()
        super.init()
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        if let type = launchOptions?[.userActivityType] as? String {
            application.show("launched to continue \(type)")
        }
        // The person's own journal names, told to Siri as iOS 11 apps do:
        // each with the app's identifier for it.
        let journals = [("daily", "Daily Log"), ("travel", "Travel Notes")].map { identifier, name -> INSpeakableString in
            INSpeakableString(vocabularyIdentifier: identifier, spokenPhrase: name, pronunciationHint: nil)
        }
        INVocabulary.shared().setVocabulary(NSOrderedSet(array: journals), of: .notebookItemGroupName)
        updateMediaContext()
        checkFocus(application)
        donateSharedEntry(application)
        return true
    }

    // MARK: UISceneSession Lifecycle

    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }

    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
    }

    // MARK: Intents

    func application(_ application: UIApplication, handlerFor intent: INIntent) -> Any? {
        switch intent {
        case is LogEntryIntent:
            return LogEntryIntentHandler(journal: journal)
        default:
            return nil
        }
    }
}
