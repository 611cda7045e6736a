import ExthostTestSupport
import Foundation
import IntentConversation
import IntentDefinition
import Testing

/// Shortcut titles come from the examples' definitions: the summary of the
/// combination that fits the values, with enum display names; else the
/// intent's title.
struct ShortcutTitleTests {
    func definition(_ path: String) throws -> IntentDefinition {
        try IntentDefinitionFile.load(contentsOf: TestPaths.packageRoot.appendingPathComponent(path))
    }

    @Test("Record study: the combination that fits the values, never one with a hole")
    func studyRecord() throws {
        let definition = try definition("Examples/StudyRecord/Extension/StudyRecord.intentdefinition")
        let record = try #require(definition.intent(named: "PostStudyRecord"))
        let book = IntentValue.object(ObjectValue(identifier: "book-2", displayString: "The Swift Programming Language"))
        #expect(ShortcutTitle.of(record, values: ["duration": .integer(30)], in: definition) == "Record 30 minutes of study")
        #expect(ShortcutTitle.of(record, values: ["material": book, "duration": .integer(30), "memo": .string("chapter 3")], in: definition)
            == "Record 30 minutes of The Swift Programming Language")
        // No combination's placeholders all have values: the intent's title.
        #expect(ShortcutTitle.of(record, values: ["material": book, "amount": .integer(12)], in: definition) == "Record study")
        #expect(ShortcutTitle.of(record, values: [:], in: definition) == "Record study")
    }

    @Test("an enum parameter is named by its case's display name, not its number")
    func enumDisplayName() throws {
        let definition = try definition("Examples/Lights/Lights.intentdefinition")
        let lights = try #require(definition.intents.first)
        let room = try #require(definition.enums.first { $0.name == "Room" }?.cases.first { $0.name == "livingRoom" })
        #expect(ShortcutTitle.of(lights, values: ["room": .enumeration(Int32(room.value)), "brightness": .integer(40)], in: definition)
            == "Set the living room lights to 40%")
    }
}
