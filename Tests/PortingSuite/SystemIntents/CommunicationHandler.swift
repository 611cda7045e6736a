import Intents

/// Calling in a plain `NSObject` subclass, as VoIP apps write it:
/// parameter-specific results with their unsupported reasons, the
/// completion form beside the `async` form. Its subclass
/// `MigratedMessageHandler` sends messages to the same contacts.
class CommunicationHandler: NSObject, INStartCallIntentHandling {
    let me: INPerson
    let contacts: [INPerson]

    init(accountName: String) {
        me = INPerson(personHandle: INPersonHandle(value: accountName, type: .unknown), nameComponents: nil, displayName: accountName,
                      image: nil, contactIdentifier: nil, customIdentifier: accountName, isMe: true, suggestionType: .instantMessageAddress)
        contacts = [
            INPerson(personHandle: INPersonHandle(value: "bruno@example.com", type: .emailAddress, label: .work), nameComponents: nil,
                     displayName: "Bruno", image: nil, contactIdentifier: nil, customIdentifier: "bruno",
                     aliases: [INPersonHandle(value: "+1 555 0101", type: .phoneNumber, label: .mobile)], suggestionType: .socialProfile),
            INPerson(personHandle: INPersonHandle(value: "+1 555 0102", type: .phoneNumber), nameComponents: nil,
                     displayName: "Carla", image: nil, contactIdentifier: nil, customIdentifier: "carla"),
        ]
        super.init()
    }

    func matches(_ person: INPerson) -> [INPerson] {
        contacts.filter { $0.displayName.localizedCaseInsensitiveContains(person.displayName) }
    }

    // MARK: INStartCallIntentHandling

    func resolveContacts(for intent: INStartCallIntent) async -> [INStartCallContactResolutionResult] {
        guard let people = intent.contacts, !people.isEmpty else { return [.unsupported(forReason: .noContactFound)] }
        guard people.count == 1 else { return [.unsupported(forReason: .multipleContactsUnsupported)] }
        let found = matches(people[0])
        return [found.count == 1 ? .success(with: found[0]) : .unsupported(forReason: .noContactFound)]
    }

    func resolveCallCapability(for intent: INStartCallIntent, with completion: @escaping (INStartCallCallCapabilityResolutionResult) -> Void) {
        completion(intent.callCapability == .videoCall ? .unsupported(forReason: .videoCallUnsupported) : .success(with: .audioCall))
    }

    func resolveDestinationType(for intent: INStartCallIntent, with completion: @escaping (INCallDestinationTypeResolutionResult) -> Void) {
        completion(intent.destinationType == .unknown ? .success(with: .normal) : .success(with: intent.destinationType))
    }

    func resolveCallRecordToCallBack(for intent: INStartCallIntent) async -> INCallRecordResolutionResult {
        intent.callRecordToCallBack.map { .success(with: $0) } ?? .unsupported()
    }

    func confirm(intent: INStartCallIntent) async -> INStartCallIntentResponse {
        INStartCallIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm"))
    }

    func handle(intent: INStartCallIntent, completion: @escaping (INStartCallIntentResponse) -> Void) {
        completion(INStartCallIntentResponse(code: .continueInApp, userActivity: NSUserActivity(activityType: "INStartCallIntent")))
    }
}

extension INSendMessageIntent {
    /// The names the message goes to, for the app's log.
    var recipientNames: [String] {
        (recipients ?? []).map(\.displayName)
    }
}
