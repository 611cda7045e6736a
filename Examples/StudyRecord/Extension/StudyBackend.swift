import Foundation
import Intents

/// One study record, as the backend takes it.
struct StudyRecord: Codable, Equatable {
    var materialIdentifier: String?
    var materialName: String?
    var durationMinutes: Int?
    var amount: Int?
    var rangeStart: Int?
    var rangeEnd: Int?
    var memo: String?
    var requestIdentifier: String?

    init(intent: PostStudyRecordIntent) {
        materialIdentifier = intent.material?.identifier
        materialName = intent.material?.displayString
        durationMinutes = intent.duration.map { Int(truncating: $0) }
        amount = intent.amount.map { Int(truncating: $0) }
        rangeStart = intent.rangeStart.map { Int(truncating: $0) }
        rangeEnd = intent.rangeEnd.map { Int(truncating: $0) }
        memo = intent.memo
        requestIdentifier = intent.identifier
    }
}

/// Progress towards the weekly goal, after a record.
struct WeeklyProgress: Codable, Equatable {
    var weeklyMinutes: Int
    var weeklyGoalMinutes: Int

    /// The activity that opens the goal screen in the app.
    var userActivity: NSUserActivity {
        let activity = NSUserActivity(activityType: "com.example.studyrecord.weekly-goal")
        activity.title = "Weekly goal"
        activity.userInfo = ["weeklyMinutes": weeklyMinutes, "weeklyGoalMinutes": weeklyGoalMinutes]
        activity.requiredUserInfoKeys = ["weeklyMinutes", "weeklyGoalMinutes"]
        return activity
    }
}

/// Why the backend refused or could not take a record.
enum StudyBackendError: Error, Equatable {
    /// The backend cannot be reached.
    case offline
    /// The user is not logged in.
    case loggedOut
    /// The material is not on the user's bookshelf.
    case materialNotOnBookshelf
    /// The memo contains a word the backend bans.
    case bannedWordInMemo
    /// Anything else.
    case unexpected(String)
}

/// The app's backend, as the extension sees it.
protocol StudyBackend: Sendable {
    /// Posts a record; answers the weekly progress after it.
    func post(_ record: StudyRecord) -> Result<WeeklyProgress, StudyBackendError>
}

/// Records kept while offline: appended to `pending-records.jsonl` in the
/// shared container, which the app sends when it next launches online.
enum PendingRecords {
    static func keep(_ record: StudyRecord) {
        guard let container = ExtensionHost.sharedContainerPath,
              let line = try? JSONEncoder().encode(record) else {
            ExtensionHost.log("offline, and no shared container to keep the record in", level: .error)
            return
        }
        let url = URL(fileURLWithPath: container).appendingPathComponent("pending-records.jsonl")
        let fd = open(url.path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard fd >= 0 else {
            ExtensionHost.log("cannot open \(url.path) to keep the record", level: .error)
            return
        }
        defer { close(fd) }
        // One write of one line with O_APPEND: the app and other extensions may append concurrently.
        let bytes = Array(line) + [UInt8(ascii: "\n")]
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}
