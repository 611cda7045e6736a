import Intents

/// Finds calls of the app's log by caller and by type (missed, received, …).
final class SearchCallHistoryIntentHandler: NSObject {}

// iOS 15 deprecates INSearchCallHistoryIntent with no replacement; the app
// still answers it, in an extension that says so and so builds without
// warnings.
@available(*, deprecated, message: "INSearchCallHistoryIntent is deprecated. There is no replacement.")
extension SearchCallHistoryIntentHandler: INSearchCallHistoryIntentHandling {
    func resolveRecipient(for intent: INSearchCallHistoryIntent, with completion: @escaping (INPersonResolutionResult) -> Void) {
        guard let recipient = intent.recipient else {
            completion(.notRequired())
            return
        }
        let matches = Directory.people(named: recipient)
        switch matches.count {
        case 0: completion(.unsupported())
        case 1: completion(.success(with: matches[0]))
        default: completion(.disambiguation(with: matches))
        }
    }

    func handle(intent: INSearchCallHistoryIntent, completion: @escaping (INSearchCallHistoryIntentResponse) -> Void) {
        let caller = intent.recipient?.customIdentifier
        let response = INSearchCallHistoryIntentResponse(code: .success, userActivity: nil)
        response.callRecords = Directory.calls.filter { call in
            (caller == nil || call.caller?.customIdentifier == caller)
                && (intent.callTypes.isEmpty || intent.callTypes.contains(INCallRecordTypeOptions(rawValue: 1 << (call.callRecordType.rawValue - 1))))
        }
        completion(response)
    }
}
