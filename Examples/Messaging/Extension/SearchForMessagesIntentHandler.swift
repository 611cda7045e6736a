import Intents

/// Finds messages of the app's inbox by sender, by words of their content,
/// by when they were sent (whole days, both ends included) and by whether
/// they are read or flagged (`attributes`, an option set).
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

    /// Read, unread, flagged and unflagged are searched; the inbox has no audio messages to have been played.
    func resolveAttributes(for intent: INSearchForMessagesIntent, with completion: @escaping (INMessageAttributeOptionsResolutionResult) -> Void) {
        if intent.attributes.contains(.played) {
            completion(.unsupported())
        } else {
            completion(.success(with: intent.attributes))
        }
    }

    func handle(intent: INSearchForMessagesIntent, completion: @escaping (INSearchForMessagesIntentResponse) -> Void) {
        let senders = Set((intent.senders ?? []).compactMap(\.customIdentifier))
        let terms = (intent.searchTerms ?? []).map { $0.lowercased() }
        let sent = Self.days(intent.dateTimeRange)
        let found = Inbox.messages.filter { message in
            (senders.isEmpty || senders.contains(message.sender?.customIdentifier ?? ""))
                && terms.allSatisfy { (message.content ?? "").lowercased().contains($0) }
                && message.dateSent.map(sent.contains) ?? true
                && Inbox.message(message.identifier ?? "", has: intent.attributes)
        }
        let response = INSearchForMessagesIntentResponse(code: .success, userActivity: nil)
        response.messages = found
        completion(response)
    }

    /// The dates a range covers, from the start of its first day to the end
    /// of its last; an open end is open.
    private static func days(_ range: INDateComponentsRange?) -> Range<Date> {
        let calendar = Calendar.current
        let start = range?.startDateComponents.flatMap(calendar.date(from:)).map(calendar.startOfDay(for:)) ?? .distantPast
        let end = range?.endDateComponents.flatMap(calendar.date(from:))
            .flatMap { calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: $0)) } ?? .distantFuture
        return start..<max(start, end)
    }
}
