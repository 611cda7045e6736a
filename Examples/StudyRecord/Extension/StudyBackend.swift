import Foundation
import Intents
import StudyRecordKit

// The model is the app's shared framework (StudyRecordKit); these names keep
// the extension's code reading as it does on iOS.
typealias StudyRecord = StudyRecordKit.StudyRecord
typealias WeeklyProgress = StudyRecordKit.WeeklyProgress
typealias StudyBackendError = StudyRecordKit.StudyBackendError

extension StudyRecord {
    /// The record a *Record study* request makes, studied `now` (to the
    /// second: the precision of its ISO 8601 form).
    init(intent: PostStudyRecordIntent, studiedAt now: Date = Date()) {
        self.init(
            materialIdentifier: intent.material?.identifier,
            materialName: intent.material?.displayString,
            durationMinutes: intent.duration.map { Int(truncating: $0) },
            amount: intent.amount.map { Int(truncating: $0) },
            rangeStart: intent.start.map { Int(truncating: $0) },
            rangeEnd: intent.end.map { Int(truncating: $0) },
            memo: intent.memo,
            requestIdentifier: intent.identifier,
            studiedAt: StudyRecord.studyTime(now)
        )
    }
}

extension StudyRecord {
    /// What an event about this record says.
    var eventProperties: [String: String] {
        var properties: [String: String] = [:]
        properties["material"] = materialName
        properties["minutes"] = durationMinutes.map(String.init)
        properties["request"] = requestIdentifier
        return properties
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
