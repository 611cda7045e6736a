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

    /// The workouts the app offers, as the person names them.
    static let workouts = ["Outdoor Run", "Indoor Cycle", "Pool Swim", "Corrida na Praça"]

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        // As an iOS workout app does: tell Siri the names of its workouts,
        // so that "corrida na praca" reaches the extension as the app spells it.
        do {
            try IntentsConnection.connect(app: application.identifier)
            INVocabulary.shared().setVocabularyStrings(NSOrderedSet(array: Self.workouts), of: .workoutActivityName)
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
