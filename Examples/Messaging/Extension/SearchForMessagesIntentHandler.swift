import Intents

/// Finds messages of the app's inbox by sender and by words of their content.
final class SearchForMessagesIntentHandler: NSObject, INSearchForMessagesIntentHandling {
    func resolveSenders(for intent: INSearchForMessagesIntent, with completion: @escaping ([INPersonResolutionResult]) -> Void) {
        let results = (intent.senders ?? []).map { sender -> INPersonResolutionResult in
            let matches = ContactBook.people(matching: sender)
            switch matches.count {
            case 0: return .unsupported()
            case 1: return .success(with: matches[0])
            default: return .disambiguation(with: matches)
            }
        }
        completion(results)
    }

    func handle(intent: INSearchForMessagesIntent, completion: @escaping (INSearchForMessagesIntentResponse) -> Void) {
        let senders = Set((intent.senders ?? []).compactMap(\.customIdentifier))
        let terms = (intent.searchTerms ?? []).map { $0.lowercased() }
        let found = Inbox.messages.filter { message in
            (senders.isEmpty || senders.contains(message.sender?.customIdentifier ?? ""))
                && terms.allSatisfy { (message.content ?? "").lowercased().contains($0) }
        }
        let response = INSearchForMessagesIntentResponse(code: .success, userActivity: nil)
        response.messages = found
        completion(response)
    }
}
