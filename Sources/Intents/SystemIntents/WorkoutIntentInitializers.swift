import Foundation

/// Apple's initialisers of the workout intents, which apps call to donate a
/// workout they started or to build an intent in tests. The classes
/// themselves are generated with the system intents.
extension INStartWorkoutIntent {
    /// A workout to start.
    ///
    /// - Parameters:
    ///   - workoutName: The workout, as the app names it.
    ///   - goalValue: The goal, in `workoutGoalUnitType`; nil for none.
    ///   - workoutGoalUnitType: Miles, minutes, kilocalories, …
    ///   - workoutLocationType: Indoor or outdoor.
    ///   - isOpenEnded: Whether the workout has no goal.
    public convenience init(
        workoutName: INSpeakableString? = nil,
        goalValue: Double? = nil,
        workoutGoalUnitType: INWorkoutGoalUnitType = .unknown,
        workoutLocationType: INWorkoutLocationType = .unknown,
        isOpenEnded: Bool? = nil
    ) {
        self.init()
        self.workoutName = workoutName
        self.goalValue = goalValue
        self.workoutGoalUnitType = workoutGoalUnitType
        self.workoutLocationType = workoutLocationType
        self.isOpenEnded = isOpenEnded
    }
}

extension INPauseWorkoutIntent {
    /// The workout to pause.
    public convenience init(workoutName: INSpeakableString?) {
        self.init()
        self.workoutName = workoutName
    }
}

extension INResumeWorkoutIntent {
    /// The workout to resume.
    public convenience init(workoutName: INSpeakableString?) {
        self.init()
        self.workoutName = workoutName
    }
}

extension INEndWorkoutIntent {
    /// The workout to end.
    public convenience init(workoutName: INSpeakableString?) {
        self.init()
        self.workoutName = workoutName
    }
}

extension INCancelWorkoutIntent {
    /// The workout to cancel.
    public convenience init(workoutName: INSpeakableString?) {
        self.init()
        self.workoutName = workoutName
    }
}
