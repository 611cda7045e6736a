import Foundation
import DonationStore
import IntentConversation
import IntentDefinition
@testable import IntentSystem
import Testing

/// The rule by which what was said meets an app's `INVocabulary`.
struct SystemVocabularyTests {
    static let contacts = ["Ana Souza", "Ana Lima", "Bruno Costa", "ANA SOUZA"]

    func match(_ intent: String, _ values: [String: IntentValue], strings: [Int: [String]]) throws -> [String: IntentValue] {
        try match(intent, values, entries: strings.mapValues { $0.map { VocabularyEntry(phrase: $0) } })
    }

    func match(_ intent: String, _ values: [String: IntentValue], entries: [Int: [VocabularyEntry]]) throws -> [String: IntentValue] {
        let definition = try #require(SystemIntents.intent(named: intent))
        return SystemVocabulary.match(values, intent: definition, app: "com.example.messaging") { entries[$0] ?? [] }
    }

    static func text(_ said: String) -> IntentValue { .object(ObjectValue(identifier: said, displayString: said)) }

    @Test("case, accents, width and runs of spaces are ignored; the first registered spelling wins")
    func foldedEquality() throws {
        let matched = try match("INSendMessageIntent", [
            "recipients": .list([Self.text("ana  souza"), Self.text("BRUNO CÓSTA"), Self.text("Ana")]),
            "content": .string("ana souza"),
        ], strings: [1: Self.contacts])
        guard case .list(let recipients)? = matched["recipients"], recipients.count == 3,
              case .object(let ana) = recipients[0] else { Issue.record("\(matched)"); return }
        #expect(ana.displayString == "Ana Souza" && ana.identifier == "Ana Souza")
        #expect(Array(recipients[1...]) == [Self.text("Bruno Costa"), Self.text("Ana")])
        // Only the parameters of a vocabulary type are matched.
        #expect(matched["content"] == .string("ana souza"))
    }

    @Test("a name that matches several contacts keeps the first and lists every match in siriMatches")
    func siriMatches() throws {
        let entries = [1: [VocabularyEntry(phrase: "Ana Souza", identifier: "ana-1"), VocabularyEntry(phrase: "Bruno Costa", identifier: "bruno"),
                           VocabularyEntry(phrase: "ANA SOUZA", identifier: "ana-2")]]
        let matched = try match("INSendMessageIntent", ["recipients": .list([Self.text("ana souza"), Self.text("bruno costa")])], entries: entries)
        guard case .list(let recipients)? = matched["recipients"], recipients.count == 2,
              case .object(let ana) = recipients[0], case .object(let bruno) = recipients[1] else { Issue.record("\(matched)"); return }
        #expect(ana.displayString == "Ana Souza" && ana.identifier == "ana-1")
        let properties = try #require(ana.properties.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        let matches = try #require(properties["siriMatches"] as? [[String: Any]])
        #expect(matches.map { $0["displayString"] as? String } == ["Ana Souza", "ANA SOUZA"])
        #expect(matches.map { $0["identifier"] as? String } == ["ana-1", "ana-2"])
        // One match: no siriMatches.
        #expect(bruno.identifier == "bruno" && bruno.properties == nil)
        // Another type's phrases (a workout's name) are never listed.
        let workout = try match("INStartWorkoutIntent", ["workoutName": Self.text("pool swim")],
                                strings: [200: ["Pool Swim", "POOL SWIM"]])
        guard case .object(let swim)? = workout["workoutName"] else { Issue.record("\(workout)"); return }
        #expect(swim.displayString == "Pool Swim" && swim.properties == nil)
    }

