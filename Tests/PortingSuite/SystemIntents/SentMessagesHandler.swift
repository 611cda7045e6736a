import Intents

/// iOS 17's unsend and edit, as a messaging app writes them: a plain
/// `NSObject` conforming to both protocols, which knows the messages it
/// sent and how long each may still be taken back (two minutes) or
/// corrected (fifteen), completion and `async` forms side by side.
class SentMessagesHandler: NSObject, INUnsendMessagesIntentHandling, INEditMessageIntentHandling {
    /// The app's sent messages by identifier, with when they were sent.
    let sent: [String: Date] = [
        "msg-recent": Date().addingTimeInterval(-30),
        "msg-earlier": Date().addingTimeInterval(-10 * 60),
        "msg-yesterday": Date().addingTimeInterval(-24 * 60 * 60),
    ]

    func age(_ identifier: String) -> TimeInterval? {
        sent[identifier].map { Date().timeIntervalSince($0) }
    }

    // MARK: INUnsendMessagesIntentHandling

    func confirm(intent: INUnsendMessagesIntent, completion: @escaping (INUnsendMessagesIntentResponse) -> Void) {
        completion(INUnsendMessagesIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm")))
    }

    func handle(intent: INUnsendMessagesIntent, completion: @escaping (INUnsendMessagesIntentResponse) -> Void) {
        let identifiers = intent.messageIdentifiers ?? []
        let ages = identifiers.map(age)
        let code: INUnsendMessagesIntentResponseCode
        if identifiers.isEmpty || ages.contains(where: { $0 == nil }) {
            code = .failureMessageNotFound
        } else if ages.contains(where: { $0! > 2 * 60 }) {
            code = .failurePastUnsendTimeLimit
        } else {
            code = .success
        }
        completion(INUnsendMessagesIntentResponse(code: code, userActivity: nil))
    }

    // MARK: INEditMessageIntentHandling

    func resolveEditedContent(for intent: INEditMessageIntent) async -> INStringResolutionResult {
        guard let text = intent.editedContent?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return .needsValue() }
        return .success(with: text)
    }

    func confirm(intent: INEditMessageIntent) async -> INEditMessageIntentResponse {
        INEditMessageIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm"))
    }

    func handle(intent: INEditMessageIntent) async -> INEditMessageIntentResponse {
        guard let identifier = intent.messageIdentifier, let age = age(identifier) else {
            return INEditMessageIntentResponse(code: .failureMessageNotFound, userActivity: nil)
        }
        return INEditMessageIntentResponse(code: age > 15 * 60 ? .failurePastEditTimeLimit : .success, userActivity: nil)
    }
}
