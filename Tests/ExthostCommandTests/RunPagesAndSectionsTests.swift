import ExthostTestSupport
import Foundation
import Testing

/// Options in titled sections and choices longer than a page, as a person
/// sees them in `exthost run`: the C fixture built with
/// `FIXTURE_ROUTE_SECTIONS` offers twelve routes in two sections
/// ("Nearby": 1–3, "Saved": 4–12) and, for the route "Loop", a choice among
/// seven routes.
@Suite("exthost run: sections and pages")
struct RunPagesAndSectionsTests {
    typealias Setup = RunCommandTests.Setup

    static func setup() throws -> Setup {
        try Setup([try FixturePlugins.build("route-sections", defines: ["FIXTURE_ROUTE_SECTIONS"])])
    }

    static let noRoute = #"{"intent": "LogWorkout", "parameters": {"activity": "run", "minutes": 30}}"#
    static let loop = #"{"intent": "LogWorkout", "parameters": {"activity": "run", "minutes": 30, "route": "Loop"}}"#

    static func numbers(_ question: [String: Any]) -> [Int] {
        (question["choices"] as? [[String: Any]] ?? []).compactMap { $0["number"] as? Int }
    }

    static func asked(_ json: [String: Any], _ parameter: String) -> [String] {
        (json["transcript"] as? [[String: Any]] ?? []).filter { $0["stage"] as? String == "ask" && $0["parameter"] as? String == parameter }
            .compactMap { $0["value"] as? String }
    }

    @Test("the first page of sectioned options: five items, each with its section's title, and how many pages there are")
    func firstPage() throws {
        let result = try Self.setup().run(Self.noRoute)
        #expect(result.status == 3, "\(result.both)")
        let question = try #require(try result.json()["question"] as? [String: Any])
        #expect(question["kind"] as? String == "choice")
        let choices = try #require(question["choices"] as? [[String: Any]])
        #expect(choices.compactMap { $0["title"] as? String } == ["River Loop", "Park Loop", "Harbour Walk", "Hill Climb", "Forest Loop"])
        #expect(choices.map { $0["section"] as? String } == ["Nearby", "Nearby", "Nearby", "Saved", "Saved"])
        #expect(Self.numbers(question) == [1, 2, 3, 4, 5])
        let page = try #require(question["page"] as? [String: Any])
        #expect(page["number"] as? Int == 1 && page["count"] as? Int == 3 && page["size"] as? Int == 5 && page["total"] as? Int == 12, "\(page)")
        #expect(page["moreAnswer"] as? String == "more")
        // The handler's sectioned provider was the one called: its titles are in the transcript.
        let provided = (try result.json()["transcript"] as? [[String: Any]] ?? []).first { $0["stage"] as? String == "provideOptions" }
        #expect(provided?["message"] as? String == "sections: Nearby, Saved", "\(provided ?? [:])")
    }

    @Test("“more” shows the next page, numbered on; a number on it picks that item")
    func nextPageThenNumber() throws {
        let setup = try Self.setup()
        let second = try setup.run(Self.noRoute, ["--answer", "route=more"])
        #expect(second.status == 3, "\(second.both)")
        let question = try #require(try second.json()["question"] as? [String: Any])
        #expect(Self.numbers(question) == [6, 7, 8, 9, 10])
        #expect((question["choices"] as? [[String: Any]])?.first?["title"] as? String == "Canal Path")
        #expect((question["page"] as? [String: Any])?["number"] as? Int == 2)

        let picked = try setup.run(Self.noRoute, ["--answer", "route=more", "--answer", "route=8", "--answer", "confirm=yes"])
        #expect(picked.status == 0, "\(picked.both)")
        let json = try picked.json()
        #expect(json["message"] as? String == "Logged 30 min run on Castle Loop: 300 kcal.", "\(picked.both)")
        #expect(Self.asked(json, "route") == ["more", "8"])
    }

    @Test("an answer may name an item on a page not shown yet, by title or by number")
    func itemOnAnotherPage() throws {
        let setup = try Self.setup()
        for answer in ["Ridge Trail", "12"] {
            let result = try setup.run(Self.noRoute, ["--answer", "route=\(answer)", "--answer", "confirm=yes"])
            #expect(result.status == 0, "\(result.both)")
            #expect(try result.json()["message"] as? String == "Logged 30 min run on Ridge Trail: 300 kcal.", "\(result.both)")
        }
    }

    @Test("after the last page “more” starts again from the first")
    func moreWrapsAround() throws {
        let result = try Self.setup().run(Self.noRoute, ["--answer", "route=more", "--answer", "route=more", "--answer", "route=more"])
        let question = try #require(try result.json()["question"] as? [String: Any])
        #expect(Self.numbers(question) == [1, 2, 3, 4, 5], "\(question)")
    }

