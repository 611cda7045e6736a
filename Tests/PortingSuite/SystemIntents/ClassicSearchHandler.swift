import Intents

/// Searching messages as a handler written for iOS 10 still reads: only
/// iOS 10's method names (`resolveRecipients(forSearchForMessages:with:)`,
/// `handle(searchForMessages:completion:)`), and the group names resolved
/// as strings (`resolveGroupNames(forSearchForMessages:with:)` answers
/// `[INStringResolutionResult]`, where today's method answers speakable
/// strings). Apple deprecated these names in iOS 11; the host reaches
/// them through today's. It adopts the domain's protocols as such handlers
/// did, through `INMessagesDomainHandling` alone (below).
class ClassicSearchHandler: NSObject {
    let people = [
        INPerson(personHandle: INPersonHandle(value: "ana@example.com", type: .emailAddress), nameComponents: nil,
                 displayName: "Ana Lima", image: nil, contactIdentifier: "c1", customIdentifier: nil),
        INPerson(personHandle: INPersonHandle(value: "ana.s@example.com", type: .emailAddress), nameComponents: nil,
                 displayName: "Ana Souza", image: nil, contactIdentifier: "c2", customIdentifier: nil),
    ]
    let groups = ["Climbing crew", "Book club"]

    func resolved(_ spoken: [INPerson]?) -> [INPersonResolutionResult] {
        guard let spoken, !spoken.isEmpty else { return [.success(with: people[0])] }
        return spoken.map { person in
            let found = people.filter { $0.displayName.localizedCaseInsensitiveContains(person.displayName) }
            switch found.count {
            case 0: return .unsupported()
            case 1: return .success(with: found[0])
            default: return .disambiguation(with: found)
            }
        }
    }

    func resolveRecipients(forSearchForMessages intent: INSearchForMessagesIntent, with completion: @escaping ([INPersonResolutionResult]) -> Void) {
        completion(resolved(intent.recipients))
    }

    func resolveSenders(forSearchForMessages intent: INSearchForMessagesIntent, with completion: @escaping ([INPersonResolutionResult]) -> Void) {
        completion(resolved(intent.senders))
    }

    func resolveAttributes(forSearchForMessages intent: INSearchForMessagesIntent, with completion: @escaping (INMessageAttributeOptionsResolutionResult) -> Void) {
        completion(.success(with: intent.attributes.isEmpty ? .unread : intent.attributes))
    }

    func resolveDateTimeRange(forSearchForMessages intent: INSearchForMessagesIntent, with completion: @escaping (INDateComponentsRangeResolutionResult) -> Void) {
        completion(.success(with: intent.dateTimeRange ?? INDateComponentsRange(start: DateComponents(year: 2016, month: 9, day: 13), end: nil)))
    }

    func resolveGroupNames(forSearchForMessages intent: INSearchForMessagesIntent, with completion: @escaping ([INStringResolutionResult]) -> Void) {
        let spoken = intent.speakableGroupNames?.map(\.spokenPhrase) ?? []
        guard !spoken.isEmpty else {
            completion([.disambiguation(with: groups)])
            return
        }
        completion(spoken.map { name in
            groups.first { $0.localizedCaseInsensitiveCompare(name) == .orderedSame }.map { .success(with: $0) } ?? .unsupported()
        })
    }

    func confirm(searchForMessages intent: INSearchForMessagesIntent, completion: @escaping (INSearchForMessagesIntentResponse) -> Void) {
        completion(INSearchForMessagesIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm")))
    }

    func handle(searchForMessages intent: INSearchForMessagesIntent, completion: @escaping (INSearchForMessagesIntentResponse) -> Void) {
        let response = INSearchForMessagesIntentResponse(code: .success, userActivity: nil)
        let group = intent.speakableGroupNames?.first
        // The message's photo, attached with the initialiser of iOS 16 (an SDK the app moved to
        // while keeping its handler's iOS 10 names).
        let photo = INFile(data: Data("rope-photo".utf8), filename: "rope.jpg", typeIdentifier: "public.jpeg")
        let ropeCheck = INMessage(identifier: "m7", conversationIdentifier: "crew", content: "Rope check at six", dateSent: nil,
                                  sender: intent.senders?.first ?? people[0], recipients: nil, groupName: group, messageType: .mediaImage,
                                  serviceName: nil, attachmentFiles: [photo])
        // The answers to it: a sticker and a reaction (iOS 18's initialiser), and the
        // photos of the day counted rather than attached (iOS 17's).
        response.messages = [
            ropeCheck,
            INMessage(identifier: "m8", conversationIdentifier: "crew", content: nil, dateSent: nil, sender: people[1], recipients: nil,
                      groupName: group, serviceName: nil, messageType: .sticker, referencedMessage: ropeCheck,
                      sticker: INSticker(type: .emoji, emoji: "🧗"), reaction: nil),
            INMessage(identifier: "m9", conversationIdentifier: "crew", content: nil, dateSent: nil, sender: people[1], recipients: nil,
                      groupName: group, serviceName: nil, messageType: .tapbackLoved, referencedMessage: ropeCheck, sticker: nil,
                      reaction: INMessageReaction(reactionType: .emoji, reactionDescription: "Loved", emoji: "❤️")),
            INMessage(identifier: "m10", conversationIdentifier: "crew", content: "Photos from the wall", dateSent: nil, sender: people[1],
                      recipients: nil, groupName: group, serviceName: nil, messageType: .mediaImage, numberOfAttachments: 3),
        ]
        completion(response)
    }
}

// MARK: INMessagesDomainHandling

// iOS 10's one protocol for the whole messages domain, deprecated since iOS
// 13: the conformance is in an extension that says so, as an app that builds
// without warnings writes it. Sending and marking are other handlers' here.
@available(*, deprecated, message: "the app still adopts iOS 10's messages domain protocol")
extension ClassicSearchHandler: INMessagesDomainHandling {
    func handle(sendMessage intent: INSendMessageIntent, completion: @escaping (INSendMessageIntentResponse) -> Void) {
        completion(INSendMessageIntentResponse(code: .failureRequiringAppLaunch, userActivity: nil))
    }

    func handle(intent: INSetMessageAttributeIntent, completion: @escaping (INSetMessageAttributeIntentResponse) -> Void) {
        completion(INSetMessageAttributeIntentResponse(code: .failureRequiringAppLaunch, userActivity: nil))
    }
}
