import Intents

/// The people the app can message: its own contact list, which Siri's
/// person names are matched against.
enum ContactBook {
    static let people: [INPerson] = [
        person("ana-lima", given: "Ana", family: "Lima", handle: "ana.lima@example.com", type: .emailAddress),
        person("ana-souza", given: "Ana", family: "Souza", handle: "+55 11 5550-0142", type: .phoneNumber),
        person("bruno-costa", given: "Bruno", family: "Costa", handle: "bruno@example.com", type: .emailAddress),
        // Two people of one name: a friend and a colleague.
        person("carla-dias", given: "Carla", family: "Dias", handle: "carla.dias@example.com", type: .emailAddress),
        person("carla-dias-work", given: "Carla", family: "Dias", handle: "+55 21 5550-0190", type: .phoneNumber),
    ]

    /// The contacts a spoken or typed person may mean: the one with that
    /// identifier, else those whose name contains every word given.
    static func people(matching person: INPerson) -> [INPerson] {
        if let identifier = person.customIdentifier ?? person.identifier,
           let exact = people.first(where: { $0.customIdentifier == identifier }) {
            return [exact]
        }
        let words = person.displayName.lowercased().split(separator: " ")
        guard !words.isEmpty else { return [] }
        return people.filter { candidate in
            let name = candidate.displayName.lowercased().split(separator: " ")
            return words.allSatisfy { name.contains($0) }
        }
    }

    private static func person(_ identifier: String, given: String, family: String, handle: String, type: INPersonHandleType) -> INPerson {
        var name = PersonNameComponents()
        name.givenName = given
        name.familyName = family
        let person = INPerson(
            personHandle: INPersonHandle(value: handle, type: type),
            nameComponents: name,
            displayName: nil,
            image: nil,
            contactIdentifier: nil,
            customIdentifier: identifier
        )
        person.subtitleString = handle
        return person
    }
}
