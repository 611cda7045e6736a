import ExthostTestSupport
import Foundation
import Testing

/// Workouts: Apple's five workout intents, system intents, through
/// `exthost run --json` against the workout example, whose extension
/// resolves the workout and answers `handleInApp`: the system launches the
/// app in the background, and the app's handler runs the workout.
@Suite("Workouts, end to end")
struct WorkoutsTests {
    static let app = "com.example.workouts"

    private func system() throws -> ExampleSystem {
        try ExampleSystem(plugins: ["WorkoutsExtension"], apps: [ExampleApp.workouts])
    }

    /// Runs a workout intent with no parameters but the workout's name.
    private func run(_ intent: String, in system: ExampleSystem) throws -> [String: Any] {
        let result = try system.run(#"{"intent": "\#(intent)", "parameters": {}}"#)
        return try result.json()
    }

    @Test("starting a workout is handled in the app, launched in the background, with the goal and place resolved by the extension")
    func startHandledInApp() throws {
        let system = try system()
        defer { system.tearDown() }
        let result = try system.run(exampleRequest: "Examples/Workouts/Requests/start-run.json")
        #expect(result.status == 0, "\(result.both)")
        let json = try result.json()
        #expect(json["code"] as? String == "success")
        #expect(json["message"] as? String == "Started the workout.")
        #expect(json["handoff"] == nil, "handleInApp does not bring the app to the foreground")
        #expect(system.output(ofApp: Self.app).contains("[Workouts] started Outdoor Run (goal 5 mile, outdoor)"))
        #expect(system.handoff.applicationState(ofApp: Self.app) == .background)
    }

    @Test("the app keeps the workout: a second start fails as ongoing; pause, resume and end act on it in turn")
    func oneWorkoutAtATime() throws {
        let system = try system()
        defer { system.tearDown() }
        let start = #"{"intent": "INStartWorkoutIntent", "parameters": {"workoutName": "Pool Swim", "isOpenEnded": true}}"#
        #expect(try system.run(start).json()["message"] as? String == "Started the workout.")
        let again = try system.run(#"{"intent": "INStartWorkoutIntent", "parameters": {"workoutName": "cycle"}}"#)
        #expect(try again.json()["code"] as? String == "failureOngoingWorkout", "\(again.both)")
        #expect(try again.json()["message"] as? String == "A workout is already in progress.")

        #expect(try run("INResumeWorkoutIntent", in: system)["code"] as? String == "failureNoMatchingWorkout")
        #expect(try run("INPauseWorkoutIntent", in: system)["message"] as? String == "Paused the workout.")
        #expect(try run("INResumeWorkoutIntent", in: system)["message"] as? String == "Resumed the workout.")
        #expect(try run("INEndWorkoutIntent", in: system)["message"] as? String == "Ended the workout.")
        #expect(try run("INCancelWorkoutIntent", in: system)["message"] as? String == "There is no workout in progress to cancel.")
        let shown = system.output(ofApp: Self.app)
        for line in ["started Pool Swim (open-ended, unknown)", "paused Pool Swim", "running Pool Swim", "ended Pool Swim, saved"] {
            #expect(shown.contains("[Workouts] \(line)"), "\(shown)")
        }
    }

    @Test("a workout the app does not offer is refused by the extension, and a goal without its unit is asked for; the app is not launched")
    func refusedAndAsked() throws {
        let system = try system()
        defer { system.tearDown() }
        let unknown = try system.run(#"{"intent": "INStartWorkoutIntent", "parameters": {"workoutName": "Rowing"}}"#)
        #expect(unknown.status == 3, "\(unknown.both)")

        let question = try system.question(#"{"intent": "INStartWorkoutIntent", "parameters": {"workoutName": "run", "goalValue": 30}}"#)
        #expect(question["answerKey"] as? String == "workoutGoalUnitType")
        #expect(system.handoff.status(ofApp: Self.app) == nil)

        let answered = try system.run(#"{"intent": "INStartWorkoutIntent", "parameters": {"workoutName": "run", "goalValue": 30}}"#,
                                      answers: ["workoutGoalUnitType=minute"])
        #expect(try answered.json()["message"] as? String == "Started the workout.", "\(answered.both)")
        #expect(system.output(ofApp: Self.app).contains("[Workouts] started Outdoor Run (goal 30 minute, unknown)"))
    }

    @Test("a workout name is matched against the app's INVocabulary before the extension sees it, ignoring case and accents, until Siri is turned off for the app",
          arguments: [[], ["--isolated"]])
    func vocabularyMatchesTheSpokenName(options: [String]) throws {
        let system = try system()
        defer { system.tearDown() }
        let spoken = #"{"intent": "INStartWorkoutIntent", "parameters": {"workoutName": "CORRIDA na praca"}}"#
        // Before the app ever ran, it has registered nothing: the extension
        // gets the name as said, which is not how its catalogue spells it.
        let unknown = try system.run(spoken, options: options)
        #expect(unknown.status != 0, "\(unknown.both)")
        #expect(try unknown.json()["outcome"] as? String == "unsupported", "\(unknown.both)")

        // Launched for a first workout, the app registers its workouts
        // (setVocabulary(_:of:): names with the app's identifiers).
        #expect(try system.run(exampleRequest: "Examples/Workouts/Requests/start-run.json", options: options).status == 0)
        #expect(try system.run(#"{"intent": "INEndWorkoutIntent", "parameters": {"workoutName": "run"}}"#, options: options).status == 0)

        // The extension receives the app's identifier, and resolves by it.
        let matched = try system.run(spoken, options: options)
        #expect(matched.status == 0, "\(matched.both)")
        let values = try #require(try matched.json()["values"] as? [String: Any])
        let name = try #require(values["workoutName"] as? [String: Any])
        #expect(name["displayString"] as? String == "Corrida na Praça")
        #expect(name["identifier"] as? String == "square-run", "the extension resolved by name, not by the app's identifier: \(name)")
        #expect(system.output(ofApp: Self.app).contains("[Workouts] started Corrida na Praça"), "\(system.output(ofApp: Self.app))")
        #expect(try system.run(#"{"intent": "INEndWorkoutIntent", "parameters": {"workoutName": "Corrida na Praça"}}"#, options: options).status == 0)

        // Another name the app registered for it (alternativeSpeakableMatches),
        // which the extension's own matching does not know.
        let alternative = try system.run(#"{"intent": "INStartWorkoutIntent", "parameters": {"workoutName": "square run"}}"#, options: options)
        #expect(alternative.status == 0, "\(alternative.both)")
        let resolved = try #require(try alternative.json()["values"] as? [String: Any])["workoutName"] as? [String: Any]
        #expect(resolved?["identifier"] as? String == "square-run" && resolved?["displayString"] as? String == "Corrida na Praça")
        #expect(try system.run(#"{"intent": "INEndWorkoutIntent", "parameters": {}}"#, options: options).status == 0)

        // The system shows what it keeps.
        let listed = try system.exthost(["siri", "vocabulary", Self.app, "--json"])
        let entries = try #require(try listed.json()["vocabulary"] as? [[String: Any]], "\(listed.both)")
        let square = try #require(entries.first { $0["spokenPhrase"] as? String == "Corrida na Praça" })
        #expect(square["vocabularyIdentifier"] as? String == "square-run" && square["type"] as? String == "workoutActivityName")
        #expect(square["pronunciationHint"] as? String == "ko hee da na pra sa")
        #expect(square["alternativeSpeakableMatches"] as? [String] == ["Square Run"])
        #expect(try system.exthost(["siri", "vocabulary", Self.app]).standardOutput.contains("Corrida na Praça (square-run)"))

        // Siri turned off for the app drops its vocabulary, as iOS does:
        // authorized again, the name is as unknown as before the app ran.
        #expect(try system.exthost(["siri", "deny", Self.app]).status == 0)
        #expect(try system.exthost(["siri", "authorize", Self.app]).status == 0)
        let dropped = try system.run(spoken, options: options)
        #expect(try dropped.json()["outcome"] as? String == "unsupported", "\(dropped.both)")
        #expect((try system.exthost(["siri", "vocabulary", Self.app, "--json"]).json()["vocabulary"] as? [[String: Any]])?.isEmpty == true)
    }
}
