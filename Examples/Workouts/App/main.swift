// The workout app: it runs the workouts its Intents extension hands it.
// The extension resolves the workout and answers handleInApp; the system
// then launches the app in the background and sends the intent to the
// handler application(_:handlerFor:) returns, as iOS does for workouts.
import AppProcess
import AppProcessIntents
import Foundation
import Intents

@MainActor
final class WorkoutsAppDelegate: AppDelegate {
    static let intents: Set = [
        "INStartWorkoutIntent", "INPauseWorkoutIntent", "INResumeWorkoutIntent", "INEndWorkoutIntent", "INCancelWorkoutIntent",
    ]

    let session = WorkoutSession()

    /// The workouts the app offers, as the person names them, with the
    /// app's identifier for each and other names the person uses.
    static let workouts: [INSpeakableString] = [
        INSpeakableString(vocabularyIdentifier: "outdoor-run", spokenPhrase: "Outdoor Run", pronunciationHint: nil),
        INSpeakableString(vocabularyIdentifier: "indoor-cycle", spokenPhrase: "Indoor Cycle", pronunciationHint: nil),
        INSpeakableString(vocabularyIdentifier: "pool-swim", spokenPhrase: "Pool Swim", pronunciationHint: nil),
        {
            let square = INSpeakableString(vocabularyIdentifier: "square-run", spokenPhrase: "Corrida na Praça", pronunciationHint: "ko hee da na pra sa")
            square.alternativeSpeakableMatches = [INSpeakableString(spokenPhrase: "Square Run")]
            return square
        }(),
    ]

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        // As an iOS workout app does: tell Siri the names of its workouts,
        // so that "corrida na praca" (or "square run") reaches the extension
        // as the app spells it, with the app's identifier for it.
        do {
            try IntentsConnection.connect(app: application.identifier)
            INVocabulary.shared().setVocabulary(NSOrderedSet(array: Self.workouts), of: .workoutActivityName)
        } catch {
            application.show("the system's store is unavailable: \(error)")
        }
        return true
    }

    func application(_ application: Application, handlerFor intent: InAppIntentRequest) -> (any InAppIntentHandling)? {
        Self.intents.contains(intent.intentName) ? WorkoutIntentHandler(application: application, session: session) : nil
    }
}

AppMain.run(name: "Workouts", delegate: WorkoutsAppDelegate())
