import Foundation
import StudyRecordKit
import Testing

/// The measurement actions by voice, and the app seeing the measurement in
/// the shared container.
@Suite("Stopwatch and timer")
struct MeasurementTests {
    static let kanji: [String: any Sendable] = ["identifier": "book-3", "displayString": "Kanji in Context"]

    @Test("a stopwatch started by voice is seen by the app; pause, resume, show and finish, which records the study")
    func stopwatch() throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        try system.startBackend()

        // The app is running before the measurement starts: it sees nothing yet.
        #expect(try system.open(["activityType": StudyActivityType.measurement]).shown
            == ["measurement screen: nothing is being measured"])

        let started = try system.run("StartStopwatch", ["material": Self.kanji])
        #expect(started.status == 0, "\(started.description)")
        #expect(started.message == "Started the stopwatch for Kanji in Context.")
        #expect((started.userActivity?["activityType"] as? String) == StudyActivityType.measurement)

        let seen = try system.open(["activityType": StudyActivityType.measurement])
        #expect(seen.shown == ["measurement screen: Kanji in Context, 0 minutes, stopwatch running"])

        #expect(try system.run("StartTimer", ["material": Self.kanji, "minutes": 25]).message
            == "You are already measuring Kanji in Context: pause or finish it first.")
        #expect(try system.run("PauseMeasurement").message == "Paused Kanji in Context at 0 min.")
        #expect(try system.run("PauseMeasurement").message == "Kanji in Context is already paused.")
        #expect(try system.open(["activityType": StudyActivityType.measurement]).shown
            == ["measurement screen: Kanji in Context, 0 minutes, stopwatch paused"])
        #expect(try system.run("ShowCurrentMeasurement").message == "Kanji in Context: 0 min, stopwatch paused.")
        #expect(try system.run("ResumeMeasurement").message == "Resumed Kanji in Context (0 min so far).")
        #expect(try system.run("ResumeMeasurement").message == "Kanji in Context is not paused.")

        let finished = try system.run("FinishMeasurement")
        #expect(finished.status == 0, "\(finished.description)")
        #expect(finished.message == "Recorded Kanji in Context (1 min). This week: 121 of your 300 minutes.")
        #expect((finished.userActivity?["activityType"] as? String) == StudyActivityType.weeklyGoal)
        let records = try system.get("/records", as: [StudyRecord].self)
        #expect(records.map(\.materialIdentifier) == ["book-3"])
        #expect(records.map(\.durationMinutes) == [1])

        let nothing = try system.run("ShowCurrentMeasurement")
        #expect(nothing.status == 1)
        #expect(nothing.code == "notMeasuring")
        #expect(nothing.message == "Nothing is being measured. Start the stopwatch or a timer first.")
        #expect(try system.open(["activityType": StudyActivityType.measurement]).shown
            == ["measurement screen: nothing is being measured"])

        // The running app sends the events the extension queued within a few seconds.
        let deadline = Date() + 10
        var names: [String] = []
        while Date() < deadline {
            names = try system.get("/events", as: [StudyEvent].self).map(\.name)
            if names.count >= 4 { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        // Refused actions (already measuring, already paused, not paused) log nothing.
        #expect(names == ["stopwatchStarted", "measurementPaused", "measurementResumed", "studyRecorded"])
    }

    @Test("a timer by voice: its length is bounded by the definition, and the app shows the minutes left")
    func timer() throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        try system.startBackend()

        let tooLong = try system.run("StartTimer", ["material": Self.kanji, "minutes": 2000])
        #expect(tooLong.status == 3)
        #expect(tooLong.message == "A timer can run for 1440 minutes at most; 2000 minutes is too long.")

        let started = try system.run("StartTimer", ["material": Self.kanji], answers: ["minutes=25"])
        #expect(started.status == 0, "\(started.description)")
        #expect(started.message == "Started a 25-minute timer for Kanji in Context.")
        #expect(try system.run("ShowCurrentMeasurement").message == "Kanji in Context: 0 min, timer running, 25 minutes left.")
        #expect(try system.open(["activityType": StudyActivityType.measurement]).shown
            == ["measurement screen: Kanji in Context, 0 minutes, timer running, 25 minutes left"])
    }

    @Test("finishing offline keeps the record for the app")
    func finishOffline() throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        try system.startBackend()
        _ = try system.run("StartStopwatch", ["material": Self.kanji])
        system.stopBackend()
        let finished = try system.run("FinishMeasurement")
        #expect(finished.code == "failureOffline", "\(finished.description)")
        #expect(finished.message == "You are offline: 1 min of Kanji in Context are kept and sent when Study Record is next online.")
        #expect(try system.container.pendingRecords.entries(as: StudyRecord.self).map(\.durationMinutes) == [1])
        #expect(try system.container.measurement() == nil)
    }
}
