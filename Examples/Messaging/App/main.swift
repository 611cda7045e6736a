// The messaging app. At launch it tells Siri the names of its contacts
// (INVocabulary, contactName), as iOS messaging apps do, each with the
// app's identifier for it; two of its contacts share a name, so Siri
// matches that name to both and the extension receives them in the
// person's siriMatches. It shows a conversation the system hands it.
import AppProcess
import AppProcessIntents
import Foundation
import Intents

@MainActor
final class MessagingAppDelegate: AppDelegate {
    /// The app's contacts as the person names them, with the identifiers
    /// the extension's contact book knows them by.
    static let contacts: [INSpeakableString] = [
        INSpeakableString(vocabularyIdentifier: "ana-lima", spokenPhrase: "Ana Lima", pronunciationHint: nil),
        INSpeakableString(vocabularyIdentifier: "ana-souza", spokenPhrase: "Ana Souza", pronunciationHint: nil),
        INSpeakableString(vocabularyIdentifier: "bruno-costa", spokenPhrase: "Bruno Costa", pronunciationHint: nil),
        INSpeakableString(vocabularyIdentifier: "carla-dias", spokenPhrase: "Carla Dias", pronunciationHint: nil),
        INSpeakableString(vocabularyIdentifier: "carla-dias-work", spokenPhrase: "Carla Dias", pronunciationHint: nil),
    ]

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        do {
            try IntentsConnection.connect(app: application.identifier)
            INVocabulary.shared().setVocabulary(NSOrderedSet(array: Self.contacts), of: .contactName)
        } catch {
            application.show("the system's store is unavailable: \(error)")
        }
        return true
    }

    func application(
        _ application: Application,
        continue userActivity: UserActivityPayload,
        restorationHandler: @escaping ([any UserActivityRestoring]?) -> Void
    ) -> Bool {
        guard userActivity.activityType == "com.example.messaging.conversation" else { return false }
        application.show("showing \(userActivity.title ?? "the conversations")")
        return true
    }
}

AppMain.run(name: "Messaging", delegate: MessagingAppDelegate())
