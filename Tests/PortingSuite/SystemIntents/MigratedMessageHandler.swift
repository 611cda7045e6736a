import Intents

/// Sending messages with the names a handler written for iOS 10 has once a
/// later SDK's Swift names are applied to it: the deprecated selector's
/// `async` form `resolveRecipients(for:) async -> [INPersonResolutionResult]`
/// (beside today's, which answers `[INSendMessageRecipientResolutionResult]`;
/// the tests of the SDK reach its completion form)
/// and `resolveGroupName(for:with:)` resolving a `String`; the methods whose
/// selectors did not change have today's names. A subclass adding a
/// protocol to its superclass's contacts.
class MigratedMessageHandler: CommunicationHandler, INSendMessageIntentHandling {
    let groups = ["Climbing crew", "Book club"]

    func resolveRecipients(for intent: INSendMessageIntent) async -> [INPersonResolutionResult] {
        guard let recipients = intent.recipients, !recipients.isEmpty else {
            return [.needsValue()]
        }
        return recipients.map { recipient in
            let found = matches(recipient)
            switch found.count {
            case 0: return .unsupported()
            case 1: return .success(with: found[0])
            default: return .disambiguation(with: found)
            }
        }
    }

    func resolveContent(for intent: INSendMessageIntent, with completion: @escaping (INStringResolutionResult) -> Void) {
        guard let text = intent.content, !text.isEmpty else {
            completion(.needsValue())
            return
        }
        completion(.success(with: text))
    }

    func resolveGroupName(for intent: INSendMessageIntent, with completion: @escaping (INStringResolutionResult) -> Void) {
        guard let spoken = intent.speakableGroupName?.spokenPhrase else {
            // Without people either, the message can only go to one of the groups.
            completion(intent.recipients?.isEmpty == false ? .notRequired() : .disambiguation(with: groups))
            return
        }
        // The app's own spelling of a group it knows.
        guard let group = groups.first(where: { $0.caseInsensitiveCompare(spoken) == .orderedSame }) else {
            completion(.unsupported())
            return
        }
        completion(.success(with: group))
    }

    func resolveOutgoingMessageType(for intent: INSendMessageIntent) async -> INOutgoingMessageTypeResolutionResult {
        intent.outgoingMessageType == .outgoingMessageAudio ? .unsupported() : .success(with: .outgoingMessageText)
    }

    func confirm(intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void) {
        completion(INSendMessageIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm")))
    }

    func handle(intent: INSendMessageIntent) async -> INSendMessageIntentResponse {
        INSendMessageIntentResponse(code: .success, userActivity: nil)
    }
}
