import Intents

/// Calling in a plain `NSObject` subclass, as VoIP apps write it:
/// parameter-specific results with their unsupported reasons, the
/// completion form beside the `async` form, and iOS 10's audio and video
/// call intents in the same class (below). Its subclass
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
        // Matched on what Siri heard, as VoIP apps read it: INPerson is INSpeakable.
        contacts.filter { $0.spokenPhrase.localizedCaseInsensitiveContains(person.spokenPhrase) }
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

// MARK: INCallsDomainHandling

// iOS 10's call intents, deprecated since iOS 13 and still adopted by VoIP
// apps beside INStartCallIntent, through iOS 10's one protocol for the calls
// domain (audio and video calls and the call history): the conformance is in
// an extension that says so, as an app that builds without warnings writes
// it. The call history is InboxHandler's here.
@available(*, deprecated, message: "the app still takes iOS 10's audio and video call intents")
extension CommunicationHandler: INCallsDomainHandling {
    func callees(_ people: [INPerson]?) -> [INPersonResolutionResult] {
        guard let people, !people.isEmpty else { return [.needsValue()] }
        return people.map { person in
            let found = matches(person)
            switch found.count {
            case 1: return .success(with: found[0])
            case 0: return .unsupported()
            default: return .disambiguation(with: found)
            }
        }
    }

    func resolveContacts(for intent: INStartAudioCallIntent, with completion: @escaping ([INPersonResolutionResult]) -> Void) {
        completion(callees(intent.contacts))
    }

    func resolveDestinationType(for intent: INStartAudioCallIntent) async -> INCallDestinationTypeResolutionResult {
        intent.destinationType == .unknown ? .success(with: .normal) : .success(with: intent.destinationType)
    }

    func confirm(intent: INStartAudioCallIntent, completion: @escaping (INStartAudioCallIntentResponse) -> Void) {
        completion(INStartAudioCallIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm")))
    }

    func handle(intent: INStartAudioCallIntent, completion: @escaping (INStartAudioCallIntentResponse) -> Void) {
        completion(INStartAudioCallIntentResponse(code: .continueInApp, userActivity: NSUserActivity(activityType: "INStartAudioCallIntent")))
    }

    func resolveContacts(for intent: INStartVideoCallIntent) async -> [INPersonResolutionResult] {
        callees(intent.contacts)
    }

    func confirm(intent: INStartVideoCallIntent) async -> INStartVideoCallIntentResponse {
        INStartVideoCallIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm"))
    }

    func handle(intent: INStartVideoCallIntent) async -> INStartVideoCallIntentResponse {
        INStartVideoCallIntentResponse(code: .continueInApp, userActivity: NSUserActivity(activityType: "INStartVideoCallIntent"))
    }

    func handle(intent: INSearchCallHistoryIntent, completion: @escaping (INSearchCallHistoryIntentResponse) -> Void) {
        completion(INSearchCallHistoryIntentResponse(code: .continueInApp, userActivity: nil))
    }
}

// MARK: INAnswerCallIntentHandling, INHangUpCallIntentHandling

// iOS 16.2's calls answered and ended by voice, in the same class: the call
// the app knows by its identifier.
extension CommunicationHandler: INAnswerCallIntentHandling, INHangUpCallIntentHandling {
    func confirm(intent: INAnswerCallIntent) async -> INAnswerCallIntentResponse {
        INAnswerCallIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm"))
    }

    func handle(intent: INAnswerCallIntent, completion: @escaping (INAnswerCallIntentResponse) -> Void) {
        let response = INAnswerCallIntentResponse(code: .success, userActivity: nil)
        response.callRecords = [INCallRecord(identifier: intent.callIdentifier ?? "ringing", dateCreated: nil, caller: contacts[1],
                                             callRecordType: .received, callCapability: .audioCall, callDuration: nil, unseen: nil)]
        completion(response)
    }

    func confirm(intent: INHangUpCallIntent, completion: @escaping (INHangUpCallIntentResponse) -> Void) {
        completion(INHangUpCallIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm")))
    }

    func handle(intent: INHangUpCallIntent) async -> INHangUpCallIntentResponse {
        INHangUpCallIntentResponse(code: intent.callIdentifier == nil ? .failureNoCallToHangUp : .success, userActivity: nil)
    }
}

extension INSendMessageIntent {
    /// The names the message goes to, for the app's log.
    var recipientNames: [String] {
        (recipients ?? []).map(\.displayName)
    }
}
