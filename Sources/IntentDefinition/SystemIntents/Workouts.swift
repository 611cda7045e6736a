extension SystemIntents {
    /// The workouts domain (Apple's `INStartWorkoutIntent`,
    /// `INPauseWorkoutIntent`, `INResumeWorkoutIntent`, `INEndWorkoutIntent`
    /// and `INCancelWorkoutIntent`), in the JSON form.
    ///
    /// `INWorkoutGoalUnitType` and `INWorkoutLocationType` keep Apple's raw
    /// values (0 is `.unknown`). Every intent names its workout
    /// (`workoutName`, an `INSpeakableString`); starting one also takes its
    /// goal, the goal's unit, where it happens and whether it is open-ended,
    /// resolved in that order. `handleInApp` is answered by the app: the
    /// system launches it in the background and its handler handles the
    /// intent, whose response is the request's. `formerNames` are the Swift
    /// names iOS 10 and 11 gave the handling methods
    /// (`handle(startWorkout:completion:)`,
    /// `resolveWorkoutName(forEndWorkout:with:)`), as Apple's 2016
    /// IntentHandling sample code spells them; all five intents and all
    /// their parameters date from iOS 10, so each parameter has one. The
    /// texts are the system's dialog, in exthost's own words.
    static let workoutsJSON = #"""
    {
      "enums": [
        {
          "name": "INWorkoutGoalUnitType",
          "displayName": "Workout Goal Unit",
          "cases": [
            { "name": "inch", "displayName": "Inches", "value": 1 },
            { "name": "meter", "displayName": "Meters", "value": 2 },
            { "name": "foot", "displayName": "Feet", "value": 3 },
            { "name": "mile", "displayName": "Miles", "value": 4 },
            { "name": "yard", "displayName": "Yards", "value": 5 },
            { "name": "second", "displayName": "Seconds", "value": 6 },
            { "name": "minute", "displayName": "Minutes", "value": 7 },
            { "name": "hour", "displayName": "Hours", "value": 8 },
            { "name": "joule", "displayName": "Joules", "value": 9 },
            { "name": "kiloCalorie", "displayName": "Kilocalories", "value": 10 }
          ]
        },
        {
          "name": "INWorkoutLocationType",
          "displayName": "Workout Location",
          "cases": [
            { "name": "outdoor", "displayName": "Outdoor", "value": 1 },
            { "name": "indoor", "displayName": "Indoor", "value": 2 }
          ]
        }
      ],
      "types": [
        { "name": "INSpeakableString", "displayName": "Speakable String", "properties": [] }
      ],
      "intents": [
        {
          "name": "INStartWorkoutIntent",
          "title": "Start Workout",
          "description": "Starts a workout, with a goal or open-ended",
          "category": "start",
          "verb": "Start",
          "kind": "System",
          "formerNames": { "label": "startWorkout", "parameters": ["workoutName", "goalValue", "workoutGoalUnitType", "workoutLocationType", "isOpenEnded"] },
          "keyParameter": "workoutName",
          "parameters": [
            {
              "name": "workoutName", "displayName": "Workout", "type": "type:INSpeakableString", "supportsResolution": true,
              "prompts": [{ "kind": "Primary", "formatString": "Which workout?" }]
            },
            { "name": "goalValue", "displayName": "Goal", "type": "Decimal", "supportsResolution": true },
            { "name": "workoutGoalUnitType", "displayName": "Goal Unit", "type": "enum:INWorkoutGoalUnitType", "supportsResolution": true },
            { "name": "workoutLocationType", "displayName": "Location", "type": "enum:INWorkoutLocationType", "supportsResolution": true },
            { "name": "isOpenEnded", "displayName": "Open-Ended", "type": "Boolean", "supportsResolution": true }
          ],
          "response": {
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "continueInApp", "formatString": "Starting the workout in the app." },
              { "name": "failure", "formatString": "The workout could not be started." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to start the workout." },
              { "name": "failureOngoingWorkout", "formatString": "A workout is already in progress." },
              { "name": "failureNoMatchingWorkout", "formatString": "The app has no such workout." },
              { "name": "handleInApp", "formatString": "The app is starting the workout." },
              { "name": "success", "formatString": "Started the workout.", "success": true }
            ]
          }
        },
        {
          "name": "INPauseWorkoutIntent",
          "title": "Pause Workout",
          "description": "Pauses the workout in progress",
          "category": "pause",
          "verb": "Pause",
          "kind": "System",
          "formerNames": { "label": "pauseWorkout", "parameters": ["workoutName"] },
          "parameters": [
            { "name": "workoutName", "displayName": "Workout", "type": "type:INSpeakableString", "supportsResolution": true }
          ],
          "response": {
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "continueInApp", "formatString": "Pausing the workout in the app." },
              { "name": "failure", "formatString": "The workout could not be paused." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to pause the workout." },
              { "name": "failureNoMatchingWorkout", "formatString": "There is no workout in progress to pause." },
              { "name": "handleInApp", "formatString": "The app is pausing the workout." },
              { "name": "success", "formatString": "Paused the workout.", "success": true }
            ]
          }
        },
        {
          "name": "INResumeWorkoutIntent",
          "title": "Resume Workout",
          "description": "Resumes the paused workout",
          "category": "resume",
          "verb": "Resume",
          "kind": "System",
          "formerNames": { "label": "resumeWorkout", "parameters": ["workoutName"] },
          "parameters": [
            { "name": "workoutName", "displayName": "Workout", "type": "type:INSpeakableString", "supportsResolution": true }
          ],
          "response": {
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "continueInApp", "formatString": "Resuming the workout in the app." },
              { "name": "failure", "formatString": "The workout could not be resumed." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to resume the workout." },
              { "name": "failureNoMatchingWorkout", "formatString": "There is no paused workout to resume." },
              { "name": "handleInApp", "formatString": "The app is resuming the workout." },
              { "name": "success", "formatString": "Resumed the workout.", "success": true }
            ]
          }
        },
        {
          "name": "INEndWorkoutIntent",
          "title": "End Workout",
          "description": "Ends the workout in progress and keeps it",
          "category": "end",
          "verb": "End",
          "kind": "System",
          "formerNames": { "label": "endWorkout", "parameters": ["workoutName"] },
          "parameters": [
            { "name": "workoutName", "displayName": "Workout", "type": "type:INSpeakableString", "supportsResolution": true }
          ],
          "response": {
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "continueInApp", "formatString": "Ending the workout in the app." },
              { "name": "failure", "formatString": "The workout could not be ended." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to end the workout." },
              { "name": "failureNoMatchingWorkout", "formatString": "There is no workout in progress to end." },
              { "name": "handleInApp", "formatString": "The app is ending the workout." },
              { "name": "success", "formatString": "Ended the workout.", "success": true }
            ]
          }
        },
        {
          "name": "INCancelWorkoutIntent",
          "title": "Cancel Workout",
          "description": "Stops the workout in progress without keeping it",
          "category": "cancel",
          "verb": "Cancel",
          "kind": "System",
          "formerNames": { "label": "cancelWorkout", "parameters": ["workoutName"] },
          "parameters": [
            { "name": "workoutName", "displayName": "Workout", "type": "type:INSpeakableString", "supportsResolution": true }
          ],
          "response": {
            "codes": [
              { "name": "unspecified" },
              { "name": "ready" },
              { "name": "continueInApp", "formatString": "Cancelling the workout in the app." },
              { "name": "failure", "formatString": "The workout could not be cancelled." },
              { "name": "failureRequiringAppLaunch", "formatString": "Continue in the app to cancel the workout." },
              { "name": "failureNoMatchingWorkout", "formatString": "There is no workout in progress to cancel." },
              { "name": "handleInApp", "formatString": "The app is cancelling the workout." },
              { "name": "success", "formatString": "Cancelled the workout.", "success": true }
            ]
          }
        }
      ]
    }
    """#
}
