import Intents

/// iOS 15's focus status, as a communication app shares it: the system
/// tells the extension whenever the user's Focus turns on or off, and the
/// app shows the user's contacts that notifications are silenced. The
/// status it published rides in the response's activity; when the system
/// does not say, the app, once launched, reads the status itself.
class FocusStatusHandler: NSObject, INShareFocusStatusIntentHandling {
    func confirm(intent: INShareFocusStatusIntent, completion: @escaping (INShareFocusStatusIntentResponse) -> Void) {
        completion(INShareFocusStatusIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm")))
    }

    func handle(intent: INShareFocusStatusIntent) async -> INShareFocusStatusIntentResponse {
        guard let isFocused = intent.focusStatus?.isFocused else {
            return INShareFocusStatusIntentResponse(code: .failureRequiringAppLaunch, userActivity: nil)
        }
        let published = NSUserActivity(activityType: "com.example.porting.system.focus")
        published.userInfo = ["status": isFocused ? "notifications silenced" : "available"]
        return INShareFocusStatusIntentResponse(code: .success, userActivity: published)
    }
}
