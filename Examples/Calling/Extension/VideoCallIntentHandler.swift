import Intents

/// Video calls: `IntentHandler.handler(for:)` returns this handler when the
/// intent asks for one (`callCapability` is `.videoCall`), as VoIP apps
/// whose video calls go through a service of their own do. The app places
/// the call.
final class VideoCallIntentHandler: NSObject, INStartCallIntentHandling {
    func resolveContacts(for intent: INStartCallIntent, with completion: @escaping ([INStartCallContactResolutionResult]) -> Void) {
        completion(Directory.resolveContacts(of: intent))
    }

    func resolveCallCapability(for intent: INStartCallIntent, with completion: @escaping (INStartCallCallCapabilityResolutionResult) -> Void) {
        completion(.success(with: .videoCall))
    }

    /// The app places the call: the system launches it with the activity,
    /// whose interaction carries the video capability.
    func handle(intent: INStartCallIntent, completion: @escaping (INStartCallIntentResponse) -> Void) {
        let activity = NSUserActivity(activityType: String(describing: INStartCallIntent.self))
        completion(INStartCallIntentResponse(code: .continueInApp, userActivity: activity))
    }
}
