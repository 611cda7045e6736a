import Intents

/// Ending and cancelling a workout with the method names iOS 10 and 11 gave
/// them (`resolveWorkoutName(forEndWorkout:with:)`,
/// `confirm(endWorkout:completion:)`, `handle(endWorkout:completion:)`),
/// as workout apps of that time write them: only the older names, the host
/// reaches them through today's. It adopts the domain's protocols as such
/// apps did, through `INWorkoutsDomainHandling` alone (below).
class ClassicWorkoutHandler: NSObject {
    let current = INSpeakableString(vocabularyIdentifier: "lap-swim", spokenPhrase: "Lap Swim", pronunciationHint: nil)

    /// No name is the workout in progress, asked back; another name is not one this app runs.
    func name(_ spoken: INSpeakableString?) -> INSpeakableStringResolutionResult {
        guard let spoken else { return .confirmationRequired(with: current) }
        return spoken.spokenPhrase.caseInsensitiveCompare(current.spokenPhrase) == .orderedSame ? .success(with: current) : .unsupported()
    }

    // MARK: INEndWorkoutIntentHandling

    func resolveWorkoutName(forEndWorkout intent: INEndWorkoutIntent, with completion: @escaping (INSpeakableStringResolutionResult) -> Void) {
        completion(name(intent.workoutName))
    }

    func confirm(endWorkout intent: INEndWorkoutIntent, completion: @escaping (INEndWorkoutIntentResponse) -> Void) {
        completion(INEndWorkoutIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm")))
    }

    func handle(endWorkout intent: INEndWorkoutIntent, completion: @escaping (INEndWorkoutIntentResponse) -> Void) {
        completion(INEndWorkoutIntentResponse(code: .success, userActivity: nil))
    }

    // MARK: INCancelWorkoutIntentHandling

    func resolveWorkoutName(forCancelWorkout intent: INCancelWorkoutIntent, with completion: @escaping (INSpeakableStringResolutionResult) -> Void) {
        completion(name(intent.workoutName))
    }

    func confirm(cancelWorkout intent: INCancelWorkoutIntent, completion: @escaping (INCancelWorkoutIntentResponse) -> Void) {
        completion(INCancelWorkoutIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm")))
    }

    func handle(cancelWorkout intent: INCancelWorkoutIntent, completion: @escaping (INCancelWorkoutIntentResponse) -> Void) {
        completion(INCancelWorkoutIntentResponse(code: .failureNoMatchingWorkout, userActivity: nil))
    }
}

// MARK: INWorkoutsDomainHandling

// iOS 10's one protocol for the whole workouts domain, deprecated since iOS
// 13: the conformance is in an extension that says so, as an app that builds
// without warnings writes it. Starting, pausing and resuming are the app's
// (the principal class and WorkoutSessionHandler take them here).
@available(*, deprecated, message: "the app still adopts iOS 10's workouts domain protocol")
extension ClassicWorkoutHandler: INWorkoutsDomainHandling {
    func handle(startWorkout intent: INStartWorkoutIntent, completion: @escaping (INStartWorkoutIntentResponse) -> Void) {
        completion(INStartWorkoutIntentResponse(code: .handleInApp, userActivity: nil))
    }

    func handle(pauseWorkout intent: INPauseWorkoutIntent, completion: @escaping (INPauseWorkoutIntentResponse) -> Void) {
        completion(INPauseWorkoutIntentResponse(code: .handleInApp, userActivity: nil))
    }

    func handle(resumeWorkout intent: INResumeWorkoutIntent, completion: @escaping (INResumeWorkoutIntentResponse) -> Void) {
        completion(INResumeWorkoutIntentResponse(code: .handleInApp, userActivity: nil))
    }
}
