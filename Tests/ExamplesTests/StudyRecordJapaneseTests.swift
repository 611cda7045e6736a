import ExthostTestSupport
import Foundation
import Testing

/// The Study record example in Japanese (issue 17, item 5): its
/// `ja.lproj/StudyRecord.strings`, embedded in the plugin at build time, said
/// by the real `exthost` when the request is in Japanese.
@Suite("Study record in Japanese")
struct StudyRecordJapaneseTests {
    static let swiftBook: [String: any Sendable] = ["identifier": "book-2", "displayString": "The Swift Programming Language"]

    @Test("--locale ja: the question and the response are the Japanese ones")
    func commandLineLocale() throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        try system.startBackend()

        let asked = try system.run("StartTimer", ["material": Self.swiftBook], options: ["--locale", "ja"])
        #expect(asked.status == 3, "\(asked.description)")
        #expect(asked.question?["prompt"] as? String == "何分にしますか？")

        let recorded = try system.run("PostStudyRecord", ["material": Self.swiftBook, "duration": 30], options: ["--locale", "ja"])
        #expect(recorded.status == 0, "\(recorded.description)")
        #expect(recorded.message == "記録しました。今週は目標300分のうち150分です。タップしてStudy Recordを開くと、タイムラインに進捗を投稿できます。")
    }

    @Test("the intent file's locale wins over --locale; an unsupported reason is said in it")
    func intentFileLocale() throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        try system.startBackend()

        let result = try system.run("PostStudyRecord", ["material": Self.swiftBook, "duration": 2000], locale: "ja", options: ["--locale", "en"])
        #expect(result.status == 3, "\(result.description)")
        #expect(result.message == "一度に記録できるのは1440分（まる1日）までです。2000分は長すぎます。")
    }

    @Test("LANG=ja_JP.UTF-8 speaks Japanese; without a language the base texts are said")
    func environmentLocale() throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        try system.startBackend()

        system.setEnvironment("LC_ALL", "")
        system.setEnvironment("LC_MESSAGES", "")
        system.setEnvironment("LANG", "ja_JP.UTF-8")
        let japanese = try system.run("StartStopwatch", ["material": Self.swiftBook])
        #expect(japanese.message == "The Swift Programming Languageのストップウォッチを開始しました。", "\(japanese.description)")

        system.setEnvironment("LANG", "C.UTF-8")
        let english = try system.run("StartTimer", ["material": Self.swiftBook])
        #expect(english.question?["prompt"] as? String == "For how many minutes?", "\(english.description)")
    }
}
