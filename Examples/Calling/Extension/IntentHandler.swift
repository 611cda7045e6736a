import Intents

/// The VoIP app's Intents extension, the principal class, shaped as such
/// extensions are on iOS: the `INExtension` subclass itself handles audio
/// calls (`INStartCallIntent`) and hands each to the app (`continueInApp`),
/// which places it; a video call goes to a handler of its own, chosen by
/// the intent's `callCapability` in `handler(for:)`; the call history is
/// searched by a third. iOS 15 deprecates the call-history intent with no
/// replacement: it is matched by name, as its class may not be named
/// outside deprecated code.
class IntentHandler: INExtension, INStartCallIntentHandling {
    override func handler(for intent: INIntent) -> Any {
        if type(of: intent).intentName == "INSearchCallHistoryIntent" { return SearchCallHistoryIntentHandler() }
        if let call = intent as? INStartCallIntent, call.callCapability == .videoCall { return VideoCallIntentHandler() }
        return self
    }

    func resolveContacts(for intent: INStartCallIntent, with completion: @escaping ([INStartCallContactResolutionResult]) -> Void) {
        completion(Directory.resolveContacts(of: intent))
    }

    /// This handler makes audio calls only (video calls have a handler of their own).
    func resolveCallCapability(for intent: INStartCallIntent, with completion: @escaping (INStartCallCallCapabilityResolutionResult) -> Void) {
        if intent.callCapability == .videoCall {
            completion(.unsupported(forReason: .videoCallUnsupported))
        } else {
            completion(.success(with: .audioCall))
        }
    }

    func resolveCallRecordToCallBack(for intent: INStartCallIntent, with completion: @escaping (INCallRecordResolutionResult) -> Void) {
        guard intent.destinationType == .callBack else {
            completion(.notRequired())
            return
        }
        if let call = Directory.call(intent.callRecordToCallBack?.identifier) {
            completion(.success(with: call))
        } else {
            completion(INStartCallCallRecordToCallBackResolutionResult.unsupported(forReason: .noMatchingCall))
        }
    }

    /// The call is placed by the app: the system launches it with the activity.
    func handle(intent: INStartCallIntent, completion: @escaping (INStartCallIntentResponse) -> Void) {
        let activity = NSUserActivity(activityType: String(describing: INStartCallIntent.self))
        completion(INStartCallIntentResponse(code: .continueInApp, userActivity: activity))
    }
}
