import Foundation
import Intents
import Testing

/// `NSUserActivity` on Linux: state kept in-process, persistence left to the system.
@Suite(.serialized)
struct NSUserActivityTests {
    @Test func becomeCurrentRecordsTheActivityInThisProcessOnly() {
        let activity = NSUserActivity(activityType: "com.example.studyrecord.qr")
        activity.isEligibleForPrediction = true
        activity.becomeCurrent()
        #expect(NSUserActivity.current === activity)
        activity.invalidate()
        #expect(NSUserActivity.current == nil)
        #expect(!activity.isValid)
    }

    @Test func userInfoCrossesAsAJSONObject() {
        let activity = NSUserActivity(activityType: "a")
        #expect(activity.userInfoJSON == nil)
        activity.addUserInfoEntries(from: ["count": 3, "url": URL(string: "https://example.com")!, "tags": ["a", "b"]])
        #expect(activity.userInfoJSON == #"{"count":3,"tags":["a","b"],"url":"https://example.com"}"#)
    }

    @Test func deletingSavedActivitiesCompletes() {
        var completed = false
        NSUserActivity.deleteSavedUserActivities(withPersistentIdentifiers: ["x"]) { completed = true }
        #expect(completed)
    }
}
