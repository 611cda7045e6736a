import Intents

/// Reading the inbox and the call history: a plain `NSObject` conforming
/// to three protocols, as a messaging and calling app writes it, with
/// iOS's plain result types (`INPersonResolutionResult`, not a
/// parameter-specific one).
class InboxHandler: NSObject, INSearchForMessagesIntentHandling, INSetMessageAttributeIntentHandling, INSearchCallHistoryIntentHandling {
    let contacts = [INPerson(personHandle: INPersonHandle(value: "ana@example.com", type: .emailAddress), nameComponents: nil,
                             displayName: "Ana", image: nil, contactIdentifier: "c1", customIdentifier: nil)]

    func people(_ spoken: [INPerson]?) -> [INPersonResolutionResult] {
        guard let spoken, !spoken.isEmpty else { return [.success(with: contacts[0])] }
        return spoken.map { person in
            let found = contacts.filter { $0.displayName.localizedCaseInsensitiveContains(person.displayName) }
            return found.count == 1 ? .success(with: found[0]) : .disambiguation(with: contacts)
        }
    }

    func resolveRecipients(for intent: INSearchForMessagesIntent, with completion: @escaping ([INPersonResolutionResult]) -> Void) {
        completion(people(intent.recipients))
    }

    func resolveSenders(for intent: INSearchForMessagesIntent) async -> [INPersonResolutionResult] {
        people(intent.senders)
    }

    func resolveSpeakableGroupNames(for intent: INSearchForMessagesIntent, with completion: @escaping ([INSpeakableStringResolutionResult]) -> Void) {
        completion((intent.speakableGroupNames ?? []).isEmpty ? [.unsupported()] : intent.speakableGroupNames!.map { .success(with: $0) })
    }

    func resolveDateTimeRange(for intent: INSearchForMessagesIntent) async -> INDateComponentsRangeResolutionResult {
        guard let range = intent.dateTimeRange else {
            return .success(with: INDateComponentsRange(start: DateComponents(year: 2026, month: 1, day: 1), end: nil))
        }
        return .success(with: range)
    }

    func resolveAttribute(for intent: INSetMessageAttributeIntent, with completion: @escaping (INMessageAttributeResolutionResult) -> Void) {
        completion(intent.attribute == .unknown ? .confirmationRequired(with: .read) : .success(with: intent.attribute))
    }

    func resolveDateCreated(for intent: INSearchCallHistoryIntent, with completion: @escaping (INDateComponentsRangeResolutionResult) -> Void) {
        completion(intent.dateCreated.map { .success(with: $0) } ?? .unsupported())
    }

    func resolveRecipient(for intent: INSearchCallHistoryIntent) async -> INPersonResolutionResult {
        people(intent.recipient.map { [$0] })[0]
    }

    func resolveCallType(for intent: INSearchCallHistoryIntent, with completion: @escaping (INCallRecordTypeResolutionResult) -> Void) {
        completion(intent.callType == .unknown ? .success(with: .missed) : .success(with: intent.callType))
    }

    func resolveCallTypes(for intent: INSearchCallHistoryIntent) async -> INCallRecordTypeOptionsResolutionResult {
        intent.callTypes.isEmpty ? .confirmationRequired(with: [.missed, .voicemail]) : .success(with: intent.callTypes)
    }

    func resolveAttributes(for intent: INSearchForMessagesIntent, with completion: @escaping (INMessageAttributeOptionsResolutionResult) -> Void) {
        completion(intent.attributes.contains(.played) ? .unsupported() : .success(with: intent.attributes.isEmpty ? .unread : intent.attributes))
    }

    func resolveUnseen(for intent: INSearchCallHistoryIntent) async -> INBooleanResolutionResult {
        .success(with: intent.unseen ?? true)
    }

    func confirm(intent: INSearchForMessagesIntent, completion: @escaping (INSearchForMessagesIntentResponse) -> Void) {
        completion(INSearchForMessagesIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm")))
    }

    func confirm(intent: INSetMessageAttributeIntent) async -> INSetMessageAttributeIntentResponse {
        INSetMessageAttributeIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm"))
    }

    func confirm(intent: INSearchCallHistoryIntent, completion: @escaping (INSearchCallHistoryIntentResponse) -> Void) {
        completion(INSearchCallHistoryIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm")))
    }

    /// The search the app makes when Siri gives no criteria: the unread
    /// messages from its first contact (Apple's iOS 12 initialiser, under
    /// the name Swift imports).
    func defaultSearch() -> INSearchForMessagesIntent {
        INSearchForMessagesIntent(recipients: nil, senders: [contacts[0]], searchTerms: nil, attributes: .unread, dateTime: nil,
                                  identifiers: nil, notificationIdentifiers: nil, speakableGroupNames: nil, conversationIdentifiers: nil)
    }

    func handle(intent: INSearchForMessagesIntent) async -> INSearchForMessagesIntentResponse {
        let search = intent.senders == nil && intent.searchTerms == nil ? defaultSearch() : intent
        let fromAna: Bool
        switch search.sendersOperator {
        case .all, .any: fromAna = search.senders?.contains { $0.displayName == contacts[0].displayName } ?? true
        case .none: fromAna = !(search.senders?.contains { $0.displayName == contacts[0].displayName } ?? false)
        }
        let response = INSearchForMessagesIntentResponse(code: .success, userActivity: nil)
        response.messages = fromAna ? [INMessage(identifier: "m1", content: "Lunch?", dateSent: nil, sender: contacts[0], recipients: nil)] : []
        return response
    }

    func handle(intent: INSetMessageAttributeIntent, completion: @escaping (INSetMessageAttributeIntentResponse) -> Void) {
        completion(INSetMessageAttributeIntentResponse(code: .failureMessageNotFound, userActivity: nil))
    }

    func handle(intent: INSearchCallHistoryIntent) async -> INSearchCallHistoryIntentResponse {
        INSearchCallHistoryIntentResponse(code: .continueInApp, userActivity: nil)
    }
}
