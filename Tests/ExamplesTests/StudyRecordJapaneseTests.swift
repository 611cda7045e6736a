import ExthostTestSupport
import Foundation
import StudyRecordKit
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

    @Test("titles in Japanese: shortcuts list --locale ja, and a run's donation titled in the run's language")
    func titles() throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        try system.startBackend()
        system.setEnvironment("LC_ALL", "")
        system.setEnvironment("LC_MESSAGES", "")
        system.setEnvironment("LANG", "C.UTF-8")

        func listed(_ options: [String]) throws -> [(intent: String, title: String, origin: String)] {
            let result = try system.example.exthost(["shortcuts", "list", "--json", "--app", StudyRecordIdentity.app] + options)
            let shortcuts = try #require(try result.json()["shortcuts"] as? [[String: Any]], "\(result.standardOutput)\(result.standardError)")
            return shortcuts.map { ($0["intent"] as? String ?? "", $0["title"] as? String ?? "", $0["origin"] as? String ?? "") }
        }
        func offered(_ list: [(intent: String, title: String, origin: String)]) -> [String: String] {
            Dictionary(uniqueKeysWithValues: list.filter { $0.origin.hasPrefix("intent of") }.map { ($0.intent, $0.title) })
        }
        let japanese = offered(try listed(["--locale", "ja"]))
        #expect(japanese["PostStudyRecord"] == "勉強を記録")
        #expect(japanese["StartTimer"] == "タイマーを開始")
        #expect(japanese["PauseMeasurement"] == "計測を一時停止", "a summary without placeholders")
        let english = offered(try listed([]))
        #expect(english["PostStudyRecord"] == "Record study")
        #expect(english["PauseMeasurement"] == "Pause the measurement")
        system.setEnvironment("LANG", "ja_JP.UTF-8")
        #expect(offered(try listed([]))["StartTimer"] == "タイマーを開始", "LANG names the language when --locale does not")

        // The system's donation of a run is titled in the run's language by
        // the summary that fits its values, and listed with that title.
        let recorded = try system.run("PostStudyRecord", ["material": Self.swiftBook, "duration": 30], options: ["--locale", "ja"])
        #expect(recorded.status == 0, "\(recorded.description)")
        let donated = try listed(["--locale", "en"]).filter { $0.origin.hasPrefix("donated") }
        #expect(donated.map(\.title) == ["The Swift Programming Languageを30分記録"])
    }
}
