import Foundation
import Intents
import StudyRecordKit

// The model is the app's shared framework (StudyRecordKit); these names keep
// the extension's code reading as it does on iOS.
typealias StudyRecord = StudyRecordKit.StudyRecord
typealias WeeklyProgress = StudyRecordKit.WeeklyProgress
typealias StudyBackendError = StudyRecordKit.StudyBackendError

extension StudyRecord {
    /// The record a *Record study* request makes.
    init(intent: PostStudyRecordIntent) {
        self.init(
            materialIdentifier: intent.material?.identifier,
            materialName: intent.material?.displayString,
            durationMinutes: intent.duration.map { Int(truncating: $0) },
            amount: intent.amount.map { Int(truncating: $0) },
            rangeStart: intent.rangeStart.map { Int(truncating: $0) },
            rangeEnd: intent.rangeEnd.map { Int(truncating: $0) },
            memo: intent.memo,
            requestIdentifier: intent.identifier
        )
    }
}

extension WeeklyProgress {
    /// The activity that opens the goal screen in the app.
    var userActivity: NSUserActivity {
        let activity = NSUserActivity(activityType: StudyActivityType.weeklyGoal)
        activity.title = "Weekly goal"
        activity.userInfo = ["weeklyMinutes": weeklyMinutes, "weeklyGoalMinutes": weeklyGoalMinutes]
        activity.requiredUserInfoKeys = ["weeklyMinutes", "weeklyGoalMinutes"]
        return activity
    }
}

/// The app's backend, as the extension sees it.
protocol StudyBackend: Sendable {
    /// Posts a record; answers the weekly progress after it.
    func post(_ record: StudyRecord) -> Result<WeeklyProgress, StudyBackendError>
}

/// The app group's container, as the host gives it to the extension (or
/// the group's default location when the host gives none).
enum ExtensionContainer {
    static func open() -> StudyContainer? {
        do {
            return try StudyContainer.open(path: ExtensionHost.sharedContainerPath)
        } catch {
            ExtensionHost.log("cannot open the shared container: \(error)", level: .error)
            return nil
        }
    }

    /// Queues an event for the app to send when it next launches.
    static func log(_ name: String, _ properties: [String: String] = [:]) {
        do {
            try open()?.log(StudyEvent(name: name, source: "extension", properties: properties))
        } catch {
            ExtensionHost.log("cannot queue the event \(name): \(error)", level: .error)
        }
    }
}

/// Records kept while offline: appended to `pending-records.jsonl` in the
/// shared container, which the app sends when it next launches online.
enum PendingRecords {
    static func keep(_ record: StudyRecord) {
        guard let container = ExtensionContainer.open() else {
            ExtensionHost.log("offline, and no shared container to keep the record in", level: .error)
            return
        }
        do {
            try container.keep(record)
        } catch {
            ExtensionHost.log("cannot keep the record: \(error)", level: .error)
        }
    }
}