    @Test("a disambiguation longer than a page is paged too; answers from the intent file")
    func pagedDisambiguation() throws {
        let setup = try Self.setup()
        let open = try setup.run(Self.loop)
        let question = try #require(try open.json()["question"] as? [String: Any])
        #expect(question["prompt"] as? String == "Which route?")
        #expect(Self.numbers(question) == [1, 2, 3, 4, 5])
        #expect((question["page"] as? [String: Any])?["total"] as? Int == 7)
        // Disambiguation alternatives have no sections.
        #expect((question["choices"] as? [[String: Any]])?.allSatisfy { $0["section"] == nil } == true)

        let answered = #"{"intent": "LogWorkout", "parameters": {"activity": "run", "minutes": 30, "route": "Loop"}, "answers": {"route": ["more", "7"], "confirm": "yes"}}"#
        let result = try setup.run(answered)
        #expect(result.status == 0, "\(result.both)")
        let json = try result.json()
        #expect(json["message"] as? String == "Logged 30 min run on Beach Loop: 300 kcal.", "\(result.both)")
        #expect(Self.asked(json, "route") == ["more", "7"])
    }

    @Test("an answer that names no item says how to see more")
    func unknownAnswerMentionsMore() throws {
        let result = try Self.setup().run(Self.loop, ["--answer", "route=Canal"])
        #expect(result.status == 3)
        #expect(try result.json()["message"] as? String
            == "\"Canal\" is not one of the 7 choices for route: answer with a number from 1 to 7 or an item's title, or “more” for the next page.",
            "\(result.both)")
    }

    @Test("the text transcript shows each page with its section titles and how to see more")
    func textTranscript() throws {
        let setup = try Self.setup()
        let result = try setup.runner.run(["run", "--plugins", setup.plugins.path, try setup.intentFile(Self.noRoute),
                                           "--answer", "route=more", "--answer", "route=8", "--answer", "confirm=yes"])
        #expect(result.status == 0, "\(result.both)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let firstPage = [
            "» What route?",
            "   Nearby",
            "   1. River Loop — 5 km along the river",
            "   2. Park Loop — 2 km around the park",
            "   3. Harbour Walk — 3 km by the boats",
            "   Saved",
            "   4. Hill Climb — 8 km, 300 m up",
            "   5. Forest Loop — 6 km under trees",
            "   (1–5 of 12; answer “more” for the next 5)",
            "» more",
            "» What route?",
            "   Saved",
            "   6. Canal Path — 7 km, flat",
        ]
        let start = try #require(lines.firstIndex(of: "» What route?"), "\(result.both)")
        #expect(Array(lines[start..<min(lines.count, start + firstPage.count)]) == firstPage, "\(result.both)")
        #expect(lines.contains("   (6–10 of 12; answer “more” for the next 2)"), "\(result.both)")
        #expect(lines.contains("» 8"))
        #expect(lines.contains("» Logged 30 min run on Castle Loop: 300 kcal."), "\(result.both)")
    }

    @Test("--isolated: the same pages and sections as in-process")
    func isolatedSameAsInProcess() throws {
        let setup = try Self.setup()
        for answers in [[], ["route=more"], ["route=more", "route=8", "confirm=yes"]] {
            let arguments = answers.flatMap { ["--answer", $0] }
            let local = try setup.run(Self.noRoute, arguments)
            let isolated = try setup.run(Self.noRoute, arguments + ["--isolated"])
            #expect(isolated.status == local.status, "\(isolated.both)")
            #expect(try isolated.jsonWithoutTimings() == local.jsonWithoutTimings())
        }
    }

    @Test("a plugin with only the flat provider (before sections) is still read: its options have no section")
    func flatOptionsStillRead() throws {
        var system = try ExampleSystem(fixtures: [try FixturePlugins.build("good")])
        system.environment["EXTHOST_PLUGIN_PATH"] = system.plugins.path
        defer { system.tearDown() }
        let flat = try system.exthost(["shortcuts", "options", "route", "--app", "com.example.fixture", "--intent", "LogWorkout", "--json"])
        #expect(flat.status == 0, "\(flat.both)")
        let options = try #require(try flat.json()["options"] as? [[String: Any]])
        #expect(options.compactMap { $0["title"] as? String } == ["River Loop", "Hill Climb", "Park"])
        #expect(options.allSatisfy { $0["section"] == nil })
    }

    @Test("shortcuts options lists sectioned options with their sections, in text and JSON")
    func shortcutOptionsWithSections() throws {
        var system = try ExampleSystem(fixtures: [try FixturePlugins.build("route-sections", defines: ["FIXTURE_ROUTE_SECTIONS"])])
        system.environment["EXTHOST_PLUGIN_PATH"] = system.plugins.path
        defer { system.tearDown() }
        let listed = try system.exthost(["shortcuts", "options", "route", "--app", "com.example.fixture", "--intent", "LogWorkout", "--json"])
        #expect(listed.status == 0, "\(listed.both)")
        let options = try #require(try listed.json()["options"] as? [[String: Any]])
        #expect(options.count == 12)
        #expect(options.compactMap { $0["section"] as? String } == Array(repeating: "Nearby", count: 3) + Array(repeating: "Saved", count: 9))
        let text = try system.exthost(["shortcuts", "options", "route", "--app", "com.example.fixture", "--intent", "LogWorkout"])
        let lines = text.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("  Nearby") && lines.contains("  Saved"), "\(text.both)")
    }
}
