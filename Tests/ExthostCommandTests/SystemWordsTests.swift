import ExthostTestSupport
import Foundation
import Testing

/// The system's own words in the request's language: where the
/// definition has no sentence, `exthost run --locale ja` asks, pages and
/// confirms in Japanese, and the words that answer it (`もっと`, `はい`)
/// are understood in any language. The C fixture with
/// `FIXTURE_ROUTE_SECTIONS`: twelve routes, no prompt of its own for a
/// missing route.
@Suite("The system's words in the request's language")
struct SystemWordsTests {
    typealias Setup = RunCommandTests.Setup
    private static let noRoute = RunPagesAndSectionsTests.noRoute

    private static func setup() throws -> Setup {
        var setup = try RunPagesAndSectionsTests.setup()
        // No language from the test's own environment.
        setup.runner = CommandRunner(environment: setup.runner.environment.merging(["LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"]) { _, new in new })
        return setup
    }

    @Test("a question without the definition's prompt, its page and the word for more, in Japanese; in English without a language")
    func questionAndPage() throws {
        let setup = try Self.setup()
        let japanese = try setup.run(Self.noRoute, ["--locale", "ja"])
        #expect(japanese.status == 3, "\(japanese.both)")
        let question = try #require(try japanese.json()["question"] as? [String: Any])
        #expect(question["prompt"] as? String == "routeは何にしますか？", "\(question)")
        #expect((question["page"] as? [String: Any])?["moreAnswer"] as? String == "もっと")

        let text = try setup.runner.run(["run", "--plugins", setup.plugins.path, try setup.intentFile(Self.noRoute), "--locale", "ja"])
        #expect(text.standardOutput.contains("（12件中1–5件。次の5件は「もっと」と答えてください）"), "\(text.both)")

        let english = try setup.run(Self.noRoute)
        let englishQuestion = try #require(try english.json()["question"] as? [String: Any])
        #expect(englishQuestion["prompt"] as? String == "What route?")
        #expect((englishQuestion["page"] as? [String: Any])?["moreAnswer"] as? String == "more")
    }

    @Test("もっと, 次 and next ask for the next page, in either language")
    func moreInAnyLanguage() throws {
        let setup = try Self.setup()
        for (answer, locale) in [("もっと", ["--locale", "ja"]), ("次", ["--locale", "ja"]), ("next", []), ("もっと", []), ("more", ["--locale", "ja"])] {
            let result = try setup.run(Self.noRoute, ["--answer", "route=\(answer)"] + locale)
            #expect(result.status == 3, "\(answer): \(result.both)")
            let question = try #require(try result.json()["question"] as? [String: Any], "\(answer)")
            #expect(RunPagesAndSectionsTests.numbers(question) == [6, 7, 8, 9, 10], "\(answer) \(locale)")
        }
    }

    @Test("a confirmation asked with a Japanese question mark, answered はい or いいえ; a refusal and a wrong answer said in Japanese")
    func confirmation() throws {
        let setup = try Self.setup()
        let asked = try setup.run(Self.noRoute, ["--locale", "ja", "--answer", "route=1"])
        let question = try #require(try asked.json()["question"] as? [String: Any], "\(asked.both)")
        #expect(question["prompt"] as? String == "Log 30 minutes of ランニング？", "\(question)")

        let yes = try setup.run(Self.noRoute, ["--locale", "ja", "--answer", "route=1", "--answer", "confirm=はい"])
        #expect(yes.status == 0, "\(yes.both)")
        let no = try setup.run(Self.noRoute, ["--locale", "ja", "--answer", "route=1", "--answer", "confirm=いいえ"])
        #expect(try no.json()["message"] as? String == "キャンセルしました：「Log 30 minutes of ランニング？」に「いいえ」と答えました。", "\(no.both)")

        // A disambiguation among seven "… Loop" routes, answered with none of them.
        let wrong = try setup.run(RunPagesAndSectionsTests.loop, ["--locale", "ja", "--answer", "route=Moon Loop"])
        let message = try wrong.json()["message"] as? String ?? ""
        #expect(message == "「Moon Loop」はrouteの7個の選択肢のどれでもありません。1から7までの番号か項目の名前で答えてください（次のページは「もっと」）。", "\(wrong.both)")
    }
}
