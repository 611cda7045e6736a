import AppHandoff
import ExthostTestSupport
import Foundation
import SharedContainer
import Testing

@Suite("Study record app")
struct StudyRecordAppTests {
    static let identifier = "com.example.studyrecord"
    static let group = "group.com.example.studyrecord"

    private func system() throws -> FixtureSystem {
        let manifest = """
            {"identifier": "\(Self.identifier)", "name": "StudyRecord",
             "executable": "\(BuiltProducts.executable("StudyRecordApp").path)",
             "NSUserActivityTypes": ["com.example.studyrecord.showGoal", "com.example.studyrecord.viewQRCode",
                                     "com.example.studyrecord.scanBarcode", "PostStudyRecordIntent"],
             "appGroup": "\(Self.group)"}
            """
        return try FixtureSystem(extraManifests: ["studyrecord.json": manifest])
    }

    @Test("record study's success response opens the goal screen; the shortcuts open their screens")
    func screens() throws {
        let system = try system()
        defer { system.tearDown() }
        let handoff = system.handoff

        let goal = try handoff.continueInApp(
            activity: UserActivityPayload(
                activityType: "com.example.studyrecord.showGoal",
                userInfo: ["doneMinutes": 180, "goalMinutes": 300]),
            appIdentifier: Self.identifier)
        #expect(goal.shown == ["showing goal screen: 3/5 hours this week"])

        let made = try handoff.continueInApp(
            activity: nil,
            interaction: InteractionPayload(
                intentName: "PostStudyRecordIntent", parameters: ["duration": 30],
                responseCode: 2, responseCodeName: "continueInApp",
                responseProperties: ["doneMinutes": 210, "goalMinutes": 300]),
            appIdentifier: Self.identifier)
        #expect(made.shown == ["showing goal screen: 3.5/5 hours this week"])

        #expect(try handoff.open(UserActivityPayload(activityType: "com.example.studyrecord.viewQRCode")).shown
            == ["showing my QR code"])
        #expect(try handoff.open(UserActivityPayload(activityType: "com.example.studyrecord.scanBarcode")).shown
            == ["opening the barcode scanner"])
        #expect(Set([goal, made].map(\.status.pid)).count == 1)
    }

    @Test("records the extension queued while the app was not running are sent at launch")
    func pendingRecords() throws {
        let system = try system()
        defer { system.tearDown() }
        let queue = try SharedContainer(appGroup: Self.group, baseDirectory: system.sharedContainers)
            .queue(named: "pending-records")
        try queue.append(["material": "Swift book", "duration": 30] as JSONValue)
        try queue.append(["material": "Swift book", "duration": 45] as JSONValue)

        _ = try system.handoff.open(UserActivityPayload(activityType: "com.example.studyrecord.viewQRCode"))

        let log = (try? String(contentsOfFile: system.runtimeDirectory.logPath(for: Self.identifier), encoding: .utf8)) ?? ""
        #expect(log.contains("[StudyRecord] sending 2 queued study records"))
        #expect(try queue.count() == 0)
    }
}
