import AppProcess
import Intents

/// The workout in progress, kept by the app as a workout app keeps its
/// session: one at a time, running or paused.
@MainActor
final class WorkoutSession {
    enum State: String { case running, paused }

    private(set) var name: String?
    private(set) var state: State?

    /// Starts `name` unless a workout is in progress.
    func start(_ name: String) -> Bool {
        guard self.name == nil else { return false }
        self.name = name
        state = .running
        return true
    }

    /// Moves the workout in progress from `from` to `to`.
    func move(from: State, to: State) -> Bool {
        guard state == from else { return false }
        state = to
        return true
    }

    /// Ends the workout in progress; returns its name.
    func stop() -> String? {
        defer { name = nil; state = nil }
        return name
    }
}

/// Handles the five workout intents the extension hands to the app
/// (`handleInApp`): the system launches the app in the background and
/// sends the intent here, with the workout the extension resolved.
@MainActor
final class WorkoutIntentHandler: InAppIntentHandling {
    let application: Application
    let session: WorkoutSession

    init(application: Application, session: WorkoutSession) {
        self.application = application
        self.session = session
    }

    func handle(intent: InAppIntentRequest, completion: @escaping @Sendable (InAppIntentResponse) -> Void) {
        let code: InAppResponseCode
        switch intent.intentName {
        case "INStartWorkoutIntent":
            code = start(intent)
        case "INPauseWorkoutIntent":
            code = change(from: .running, to: .paused, noMatch: INPauseWorkoutIntentResponseCode.failureNoMatchingWorkout)
        case "INResumeWorkoutIntent":
            code = change(from: .paused, to: .running, noMatch: INResumeWorkoutIntentResponseCode.failureNoMatchingWorkout)
        case "INEndWorkoutIntent":
            code = stop(saving: true, noMatch: INEndWorkoutIntentResponseCode.failureNoMatchingWorkout)
        default:
            code = stop(saving: false, noMatch: INCancelWorkoutIntentResponseCode.failureNoMatchingWorkout)
        }
        completion(InAppIntentResponse(code: code))
    }

    private func start(_ intent: InAppIntentRequest) -> InAppResponseCode {
        guard let name = intent.parameters["workoutName"]?["displayString"]?.stringValue else {
            return Self.code(INStartWorkoutIntentResponseCode.failureNoMatchingWorkout)
        }
        guard session.start(name) else { return Self.code(INStartWorkoutIntentResponseCode.failureOngoingWorkout) }
        var goal = "open-ended"
        if let value = intent.parameters["goalValue"]?.doubleValue, let unit = intent.parameters["workoutGoalUnitType"]?.stringValue {
            goal = "goal \(value.formatted()) \(unit)"
        }
        let location = intent.parameters["workoutLocationType"]?.stringValue ?? "unknown"
        application.show("started \(name) (\(goal), \(location))")
        return .success
    }

    private func change(from: WorkoutSession.State, to: WorkoutSession.State, noMatch: some _ExthostResponseCode) -> InAppResponseCode {
        guard session.move(from: from, to: to), let name = session.name else { return Self.code(noMatch) }
        application.show("\(to.rawValue) \(name)")
        return .success
    }

    private func stop(saving: Bool, noMatch: some _ExthostResponseCode) -> InAppResponseCode {
        guard let name = session.stop() else { return Self.code(noMatch) }
        application.show(saving ? "ended \(name), saved" : "cancelled \(name), discarded")
        return .success
    }

    /// A code of the SDK's response-code enum, as it crosses to the system.
    private static func code(_ code: some _ExthostResponseCode) -> InAppResponseCode {
        InAppResponseCode(value: Int(code._exthostCode), name: "\(code)")
    }
}
