// A scene delegate as iOS 13 and later apps write one: an activity the
// scene connects with arrives in the connection options, later ones in
// scene(_:continue:).
import AppProcessIntents
import Intents

class SceneDelegate: UIResponder, UISceneDelegate {
    private let greeting: String

    init(greeting: String = "today's entries") {
        self.greeting = greeting
        super.init()
    }

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        if let userActivity = connectionOptions.userActivities.first {
            open(userActivity)
        } else {
            UIApplication.shared.show(greeting)
        }
    }

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        open(userActivity)
    }

    private func open(_ userActivity: NSUserActivity) {
        switch userActivity.activityType {
        case "com.example.journal.entry":
            guard let identifier = userActivity.userInfo?["entry"] as? String else { return }
            let link = userActivity.webpageURL?.absoluteString ?? "no link"
            UIApplication.shared.show("entry \(identifier) (\(userActivity.title ?? "untitled"), \(link))")
        case "LogEntryIntent":
            guard let interaction = userActivity.interaction,
                  let intent = interaction.intent as? LogEntryIntent,
                  let response = interaction.intentResponse as? LogEntryIntentResponse else {
                UIApplication.shared.show("an entry without its interaction")
                return
            }
            let tags = intent.tags?.joined(separator: ", ") ?? "none"
            UIApplication.shared.show("new entry: \(intent.mood), \(intent.minutes?.intValue ?? 0) minutes, tags \(tags); \(response.code)")
        default:
            UIApplication.shared.show("cannot open \(userActivity.activityType)")
        }
    }
}
