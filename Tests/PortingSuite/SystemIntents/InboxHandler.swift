import Intents

/// Marking messages and reading the call history: a plain `NSObject`
/// conforming to two protocols, as a messaging and calling app writes it,
/// with iOS's plain result types (`INPersonResolutionResult`, not a
/// parameter-specific one). Searching messages is `ClassicSearchHandler`'s,
/// written with iOS 10's names.
class InboxHandler: NSObject, INSetMessageAttributeIntentHandling {
    let contacts = [INPerson(personHandle: INPersonHandle(value: "ana@example.com", type: .emailAddress), nameComponents: nil,
                             displayName: "Ana", image: nil, contactIdentifier: "c1", customIdentifier: nil)]

    func people(_ spoken: [INPerson]?) -> [INPersonResolutionResult] {
        guard let spoken, !spoken.isEmpty else { return [.success(with: contacts[0])] }
        return spoken.map { person in
            let found = contacts.filter { $0.displayName.localizedCaseInsensitiveContains(person.displayName) }
            return found.count == 1 ? .success(with: found[0]) : .disambiguation(with: contacts)
        }
    }

    func resolveAttribute(for intent: INSetMessageAttributeIntent, with completion: @escaping (INMessageAttributeResolutionResult) -> Void) {
        completion(intent.attribute == .unknown ? .confirmationRequired(with: .read) : .success(with: intent.attribute))
    }

    func confirm(intent: INSetMessageAttributeIntent) async -> INSetMessageAttributeIntentResponse {
        INSetMessageAttributeIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm"))
    }

    func handle(intent: INSetMessageAttributeIntent, completion: @escaping (INSetMessageAttributeIntentResponse) -> Void) {
        completion(INSetMessageAttributeIntentResponse(code: .failureMessageNotFound, userActivity: nil))
    }
}

// The call history: iOS 15 deprecates INSearchCallHistoryIntent with no
// replacement, so the conformance is in an extension that says so, as an
// app that builds without warnings writes it.
@available(*, deprecated, message: "INSearchCallHistoryIntent is deprecated. There is no replacement.")
extension InboxHandler: INSearchCallHistoryIntentHandling {
    func resolveDateCreated(for intent: INSearchCallHistoryIntent, with completion: @escaping (INDateComponentsRangeResolutionResult) -> Void) {
        completion(intent.dateCreated.map { .success(with: $0) } ?? .unsupported())
    }

    func resolveRecipient(for intent: INSearchCallHistoryIntent) async -> INPersonResolutionResult {
        people(intent.recipient.map { [$0] })[0]
    }

    func resolveCallType(for intent: INSearchCallHistoryIntent, with completion: @escaping (INCallRecordTypeResolutionResult) -> Void) {
        // Deprecated since iOS 11 (Siri fills callTypes): missed calls only.
        completion(.success(with: .missed))
    }

    func resolveCallTypes(for intent: INSearchCallHistoryIntent) async -> INCallRecordTypeOptionsResolutionResult {
        intent.callTypes.isEmpty ? .confirmationRequired(with: [.missed, .voicemail]) : .success(with: intent.callTypes)
    }

    func resolveUnseen(for intent: INSearchCallHistoryIntent) async -> INBooleanResolutionResult {
        .success(with: intent.unseen ?? true)
    }

    func confirm(intent: INSearchCallHistoryIntent, completion: @escaping (INSearchCallHistoryIntentResponse) -> Void) {
        completion(INSearchCallHistoryIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm")))
    }

    func handle(intent: INSearchCallHistoryIntent) async -> INSearchCallHistoryIntentResponse {
        INSearchCallHistoryIntentResponse(code: .continueInApp, userActivity: nil)
    }
}

/// What an inbox app adds to the search intent, as apps extend Apple's
/// classes: the search it makes when Siri gives no criteria (Apple's iOS 12
/// initialiser, under the name Swift imports), and whether a search takes
/// in a sender (its `sendersOperator`, whose `.all` is a value).
extension INSearchForMessagesIntent {
    static func unread(from person: INPerson) -> INSearchForMessagesIntent {
        INSearchForMessagesIntent(recipients: nil, senders: [person], searchTerms: nil, attributes: .unread, dateTime: nil,
                                  identifiers: nil, notificationIdentifiers: nil, speakableGroupNames: nil, conversationIdentifiers: nil)
    }

    func takesIn(sender: INPerson) -> Bool {
        let named = senders?.contains { $0.displayName == sender.displayName }
        switch sendersOperator {
        case .all, .any: return named ?? true
        case .none: return !(named ?? false)
        }
    }
}
