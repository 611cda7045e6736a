import AppProcessIntents
import Intents

/// Told that the Focus changed, the app reads it from the center, as
/// Apple's sample apps do, and publishes what its contacts will see. The
/// published status rides in the response's activity.
class ShareFocusStatusIntentHandler: NSObject, INShareFocusStatusIntentHandling {
    func handle(intent: INShareFocusStatusIntent, completion: @escaping (INShareFocusStatusIntentResponse) -> Void) {
        let center = INFocusStatusCenter.default
        guard center.authorizationStatus == .authorized, let isFocused = center.focusStatus.isFocused else {
            completion(INShareFocusStatusIntentResponse(code: .failure, userActivity: nil))
            return
        }
        let published = NSUserActivity(activityType: "com.example.presence.status")
        published.userInfo = ["presence": isFocused ? "notifications silenced" : "available"]
        UIApplication.shared.show("Presence: \(isFocused ? "notifications silenced" : "available")")
        completion(INShareFocusStatusIntentResponse(code: .success, userActivity: published))
    }
}