    @Test("a value with an identifier of its own, another type's strings and an app's own intent are left as they are")
    func leftAlone() throws {
        let chosen = IntentValue.object(ObjectValue(identifier: "contact-7", displayString: "ana souza"))
        let matched = try match("INSendMessageIntent", ["recipients": .list([chosen])], strings: [200: Self.contacts])
        #expect(matched["recipients"] == .list([chosen]))
        let workout = try match("INStartWorkoutIntent", ["workoutName": Self.text("pool swim")], strings: [1: ["Pool Swim"]])
        #expect(workout["workoutName"] == Self.text("pool swim"))
        let own = Intent(name: "OrderSoup")
        #expect(SystemVocabulary.match(["soup": .string("tomato")], intent: own, app: "a") { _ in [VocabularyEntry(phrase: "Tomato")] } == ["soup": .string("tomato")])
    }

    @Test("a media search's name and artist are matched against playlist, audiobook and show titles and artist names, in that order")
    func mediaSearchProperties() throws {
        let search = IntentValue.object(ObjectValue(displayString: "manha de domingo",
                                                    properties: #"{"artistName":"CAETANO","mediaName":"manha de domingo","mediaType":5}"#))
        let matched = try match("INPlayMediaIntent", ["mediaSearch": search],
                                strings: [702: ["Manhã de Domingo (audiobook)"], 704: ["Manhã de Domingo"], 701: ["Caetano"]])
        guard case .object(let object) = matched["mediaSearch"] else { Issue.record("not an object"); return }
        #expect(object.displayString == "Manhã de Domingo")
        #expect(object.properties == #"{"artistName":"Caetano","mediaName":"Manhã de Domingo","mediaType":5}"#)
        #expect(try match("INPlayMediaIntent", ["mediaSearch": search], strings: [1: ["Caetano"]])["mediaSearch"] == search)
    }

    @Test("a phrase registered with an identifier reaches the extension with the app's identifier; alternatives and the pronunciation hint match it too, after every phrase")
    func identifiersAlternativesAndHints() throws {
        let workouts = [200: [
            VocabularyEntry(phrase: "Corrida na Praça", identifier: "square-run", alternatives: ["square run"]),
            VocabularyEntry(phrase: "iSwim", identifier: "iswim", pronunciationHint: "eye swim"),
            VocabularyEntry(phrase: "Square Run", identifier: "other-run"),
            VocabularyEntry(phrase: "Pool Swim"),
        ]]
        func said(_ text: String) throws -> IntentValue? {
            try match("INStartWorkoutIntent", ["workoutName": Self.text(text)], entries: workouts)["workoutName"]
        }
        #expect(try said("corrida na praca") == .object(ObjectValue(identifier: "square-run", displayString: "Corrida na Praça")))
        #expect(try said("EYE SWIM") == .object(ObjectValue(identifier: "iswim", displayString: "iSwim")))
        // A phrase wins over another entry's alternative, whatever the order.
        #expect(try said("square run") == .object(ObjectValue(identifier: "other-run", displayString: "Square Run")))
        // Without an identifier, the phrase stands for one, as before.
        #expect(try said("pool swim") == Self.text("Pool Swim"))
        // A phrase said without an identifier of its own (a plain object).
        let plain = try match("INStartWorkoutIntent", ["workoutName": .object(ObjectValue(displayString: "iswim"))], entries: workouts)
        #expect(plain["workoutName"] == .object(ObjectValue(identifier: "iswim", displayString: "iSwim")))
        // The alternative reaches the extension as the app's phrase.
        let alternative = [200: [VocabularyEntry(phrase: "Corrida na Praça", identifier: "square-run", alternatives: ["square run"])]]
        #expect(try match("INStartWorkoutIntent", ["workoutName": Self.text("Square  Run")], entries: alternative)["workoutName"]
                == .object(ObjectValue(identifier: "square-run", displayString: "Corrida na Praça")))
        // A recipient (an INPerson) gets the contact's identifier the same way.
        let contacts = [1: [VocabularyEntry(phrase: "Ana Souza", identifier: "contact-7")]]
        #expect(try match("INSendMessageIntent", ["recipients": .list([Self.text("ana souza")])], entries: contacts)["recipients"]
                == .list([.object(ObjectValue(identifier: "contact-7", displayString: "Ana Souza"))]))
    }
}
