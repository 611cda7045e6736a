// The app side of the Study record example, reduced to what the app process
// does: it opens the goal screen for the activity the extension returns, runs
// the two plain shortcuts, and sends the records its extension queued in the
// shared container while it was not running.
//
// Activity types:
//   com.example.studyrecord.showGoal      userInfo: doneMinutes, goalMinutes
//   com.example.studyrecord.viewQRCode    the user's QR code
//   com.example.studyrecord.scanBarcode   the barcode scanner
//   PostStudyRecordIntent                 system-made: the interaction's response
//                                         properties carry doneMinutes, goalMinutes
import AppProcess
import Foundation
import SharedContainer

@MainActor
final class StudyRecordAppDelegate: AppDelegate {
    static let pendingRecordsQueue = "pending-records"

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        sendPendingRecords(application)
        return true
    }

    func application(
        _ application: Application,
        continue userActivity: UserActivityPayload,
        restorationHandler: @escaping ([any UserActivityRestoring]?) -> Void
    ) -> Bool {
        switch userActivity.activityType {
        case "com.example.studyrecord.showGoal":
            return showGoal(userActivity.userInfo, in: application)
        case "PostStudyRecordIntent":
            guard let interaction = userActivity.interaction else { return false }
            return showGoal(interaction.responseProperties, in: application)
        case "com.example.studyrecord.viewQRCode":
            application.show("showing my QR code")
            return true
        case "com.example.studyrecord.scanBarcode":
            application.show("opening the barcode scanner")
            return true
        default:
            return false
        }
    }

    private func showGoal(_ values: [String: JSONValue], in application: Application) -> Bool {
        guard let done = values["doneMinutes"]?.intValue, let goal = values["goalMinutes"]?.intValue, goal > 0 else {
            return false
        }
        application.show("showing goal screen: \(hours(done))/\(hours(goal)) hours this week")
        return true
    }

    private func hours(_ minutes: Int) -> String {
        minutes % 60 == 0 ? String(minutes / 60) : String(format: "%.1f", Double(minutes) / 60)
    }

    /// Records the extension queued while the app was not running go out now.
    private func sendPendingRecords(_ application: Application) {
        guard let group = application.appGroup else { return }
        do {
            let queue = try SharedContainer(appGroup: group, baseDirectory: application.sharedContainersPath)
                .queue(named: Self.pendingRecordsQueue)
            let records = try queue.drain(as: JSONValue.self)
            if !records.isEmpty { application.show("sending \(records.count) queued study records") }
        } catch {
            application.show("cannot read queued study records: \(error)")
        }
    }
}

AppMain.run(name: "StudyRecord", delegate: StudyRecordAppDelegate())
