import Intents

/// The VoIP app's Intents extension, the principal class, shaped as such
/// extensions are on iOS: the `INExtension` subclass itself handles
/// `INStartCallIntent` and hands the call to the app (`continueInApp`),
/// which places it; the call history is searched by a handler of its own.
/// iOS 15 deprecates the call-history intent with no replacement: it is
/// matched by name, as its class may not be named outside deprecated code.
class IntentHandler: INExtension, INStartCallIntentHandling {
    override func handler(for intent: INIntent) -> Any {
        type(of: intent).intentName == "INSearchCallHistoryIntent" ? SearchCallHistoryIntentHandler() : self
    }

    /// One person per call, matched against the app's directory; "call back"
    /// calls the caller of the logged call.
    func resolveContacts(for intent: INStartCallIntent, with completion: @escaping ([INStartCallContactResolutionResult]) -> Void) {
        let contacts = intent.contacts ?? []
        if contacts.isEmpty, intent.destinationType == .callBack,
           let caller = Directory.call(intent.callRecordToCallBack?.identifier)?.caller {
            completion([.success(with: caller)])
            return
        }
        guard let contact = contacts.first else {
            completion([.needsValue()])
            return
        }
        guard contacts.count == 1 else {
            completion([.unsupported(forReason: .multipleContactsUnsupported)])
            return
        }
        let matches = Directory.people(named: contact)
        switch matches.count {
        case 0: completion([.unsupported(forReason: .noContactFound)])
        case 1: completion([.success(with: matches[0])])
        default: completion([.disambiguation(with: matches)])
        }
    }

    /// The app makes audio calls only.
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
