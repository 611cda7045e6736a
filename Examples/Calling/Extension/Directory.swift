import Intents

/// The people the app can call, and its log of calls.
enum Directory {
    static let people: [INPerson] = [
        contact("bruno", "Bruno Costa", "+55 11 5550-0101"),
        contact("ana-lima", "Ana Lima", "+55 11 5550-0177"),
        contact("ana-souza", "Ana Souza", "+55 11 5550-0142"),
    ]

    static let calls: [INCallRecord] = [
        INCallRecord(identifier: "call-1", dateCreated: Date(timeIntervalSince1970: 1_767_254_400), caller: people[0],
                     callRecordType: .missed, callCapability: .audioCall, callDuration: nil, unseen: true),
        INCallRecord(identifier: "call-2", dateCreated: Date(timeIntervalSince1970: 1_767_258_000), caller: people[1],
                     callRecordType: .received, callCapability: .audioCall, callDuration: 312, unseen: false),
    ]

    /// The people a spoken name may mean: the whole name, or the first name alone.
    static func people(named person: INPerson) -> [INPerson] {
        let spoken = person.displayName.lowercased()
        return people.filter { known in
            let name = known.displayName.lowercased()
            return name == spoken || name.hasPrefix(spoken + " ")
        }
    }

    /// One person per call, matched against the directory; "call back"
    /// calls the caller of the logged call.
    static func resolveContacts(of intent: INStartCallIntent) -> [INStartCallContactResolutionResult] {
        let contacts = intent.contacts ?? []
        if contacts.isEmpty, intent.destinationType == .callBack,
           let caller = call(intent.callRecordToCallBack?.identifier)?.caller {
            return [.success(with: caller)]
        }
        guard let contact = contacts.first else { return [.needsValue()] }
        guard contacts.count == 1 else { return [.unsupported(forReason: .multipleContactsUnsupported)] }
        let matches = people(named: contact)
        switch matches.count {
        case 0: return [.unsupported(forReason: .noContactFound)]
        case 1: return [.success(with: matches[0])]
        default: return [.disambiguation(with: matches)]
        }
    }

    /// The logged call with this identifier.
    static func call(_ identifier: String?) -> INCallRecord? {
        calls.first { $0.identifier == identifier }
    }

    private static func contact(_ identifier: String, _ name: String, _ number: String) -> INPerson {
        let person = INPerson(personHandle: INPersonHandle(value: number, type: .phoneNumber), nameComponents: nil,
                              displayName: name, image: nil, contactIdentifier: nil, customIdentifier: identifier)
        person.subtitleString = number
        return person
    }
}
