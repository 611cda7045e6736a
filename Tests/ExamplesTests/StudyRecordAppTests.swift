import AppHandoff
import ExthostTestSupport
import Foundation
import StudyRecordKit
import Testing

/// The Study record app reached by the system directly (no `exthost`): the
/// real app, installed from its real manifest.
@Suite("Study record app")
struct StudyRecordAppTests {
    @Test("the manifest declares every activity type the app continues, and its app group")
    func manifest() throws {
        let manifest = try JSONDecoder().decode(AppManifest.self, from: Data(contentsOf: ExampleApp.studyRecord.source))
        #expect(manifest.identifier == StudyRecordIdentity.app)
        #expect(manifest.userActivityTypes == StudyActivityType.all)
        #expect(manifest.appGroup == StudyRecordIdentity.appGroup)
    }

    @Test("record study's success response opens the goal screen; the shortcuts open their screens")
    func screens() throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        let handoff = system.handoff

        let goal = try handoff.continueInApp(
            activity: UserActivityPayload(
                activityType: StudyActivityType.weeklyGoal,
                userInfo: ["weeklyMinutes": 180, "weeklyGoalMinutes": 300]),
            appIdentifier: StudyRecordIdentity.app)
        #expect(goal.shown == ["goal screen: 180 of 300 minutes this week (60%), 120 to go"])

        let made = try system.continueRecordStudy(weeklyMinutes: 210, weeklyGoalMinutes: 300)
        #expect(made.shown == ["goal screen: 210 of 300 minutes this week (70%), 90 to go"])

        #expect(try handoff.open(UserActivityPayload(activityType: StudyActivityType.viewQRCode)).shown
            == ["my QR code: studyrecord://friends/add?user=\(NSUserName())"])
        #expect(try handoff.open(UserActivityPayload(activityType: StudyActivityType.scanBarcode)).shown
            == ["barcode scanner: point the camera at a book's barcode to put it on your bookshelf"])
        #expect(Set([goal, made].map(\.status.pid)).count == 1)
    }

    @Test("records the extension queued while the app was not running are sent at launch")
    func pendingRecords() throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        try system.startBackend()
        let queue = try system.container.pendingRecords
        try queue.append(StudyRecord(materialIdentifier: "book-2", materialName: "The Swift Programming Language", durationMinutes: 30))
        try queue.append(StudyRecord(materialIdentifier: "book-2", materialName: "The Swift Programming Language", durationMinutes: 45))

        // Launched by `exthost open`, so the app gets the system's environment (the backend's port).
        _ = try system.open(["activityType": StudyActivityType.viewQRCode])

        #expect(system.appOutput().contains("[StudyRecord] sent 2 study records kept while offline"))
        #expect(try queue.count() == 0)
    }
}
