import Intents

/// Finds messages of the app's inbox by sender, by words of their content,
/// by when they were sent (whole days, both ends included) and by whether
/// they are read or flagged (`attributes`, an option set). The senders and
/// the words are taken as their operators say: `.none` of the senders,
/// `.all`, `.any` or `.none` of the words.
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
            let content = (message.content ?? "").lowercased()
            return (senders.isEmpty || senders.contains(message.sender?.customIdentifier ?? "") != (intent.sendersOperator == .none))
                && Self.matches(terms, intent.searchTermsOperator) { content.contains($0) }
                && message.dateSent.map(sent.contains) ?? true
                && Inbox.message(message.identifier ?? "", has: intent.attributes)
        }
        let response = INSearchForMessagesIntentResponse(code: .success, userActivity: nil)
        response.messages = found
        completion(response)
    }

    /// Whether `found` holds for the items as `condition` asks: for all of
    /// them, any of them, or none; no items always match.
    private static func matches(_ items: [String], _ condition: INConditionalOperator, _ found: (String) -> Bool) -> Bool {
        guard !items.isEmpty else { return true }
        switch condition {
        case .all: return items.allSatisfy(found)
        case .any: return items.contains(where: found)
        case .none: return !items.contains(where: found)
        }
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
