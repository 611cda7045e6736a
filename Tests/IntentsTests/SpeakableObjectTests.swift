import Foundation
import Intents
import Testing

/// Every `INObject` is `INSpeakable`, as on iOS, and a person carries the
/// other people Siri matched for the same name.
struct SpeakableObjectTests {
    @Test("a person's spokenPhrase is its display name and its vocabularyIdentifier its identifier")
    func personIsSpeakable() {
        let person = INPerson(personHandle: INPersonHandle(value: "+1 555 0102", type: .phoneNumber), nameComponents: nil,
                              displayName: "Carla", image: nil, contactIdentifier: "contact-2", customIdentifier: "carla")
        #expect(person.spokenPhrase == "Carla")
        #expect(person.vocabularyIdentifier == "carla")
        #expect(person.identifier == "carla")
        #expect(person.pronunciationHint == nil)
        let speakable: any INSpeakable = person
        #expect(speakable.spokenPhrase == "Carla")
    }

    @Test("a plain object and a speakable string answer the same way")
    func objectAndSpeakableString() {
        let object = INObject(identifier: "pool", display: "Pool Swim", pronunciationHint: "pool swim")
        #expect(object.spokenPhrase == "Pool Swim")
        #expect(object.vocabularyIdentifier == "pool")
        #expect(object.pronunciationHint == "pool swim")
        let phrase = INSpeakableString(vocabularyIdentifier: "crew", spokenPhrase: "Climbing crew", pronunciationHint: nil)
        #expect(phrase.spokenPhrase == "Climbing crew")
        #expect(phrase.vocabularyIdentifier == "crew")
        #expect(INSpeakableString(spokenPhrase: "Groceries").vocabularyIdentifier == nil)
    }

    @Test("siriMatches crosses as the person's properties and is nil when Siri matched one person")
    func siriMatches() throws {
        let json: [String: Any] = [
            "displayString": "Ana Souza", "identifier": "ana-1",
            "properties": ["customIdentifier": "ana-1", "siriMatches": [
                ["displayString": "Ana Souza", "identifier": "ana-1", "properties": ["customIdentifier": "ana-1"]],
                ["displayString": "ANA SOUZA", "identifier": "ana-2", "properties": ["customIdentifier": "ana-2"]],
            ]],
        ]
        let person = try #require(INPerson._exthostObject(fromJSON: json))
        #expect(person.siriMatches?.map(\.spokenPhrase) == ["Ana Souza", "ANA SOUZA"])
        #expect(person.siriMatches?.map(\.customIdentifier) == ["ana-1", "ana-2"])
        // Back across the ABI, as a handler's resolution result carries it.
        let again = try #require(INPerson._exthostObject(fromJSON: person.jsonObject))
        #expect(again.siriMatches?.map(\.vocabularyIdentifier) == ["ana-1", "ana-2"])
        let single = try #require(INPerson._exthostObject(fromJSON: ["displayString": "Bruno", "identifier": "bruno"]))
        #expect(single.siriMatches == nil)
    }
}
