import ExthostTestSupport
import Foundation
import IntentDefinition
import Testing

/// Reading the `.strings` tables Xcode writes for an intent definition's translations.
@Suite("Strings tables")
struct StringsTableTests {
    private func parse(_ text: String, file: String = "ja.lproj/Intents.strings") throws -> [String: String] {
        try StringsTable.parse(Data(text.utf8), file: file).entries
    }

    private func failure(_ text: String) -> IntentDefinitionError? {
        #expect(throws: IntentDefinitionError.self) { try parse(text) }
        do { _ = try parse(text) } catch let error as IntentDefinitionError { return error } catch {}
        return nil
    }

    @Test("entries as Xcode writes them, with block and line comments")
    func xcodeLayout() throws {
        let text = """
            /* (No Comment) */
            "gpCwrM" = "どの教材を勉強しましたか？";

            // A line comment
            "k3Rt9s"="${minutes}分";  /* after */
            bare_key = bare.value;
            "alone";
            """
        #expect(try parse(text) == [
            "gpCwrM": "どの教材を勉強しましたか？", "k3Rt9s": "${minutes}分", "bare_key": "bare.value", "alone": "alone",
        ])
    }

    @Test("escapes: quotes, backslashes, control characters, \\U and octal")
    func escapes() throws {
        let text = #""a" = "say \"hi\"\n\ttab \\ back \' \U3042\u3044 \101 \UD83D\UDE00";"#
        #expect(try parse(text)["a"] == "say \"hi\"\n\ttab \\ back ' あい A 😀")
    }

    @Test("UTF-16 with a byte-order mark, both byte orders, and UTF-8 with one")
    func encodings() throws {
        let text = "/* c */\n\"id\" = \"日本語\";\n"
        for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian] {
            let bom: [UInt8] = encoding == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
            let data = Data(bom) + text.data(using: encoding)!
            #expect(try StringsTable.parse(data, file: "x.strings").entries == ["id": "日本語"])
        }
        let utf8 = Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)
        #expect(try StringsTable.parse(utf8, file: "x.strings").entries == ["id": "日本語"])
    }

    @Test("a malformed file is refused, naming the file and the line")
    func malformed() throws {
        let missingSemicolon = failure("\"a\" = \"1\";\n\n\"b\" = \"2\"\n\"c\" = \"3\";")
        #expect(missingSemicolon?.description == "ja.lproj/Intents.strings: line 4: expected ';' after the value of \"b\".")
        #expect(missingSemicolon?.kind == .malformedStrings)

        let unclosed = failure("\"a\" = \"1\";\n\"b\" = \"never closed;\n")
        #expect(unclosed?.description == "ja.lproj/Intents.strings: line 2: the value opened with \" here is never closed.")

        let comment = failure("\"a\" = \"1\";\n/* open\n\n")
        #expect(comment?.description == "ja.lproj/Intents.strings: line 2: a comment opened here is never closed with */.")

        let noEquals = failure("\"a\" \"1\";")
        #expect(noEquals?.description == "ja.lproj/Intents.strings: line 1: expected '=' after the key \"a\".")

        let notText = try? StringsTable.parse(Data([0x22, 0xC3, 0x28, 0x22]), file: "x.strings")
        #expect(notText == nil)
    }

    @Test("the Study record example's Japanese table covers every text of its definition")
    func exampleCoversEverything() throws {
        let url = TestPaths.packageRoot.appendingPathComponent("Examples/StudyRecord/Extension/StudyRecord.intentdefinition")
        let definition = try IntentDefinitionFile.load(contentsOf: url)
        let japanese = try #require(try IntentDefinitionFile.translations(besides: url)?["ja"])
        var ids: [String?] = []
        for intent in definition.intents {
            ids += [intent.titleID, intent.descriptionID]
            ids += intent.parameterCombinations.flatMap { [$0.titleID] + ($0.subtitle == nil ? [] : [$0.subtitleID]) }
            for parameter in intent.parameters {
                ids.append(parameter.displayNameID)
                ids += parameter.prompts.filter { $0.formatString != nil }.map(\.formatStringID)
                ids += parameter.unsupportedReasons.map(\.formatStringID)
            }
            ids += intent.response.parameters.map(\.displayNameID)
            ids += intent.response.codes.flatMap { [$0.formatStringID] + ($0.conciseFormatString == nil ? [] : [$0.conciseFormatStringID]) }
        }
        for type in definition.types {
            ids.append(type.displayNameID)
            ids += type.properties.map(\.displayNameID)
        }
        #expect(ids.count == 107)
        #expect(ids.allSatisfy { $0.map { japanese[$0] != nil } ?? false }, "every text has an ID the table translates")
    }

    @Test("a key the language lacks falls back to the base text")
    func fallback() throws {
        let url = TestPaths.packageRoot.appendingPathComponent("Examples/StudyRecord/Extension/StudyRecord.intentdefinition")
        var definition = try IntentDefinitionFile.load(contentsOf: url)
        var japanese = try #require(try IntentDefinitionFile.translations(besides: url)?["ja"])
        let timer = try #require(definition.intent(named: "StartTimer"))
        let minutes = try #require(timer.parameters.first { $0.name == "minutes" }?.prompts.first { $0.kind == .primary })
        let success = try #require(timer.response.codes.first { $0.name == "success" })
        japanese[try #require(minutes.formatStringID)] = nil
        definition.localizations = ["ja": japanese]

        let localized = try #require(definition.localized(for: "ja_JP.UTF-8").intent(named: "StartTimer"))
        #expect(localized.parameters.first { $0.name == "minutes" }?.prompts.first { $0.kind == .primary }?.formatString == "For how many minutes?")
        #expect(localized.response.codes.first { $0.name == "success" }?.formatString == "${materialName}の${minutes}分タイマーを開始しました。")
        #expect(success.formatString == "Started a ${minutes}-minute timer for ${materialName}.")
        #expect(definition.localized(for: "fr_FR.UTF-8") == definition, "a language without a table keeps the base texts")
        #expect(definition.localized(for: nil) == definition)
    }

    @Test("string IDs and translations survive the JSON form and the property list")
    func roundTrip() throws {
        let url = TestPaths.packageRoot.appendingPathComponent("Examples/StudyRecord/Extension/StudyRecord.intentdefinition")
        var definition = try IntentDefinitionFile.load(contentsOf: url)
        definition.localizations = try IntentDefinitionFile.translations(besides: url)
        let json = try IntentDefinitionFile.encodeJSON(definition)
        #expect(try IntentDefinitionFile.parseJSON(json, file: "StudyRecord.json") == definition)
        var base = definition
        base.localizations = nil
        let plist = try IntentDefinitionFile.encodePropertyList(base)
        #expect(try IntentDefinitionFile.parsePropertyList(plist, file: "StudyRecord.intentdefinition") == base)
    }
}
