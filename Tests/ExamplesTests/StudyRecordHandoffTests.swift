import AppHandoff
import ExthostTestSupport
import Foundation
import StudyRecordKit
import Testing

/// *Record study* from a validation error to the goal screen in the app.
@Suite("Record study: success and the hand-off to the app")
struct StudyRecordHandoffTests {
    static let kanji: [String: any Sendable] = ["identifier": "book-3", "displayString": "Kanji in Context"]

    @Test("a refused duration is asked again; the answer records the study with the weekly-goal activity")
    func successCarriesTheWeeklyGoal() throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        try system.startBackend()

        let result = try system.run("PostStudyRecord", ["material": Self.kanji, "duration": 2000, "memo": "lesson 12"],
                                    answers: ["duration=45"])

        #expect(result.status == 0, "\(result.description)")
        #expect(result.outcome == "success")
        #expect(result.code == "success")
        #expect(result.unsupportedMessages == ["You can record at most 1440 minutes (a whole day) at a time; 2000 minutes is too long."])
        #expect(result.message == "Recorded. This week: 165 of your 300 minutes. Tap to open Study Record and post your progress to the timeline.")
        let activity = try #require(result.userActivity)
        #expect(activity["activityType"] as? String == StudyActivityType.weeklyGoal)
        let userInfo = try #require(activity["userInfo"] as? [String: Any])
        #expect(userInfo["weeklyMinutes"] as? Int == 165)
        #expect(userInfo["weeklyGoalMinutes"] as? Int == 300)

        let records = try system.get("/records", as: [StudyRecord].self)
        #expect(records.count == 1)
        #expect(records.first?.materialIdentifier == "book-3")
        #expect(records.first?.durationMinutes == 45)
        #expect(records.first?.memo == "lesson 12")
    }

    @Test("--concise says the success in its concise form, for a device without a screen; the JSON carries both")
    func conciseFormForVoice() throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        try system.startBackend()

        let full = try system.run("PostStudyRecord", ["material": Self.kanji, "duration": 45])
        #expect(full.message == "Recorded. This week: 165 of your 300 minutes. Tap to open Study Record and post your progress to the timeline.")
        #expect(full.json["conciseMessage"] as? String == "Recorded. 165 of 300 minutes this week.")

        let concise = try system.run("PostStudyRecord", ["material": Self.kanji, "duration": 30], options: ["--concise"])
        #expect(concise.status == 0, "\(concise.description)")
        #expect(concise.message == "Recorded. 195 of 300 minutes this week.")
        #expect(concise.json["conciseMessage"] as? String == "Recorded. 195 of 300 minutes this week.")
        // A response without a concise form says its full one.
        let refused = try system.run("PostStudyRecord", ["material": Self.kanji, "duration": 20, "memo": "spam"], options: ["--concise"])
        #expect(refused.json["code"] as? String == "failureNgWordsDetected")
        #expect(refused.json["conciseMessage"] == nil)
        #expect(refused.message?.isEmpty == false)
    }

    @Test("continuing the weekly-goal activity opens the goal screen in the app")
    func continuingOpensTheGoalScreen() throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        try system.startBackend()
        let result = try system.run("PostStudyRecord", ["material": Self.kanji, "duration": 60])
        var activity = try #require(result.userActivity)
        activity["app"] = StudyRecordIdentity.app

        // The user taps the response: `exthost open` continues its activity in the app.
        let opened = try system.open(activity)
        #expect(opened.continued)
        #expect(opened.shown == ["goal screen: 180 of 300 minutes this week (60%), 120 to go"])

        // The system's continueInApp with the same activity reaches the same instance.
        let payload = try JSONDecoder().decode(UserActivityPayload.self, from: JSONSerialization.data(withJSONObject: activity))
        let continued = try system.handoff.continueInApp(activity: payload, appIdentifier: StudyRecordIdentity.app)
        #expect(continued.shown == ["goal screen: 180 of 300 minutes this week (60%), 120 to go"])
        #expect(continued.status.pid == opened.status.pid)

        // A system-made activity (continueInApp without one) carries the response's progress.
        let made = try system.continueRecordStudy(weeklyMinutes: 300, weeklyGoalMinutes: 300)
        #expect(made.shown == ["goal screen: 300 of 300 minutes this week (100%), goal reached"])
    }

    @Test("the two plain shortcuts open their screens")
    func shortcuts() throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        let qr = try system.open(["activityType": StudyActivityType.viewQRCode])
        #expect(qr.continued)
        #expect(qr.shown.count == 1)
        #expect(qr.shown.first?.hasPrefix("my QR code: studyrecord://friends/add?user=") == true)
        let scan = try system.open(["activityType": StudyActivityType.scanBarcode])
        #expect(scan.shown == ["barcode scanner: point the camera at a book's barcode to put it on your bookshelf"])

        // Each screen on show is donated: the app offers both as shortcuts.
        let listed = try CommandRunner("exthost", environment: system.environment)
            .run(["shortcuts", "list", "--json", "--app", StudyRecordIdentity.app])
        let shortcuts = try #require(try listed.json()["shortcuts"] as? [[String: Any]], "\(listed.standardOutput)\(listed.standardError)")
        let titles = Set(shortcuts.compactMap { $0["title"] as? String })
        #expect(titles.isSuperset(of: ["View my QR code", "Scan a book's barcode"]))
    }
}
