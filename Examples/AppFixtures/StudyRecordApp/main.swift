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
import DonationStore
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
            donateScreen(userActivity.activityType, title: "View my QR code", phrase: "Show my QR code", in: application)
            return true
        case "com.example.studyrecord.scanBarcode":
            application.show("opening the barcode scanner")
            donateScreen(userActivity.activityType, title: "Scan a book's barcode", phrase: "Scan a barcode", in: application)
            return true
        default:
            return false
        }
    }

    private func showGoal(_ values: [String: WireValue], in application: Application) -> Bool {
        guard let done = values["doneMinutes"]?.intValue, let goal = values["goalMinutes"]?.intValue, goal > 0 else {
            return false
        }
        application.show("showing goal screen: \(hours(done))/\(hours(goal)) hours this week")
        return true
    }

    private func hours(_ minutes: Int) -> String {
        minutes % 60 == 0 ? String(minutes / 60) : String(format: "%.1f", Double(minutes) / 60)
    }

    /// The screen is on show: donate it, as an iOS app sets the screen's
    /// `userActivity` (eligible for prediction, with a suggested phrase) and
    /// calls `becomeCurrent()`, so the system can suggest it and the user
    /// can give it a phrase.
    private func donateScreen(_ activityType: String, title: String, phrase: String, in application: Application) {
        do {
            try AppDonations(app: application.identifier)
                .donateActivity(type: activityType, title: title, persistentIdentifier: activityType, suggestedInvocationPhrase: phrase)
        } catch {
            // Not shown: the screen works without the donation.
            FileHandle.standardError.write(Data("[StudyRecord] could not donate \(activityType): \(error)\n".utf8))
        }
    }

    /// Records the extension queued while the app was not running go out now.
    private func sendPendingRecords(_ application: Application) {
        guard let group = application.appGroup else { return }
        do {
            let queue = try SharedContainer(appGroup: group, baseDirectory: application.sharedContainersPath)
                .queue(named: Self.pendingRecordsQueue)
            let records = try queue.drain(as: WireValue.self)
            if !records.isEmpty { application.show("sending \(records.count) queued study records") }
        } catch {
            application.show("cannot read queued study records: \(error)")
        }
    }
}

AppMain.run(name: "StudyRecord", delegate: StudyRecordAppDelegate())
