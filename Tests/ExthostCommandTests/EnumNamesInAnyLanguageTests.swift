import ExthostTestSupport
import Foundation
import Testing

/// An enum case named by its display name in any language of its
/// definition, whatever the request's language: the fixture's workout
/// kinds have Japanese names (`FixtureDefinition`).
@Suite("Enum cases named in any language")
struct EnumNamesInAnyLanguageTests {
    private struct Setup {
        var plugins: URL
        var work: URL
        var runner: CommandRunner

        init() throws {
            plugins = try FixturePlugins.pluginFolder([try FixturePlugins.build("good")])
            work = try makeTemporaryDirectory("enum-names")
            // No language from the test's own environment.
            runner = CommandRunner(environment: ["EXTHOST_CACHE_DIR": work.appendingPathComponent("cache").path,
                                                 "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"])
        }

        func run(_ parameters: String, _ extra: [String] = []) throws -> CommandRunner.Result {
            let file = work.appendingPathComponent("intent-\(UUID().uuidString).json")
            try #"{"intent": "LogWorkout", "parameters": \#(parameters)}"#.write(to: file, atomically: true, encoding: .utf8)
            return try runner.run(["run", "--json", "--plugins", plugins.path, file.path, "--answer", "route=1", "--answer", "confirm=yes"] + extra)
        }
    }

    /// The activity the conversation ran with, from its transcript's resolve step.
    private static func activity(_ result: CommandRunner.Result) throws -> String? {
        let transcript = try #require(try result.json()["transcript"] as? [[String: Any]], "\(result.standardOutput)\(result.standardError)")
        let step = transcript.last { $0["stage"] as? String == "resolve" && $0["parameter"] as? String == "activity" }
        return step.map { "\($0["value"] ?? "")" }
    }

    @Test("an intent file's value: the Japanese name in an English request, the base name in a Japanese one")
    func intentFileValues() throws {
        let setup = try Setup()
        let english = try setup.run(#"{"activity": "水泳", "minutes": 30}"#)
        #expect(english.status == 0, "\(english.standardOutput)\(english.standardError)")
        #expect(try english.json()["message"] as? String == "Logged 30 min swim on River Loop: 300 kcal.", "\(english.standardOutput)")

        let japanese = try setup.run(#"{"activity": "Ride", "minutes": 30}"#, ["--locale", "ja"])
        #expect(japanese.status == 0, "\(japanese.standardOutput)\(japanese.standardError)")
        #expect(try japanese.json()["message"] as? String == "Logged 30 min ride on River Loop: 300 kcal.", "\(japanese.standardOutput)")
        #expect(try Self.activity(japanese) == (try Self.activity(try setup.run(#"{"activity": "ride", "minutes": 30}"#))))

        let unknown = try setup.run(#"{"activity": "泳ぐ", "minutes": 30}"#)
        #expect(unknown.status == 2, "\(unknown.standardOutput)\(unknown.standardError)")
        let refusal = try unknown.json()["message"] as? String ?? ""
        #expect(refusal.hasSuffix("parameter 'activity' of LogWorkout is the enum WorkoutKind: \"泳ぐ\" is none of its cases (run, swim, ride)"), "\(refusal)")
    }

    @Test("an answer: the Japanese name to an English question, the base name to a Japanese one")
    func answers() throws {
        let setup = try Setup()
        let english = try setup.run(#"{"minutes": 30}"#, ["--answer", "activity=サイクリング"])
        #expect(english.status == 0, "\(english.standardOutput)\(english.standardError)")
        #expect(try english.json()["message"] as? String == "Logged 30 min ride on River Loop: 300 kcal.", "\(english.standardOutput)")

        let japanese = try setup.run(#"{"minutes": 30}"#, ["--answer", "activity=Swim", "--locale", "ja"])
        #expect(japanese.status == 0, "\(japanese.standardOutput)\(japanese.standardError)")
        #expect(try japanese.json()["message"] as? String == "Logged 30 min swim on River Loop: 300 kcal.", "\(japanese.standardOutput)")
    }
}
