import Intents

/// The messaging app's Intents extension: the principal class. It defines
/// no intent of its own; it handles Apple's `INSendMessageIntent`,
/// `INSearchForMessagesIntent` and `INSetMessageAttributeIntent`, which it
/// lists as supported (Export.swift), as its iOS version lists them in
/// `IntentsSupported`.
class IntentHandler: INExtension {
    override func handler(for intent: INIntent) -> Any {
        switch intent {
        case is INSendMessageIntent: return SendMessageIntentHandler()
        case is INSearchForMessagesIntent: return SearchForMessagesIntentHandler()
        case is INSetMessageAttributeIntent: return SetMessageAttributeIntentHandler()
        default: return self
        }
    }
}

/// Sends a message: recipients matched against the app's contacts (several
/// matches are offered to the user), the content asked for when missing.
final class SendMessageIntentHandler: NSObject, INSendMessageIntentHandling {
    func resolveRecipients(for intent: INSendMessageIntent, with completion: @escaping ([INSendMessageRecipientResolutionResult]) -> Void) {
        guard let recipients = intent.recipients, !recipients.isEmpty else {
            completion([.needsValue()])
            return
        }
        let results = recipients.map { recipient -> INSendMessageRecipientResolutionResult in
            // Siri matched the name to several of the contacts the app gave
            // it (INVocabulary): the person picks one of them.
            if let siriMatches = recipient.siriMatches, siriMatches.count > 1 {
                return .disambiguation(with: siriMatches.flatMap(ContactBook.people(matching:)))
            }
            let matches = ContactBook.people(matching: recipient)
            switch matches.count {
            case 0: return .unsupported(forReason: .noValidHandle)
            case 1: return .success(with: matches[0])
            default: return .disambiguation(with: matches)
            }
        }
        completion(results)
    }

    func resolveContent(for intent: INSendMessageIntent, with completion: @escaping (INStringResolutionResult) -> Void) {
        guard let text = intent.content, !text.isEmpty else {
            completion(.needsValue())
            return
        }
        completion(.success(with: text))
    }

    func confirm(intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void) {
        completion(INSendMessageIntentResponse(code: .ready, userActivity: nil))
    }

    func handle(intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void) {
        guard let recipients = intent.recipients, let content = intent.content else {
            completion(INSendMessageIntentResponse(code: .failure, userActivity: nil))
            return
        }
        for recipient in recipients {
            let address = recipient.personHandle?.value ?? recipient.displayName
            ExtensionHost.log("sent to \(recipient.displayName) <\(address)>: \(content)")
        }
        for file in intent.attachments?.compactMap(\.audioMessageFile) ?? [] {
            ExtensionHost.log("with the recording \(file.filename) (\(file.fileURL?.path ?? "no location"))")
        }
        let response = INSendMessageIntentResponse(code: .success, userActivity: nil)
        response.sentMessages = [
            INMessage(
                identifier: "sent-\(Inbox.messages.count + 1)",
                conversationIdentifier: intent.conversationIdentifier,
                content: content,
                dateSent: nil,
                sender: intent.sender,
                recipients: recipients,
                groupName: intent.speakableGroupName,
                messageType: intent.outgoingMessageType == .outgoingMessageAudio ? .audio : .text,
                serviceName: intent.serviceName
            ),
        ]
        completion(response)
    }
}
