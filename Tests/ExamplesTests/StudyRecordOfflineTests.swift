import Foundation
import StudyRecordKit
import Testing

/// Offline, then online: a record kept in the shared container, sent when
/// the app next launches with the backend reachable.
@Suite("Record study offline, then online")
struct StudyRecordOfflineTests {
    @Test("a record made offline is kept, and the app sends it at its next launch online, with the extension's events")
    func offlineThenOnline() throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        try system.startBackend()
        system.stopBackend()

        let result = try system.run("PostStudyRecord", [
            "material": ["identifier": "book-1", "displayString": "Introduction to Algorithms"],
            "duration": 50, "amount": 12, "start": 100, "end": 112, "memo": "heaps",
        ])
        #expect(result.status == 1, "\(result.description)")
        #expect(result.code == "failureOffline")
        #expect(result.message == "You are offline: the record is kept and sent when Study Record is next online.")

        let container = try system.container
        let kept = try container.pendingRecords.entries(as: StudyRecord.self)
        #expect(kept.count == 1)
        #expect(kept.first?.durationMinutes == 50)
        #expect(kept.first?.rangeEnd == 112)
        #expect(try container.events.entries(as: StudyEvent.self).map(\.name) == ["studyRecordKeptOffline"])

        // Back online; the app launches (here for a shortcut) and sends what was kept.
        try system.startBackend()
        #expect(try system.get("/records", as: [StudyRecord].self).isEmpty)
        let opened = try system.open(["activityType": StudyActivityType.viewQRCode])
        #expect(opened.continued)

        let records = try system.get("/records", as: [StudyRecord].self)
        #expect(records == kept)
        let events = try system.get("/events", as: [StudyEvent].self)
        #expect(events.map(\.name) == ["studyRecordKeptOffline"])
        #expect(events.first?.source == "extension")
        #expect(try container.pendingRecords.count() == 0)
        #expect(try container.events.count() == 0)
        #expect(system.appOutput().contains("[StudyRecord] sent 1 study record kept while offline"))
        #expect(system.appOutput().contains("[StudyRecord] sent 1 event logged by the extension"))
        #expect(try system.get("/progress", as: WeeklyProgress.self) == WeeklyProgress(weeklyMinutes: 170, weeklyGoalMinutes: 300))
    }

    @Test("a record kept offline keeps when it was studied, not when the app sent it; GET /records gives it in ISO 8601")
    func offlineRecordKeepsItsStudyTime() throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        try system.startBackend()
        system.stopBackend()

        let requested = StudyRecord.studyTime(Date())
        let result = try system.run("PostStudyRecord", [
            "material": ["identifier": "book-3", "displayString": "Kanji in Context"], "start": 3, "end": 8,
        ])
        let answered = Date()
        #expect(result.code == "failureOffline", "\(result.description)")
        let kept = try #require(try system.container.pendingRecords.entries(as: StudyRecord.self).first)
        let studiedAt = try #require(kept.studiedAt)
        #expect(studiedAt >= requested && studiedAt <= answered, "set when the request ran")

        // Later, back online: the app's next launch sends it.
        Thread.sleep(forTimeInterval: 2.1)
        try system.startBackend()
        let sending = Date()
        _ = try system.open(["activityType": StudyActivityType.viewQRCode])

        let records = try system.get("/records", as: [StudyRecord].self)
        #expect(records.count == 1)
        let sent = try #require(records.first?.studiedAt)
        #expect(sent == studiedAt, "when it was studied")
        #expect(sent < sending.addingTimeInterval(-1), "not when it was sent")

        guard case .success(let answer) = system.backend.exchange(method: "GET", path: "/records") else {
            Issue.record("GET /records failed")
            return
        }
        let raw = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [[String: Any]])
        #expect(raw.first?["studiedAt"] as? String == studiedAt.formatted(.iso8601))
        #expect((raw.first?["studiedAt"] as? String).flatMap { try? Date($0, strategy: .iso8601) } == studiedAt)
    }

    @Test("an app launched while the backend is still offline keeps the record for its next launch")
    func launchWhileOfflineKeeps() throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        try system.startBackend()
        system.stopBackend()
        let result = try system.run("PostStudyRecord", ["duration": 20])
        #expect(result.code == "failureOffline", "\(result.description)")

        _ = try system.open(["activityType": StudyActivityType.scanBarcode])
        #expect(try system.container.pendingRecords.count() == 1)
        #expect(system.appOutput().contains("[StudyRecord] offline: 1 records and 1 events kept for later"))
    }
}
