// The workout app: it runs the workouts its Intents extension hands it.
// The extension resolves the workout and answers handleInApp; the system
// then launches the app in the background and sends the intent to the
// handler application(_:handlerFor:) returns, as iOS does for workouts.
import AppProcess
import Foundation

@MainActor
final class WorkoutsAppDelegate: AppDelegate {
    static let intents: Set = [
        "INStartWorkoutIntent", "INPauseWorkoutIntent", "INResumeWorkoutIntent", "INEndWorkoutIntent", "INCancelWorkoutIntent",
    ]

    let session = WorkoutSession()

    func application(_ application: Application, handlerFor intent: InAppIntentRequest) -> (any InAppIntentHandling)? {
        Self.intents.contains(intent.intentName) ? WorkoutIntentHandler(application: application, session: session) : nil
    }
}

AppMain.run(name: "Workouts", delegate: WorkoutsAppDelegate())
