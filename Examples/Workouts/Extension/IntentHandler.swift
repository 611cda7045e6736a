import Intents

/// The workout app's Intents extension, shaped as such extensions are on
/// iOS: it resolves which workout is meant against the app's catalogue,
/// and answers `handleInApp` to every request, because the workout itself
/// runs in the app (the system launches it in the background, and the
/// app's handler starts, pauses, resumes, ends or cancels it).
class IntentHandler: INExtension, INStartWorkoutIntentHandling, INPauseWorkoutIntentHandling,
    INResumeWorkoutIntentHandling, INEndWorkoutIntentHandling, INCancelWorkoutIntentHandling {
    /// The workouts the app offers, by the app's identifier for each (the
    /// one it registers with INVocabulary).
    static let catalogue = ["outdoor-run": "Outdoor Run", "indoor-cycle": "Indoor Cycle", "pool-swim": "Pool Swim", "square-run": "Corrida na Praça"]
    static let workouts = catalogue.values.sorted()

    override func handler(for intent: INIntent) -> Any { self }

    /// A workout of the catalogue: by the app's identifier when Siri
    /// matched the name to the app's vocabulary, else by its whole name or
    /// its last word ("run").
    static func workout(named name: INSpeakableString?) -> INSpeakableStringResolutionResult {
        if let identifier = name?.vocabularyIdentifier, let workout = catalogue[identifier] {
            return .success(with: INSpeakableString(vocabularyIdentifier: identifier, spokenPhrase: workout, pronunciationHint: nil))
        }
        guard let spoken = name?.spokenPhrase.lowercased(), !spoken.isEmpty else { return .needsValue() }
        let matches = workouts.filter { $0.lowercased() == spoken || $0.lowercased().hasSuffix(" " + spoken) }
        guard matches.count == 1 else { return .unsupported() }
        return .success(with: INSpeakableString(vocabularyIdentifier: matches[0], spokenPhrase: matches[0], pronunciationHint: nil))
    }

    func resolveWorkoutName(for intent: INStartWorkoutIntent, with completion: @escaping (INSpeakableStringResolutionResult) -> Void) {
        completion(Self.workout(named: intent.workoutName))
    }

    /// A goal needs a unit; an open-ended workout has neither.
    func resolveWorkoutGoalUnitType(for intent: INStartWorkoutIntent,
                                    with completion: @escaping (INWorkoutGoalUnitTypeResolutionResult) -> Void) {
        if intent.goalValue != nil, intent.workoutGoalUnitType == .unknown {
            completion(.needsValue())
        } else {
            completion(.success(with: intent.workoutGoalUnitType))
        }
    }

    func handle(intent: INStartWorkoutIntent, completion: @escaping (INStartWorkoutIntentResponse) -> Void) {
        completion(INStartWorkoutIntentResponse(code: .handleInApp, userActivity: nil))
    }

    func handle(intent: INPauseWorkoutIntent, completion: @escaping (INPauseWorkoutIntentResponse) -> Void) {
        completion(INPauseWorkoutIntentResponse(code: .handleInApp, userActivity: nil))
    }

    func handle(intent: INResumeWorkoutIntent, completion: @escaping (INResumeWorkoutIntentResponse) -> Void) {
        completion(INResumeWorkoutIntentResponse(code: .handleInApp, userActivity: nil))
    }

    func handle(intent: INEndWorkoutIntent, completion: @escaping (INEndWorkoutIntentResponse) -> Void) {
        completion(INEndWorkoutIntentResponse(code: .handleInApp, userActivity: nil))
    }

    func handle(intent: INCancelWorkoutIntent, completion: @escaping (INCancelWorkoutIntentResponse) -> Void) {
        completion(INCancelWorkoutIntentResponse(code: .handleInApp, userActivity: nil))
    }
}
