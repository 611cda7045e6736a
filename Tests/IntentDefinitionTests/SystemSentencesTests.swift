import Foundation
import IntentDefinition
import Testing

/// The system domains' sentences in other languages (`SystemIntents.localizations`).
@Suite("The system domains' sentences")
struct SystemSentencesTests {
    /// Every sentence of every system intent, by its string ID.
    private static let sentences: [String: String] = {
        var result: [String: String] = [:]
        for intent in SystemIntents.definition.intents.map(SystemIntents.withSentenceIDs) {
            for parameter in intent.parameters {
                for prompt in parameter.prompts { if let id = prompt.formatStringID, let text = prompt.formatString { result[id] = text } }
                for reason in parameter.unsupportedReasons + parameter.confirmationReasons {
                    if let id = reason.formatStringID, let text = reason.formatString { result[id] = text }
                }
            }
            for code in intent.response.codes {
                if let id = code.formatStringID, let text = code.formatString { result[id] = text }
                if let id = code.conciseFormatStringID, let text = code.conciseFormatString { result[id] = text }
            }
        }
        return result
    }()

    private static func placeholders(_ text: String) -> [String] {
        FormatString.placeholders(in: text).sorted()
    }

    @Test("Japanese has every sentence of every domain, with the same placeholders, and nothing else")
    func japaneseIsComplete() throws {
        let japanese = try #require(SystemIntents.localizations["ja"])
        #expect(Self.sentences.count > 200)
        #expect(Set(japanese.keys) == Set(Self.sentences.keys), "missing: \(Set(Self.sentences.keys).subtracting(japanese.keys).sorted()); stale: \(Set(japanese.keys).subtracting(Self.sentences.keys).sorted())")
        for (id, english) in Self.sentences {
            #expect(Self.placeholders(japanese[id] ?? "") == Self.placeholders(english), "\(id)")
        }
    }

    @Test("an extension's definition gains the system's tables; its own text wins, and adding twice changes nothing")
    func merged() throws {
        let own = IntentDefinition(localizations: ["ja": ["INSendMessageIntent.response.success": "送りました！"]])
        let definition = own.addingSystemIntents(["INSendMessageIntent"]).withSystemSentences()
        #expect(definition.withSystemSentences() == definition)
        let japanese = definition.localized(for: "ja")
        let send = try #require(japanese.intent(named: "INSendMessageIntent"))
        #expect(send.response.codes.first { $0.name == "success" }?.formatString == "送りました！")
        #expect(send.response.codes.first { $0.name == "failure" }?.formatString == "メッセージを送信できませんでした。")
        #expect(send.parameter(named: "content")?.prompt(.primary) == "何と送りますか？")
        let tasks = try #require(IntentDefinition().addingSystemIntents(["INAddTasksIntent"]).withSystemSentences().localized(for: "ja")
            .intent(named: "INAddTasksIntent")?.parameter(named: "targetTaskList"))
        #expect(tasks.confirmationReasons.map(\.formatString) == ["${targetTaskList}というリストはありません。作成しますか？"])
        let english = definition.localized(for: "en")
        #expect(english.intent(named: "INSendMessageIntent")?.response.codes.first { $0.name == "success" }?.formatString == "Your message is sent.")
        #expect(IntentDefinition().withSystemSentences() == IntentDefinition(), "no system intent: unchanged")
    }
}
