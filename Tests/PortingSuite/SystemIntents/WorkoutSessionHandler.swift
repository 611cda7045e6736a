import Intents

/// The workout in progress, paused or resumed: one plain `NSObject`
/// conforming to two protocols, as workout apps write it, completion and
/// `async` forms mixed (ending and cancelling: `ClassicWorkoutHandler`).
class WorkoutSessionHandler: NSObject, INPauseWorkoutIntentHandling, INResumeWorkoutIntentHandling {
    let current = INSpeakableString(spokenPhrase: "Outdoor Run")

    /// Siri often says no name for the workout in progress: it is the one meant.
    func name(_ spoken: INSpeakableString?) -> INSpeakableStringResolutionResult {
        guard let spoken else { return .confirmationRequired(with: current) }
        return spoken.spokenPhrase.caseInsensitiveCompare(current.spokenPhrase) == .orderedSame ? .success(with: current) : .unsupported()
    }

    func resolveWorkoutName(for intent: INPauseWorkoutIntent, with completion: @escaping (INSpeakableStringResolutionResult) -> Void) {
        completion(name(intent.workoutName))
    }

    func resolveWorkoutName(for intent: INResumeWorkoutIntent) async -> INSpeakableStringResolutionResult {
        name(intent.workoutName)
    }

    func confirm(intent: INPauseWorkoutIntent, completion: @escaping (INPauseWorkoutIntentResponse) -> Void) {
        completion(INPauseWorkoutIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm")))
    }

    func confirm(intent: INResumeWorkoutIntent) async -> INResumeWorkoutIntentResponse {
        INResumeWorkoutIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm"))
    }

    func handle(intent: INPauseWorkoutIntent, completion: @escaping (INPauseWorkoutIntentResponse) -> Void) {
        completion(INPauseWorkoutIntentResponse(code: .handleInApp, userActivity: nil))
    }

    func handle(intent: INResumeWorkoutIntent) async -> INResumeWorkoutIntentResponse {
        INResumeWorkoutIntentResponse(code: .handleInApp, userActivity: nil)
    }
}
