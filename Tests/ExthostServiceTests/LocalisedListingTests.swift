import AppWire
import ExthostPosix
import ExthostService
import ExthostTestSupport
import Foundation
import RequestWire
import Testing

/// The service's listings in the request's language: the Study record
/// example (whose definition has Japanese texts) served by a real
/// `exthost serve --http`.
@Suite("Listings in the request's language")
struct LocalisedListingTests {
    /// The titles of the intents the example's extension offers, by intent.
    private static func offered(_ object: [String: Any]?) -> [String: String] {
        let shortcuts = object?["shortcuts"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: shortcuts.filter { ($0["origin"] as? String ?? "").hasPrefix("intent of") }
            .map { ($0["intent"] as? String ?? "", $0["title"] as? String ?? "") })
    }

    @Test("GET /v1/shortcuts titles intents by Accept-Language with its q-values, or by locale, falling back to the base texts")
    func shortcutsOverHTTP() throws {
        let service = try RunningService(try ExampleSystem(plugins: ["StudyRecordExtension"]), arguments: ["--http", "127.0.0.1:0"])
        defer { service.system.tearDown() }
        let client = HTTPTestClient(base: try service.httpBase())
        func titles(_ path: String = "/v1/shortcuts", language: String? = nil) throws -> [String: String] {
            let response = try client.send("GET", path, headers: language.map { ["Accept-Language": $0] } ?? [:])
            #expect(response.status == 200, "\(response.text)")
            return Self.offered(response.json)
        }

        let base = try titles()
        #expect(base["PostStudyRecord"] == "Record study", "\(base)")
        #expect(base["PauseMeasurement"] == "Pause the measurement")
        let japanese = try titles(language: "ja-JP")
        #expect(japanese["PostStudyRecord"] == "勉強を記録", "a region is served by its language's texts: \(japanese)")
        #expect(japanese["StartTimer"] == "タイマーを開始")
        #expect(try titles(language: "fr-FR, ja;q=0.8, en;q=0.5")["PostStudyRecord"] == "勉強を記録",
                "the first language the definition has texts in, by quality")
        #expect(try titles(language: "en-GB;q=0.9, ja;q=0.2")["PostStudyRecord"] == "Record study",
                "English is the base texts' language: it is served before a language wanted less")
        #expect(try titles(language: "ja;q=0, fr")["PostStudyRecord"] == "Record study", "q=0 refuses a language")
        #expect(try titles(language: "ja;q=abc, *")["PostStudyRecord"] == "Record study", "malformed elements are left out")
        #expect(try titles("/v1/shortcuts?locale=ja_JP.UTF-8")["PostStudyRecord"] == "勉強を記録", "locale as --locale takes it")
        #expect(try titles("/v1/shortcuts?locale=", language: "ja")["PostStudyRecord"] == "Record study", "locale wins over Accept-Language")

        // The same object as the command's, in the same language.
        let http = try client.send("GET", "/v1/shortcuts?app=com.example.studyrecord", headers: ["Accept-Language": "ja"])
        let cli = try service.exthost(["shortcuts", "list", "--json", "--locale", "ja", "--app", "com.example.studyrecord",
                                       "--plugins", service.system.plugins.path])
        #expect(NSDictionary(dictionary: http.json ?? [:]) == NSDictionary(dictionary: try cli.json()), "\(http.text)\n\(cli.both)")
        #expect(service.stop() == 0, "\(service.output)")
    }

    @Test("exthost shortcuts list through the service: the client's language, the same output as in-process; bad shortcuts messages refused")
    func shortcutsThroughTheSocket() throws {
        var system = try ExampleSystem(plugins: ["StudyRecordExtension"])
        // The service speaks no Japanese of its own: the language is the client's.
        for name in ["LC_ALL", "LC_MESSAGES"] { system.environment[name] = "" }
        system.environment["LANG"] = "C.UTF-8"
        let service = try RunningService(system)
        defer { system.tearDown() }
        func listed(_ options: [String], environment: [String: String] = [:]) throws -> CommandRunner.Result {
            var client = system
            client.environment.merge(environment) { _, new in new }
            return try client.exthost(["shortcuts", "list", "--service", "--socket", service.socket, "--app", "com.example.studyrecord"] + options)
        }

        let japanese = try listed(["--json", "--locale", "ja"])
        #expect(japanese.status == 0, "\(japanese.both)")
        #expect(Self.offered(try japanese.json())["PostStudyRecord"] == "勉強を記録", "\(japanese.standardOutput)")
        let byLang = try listed(["--json"], environment: ["LANG": "ja_JP.UTF-8"])
        #expect(Self.offered(try byLang.json())["StartTimer"] == "タイマーを開始", "the client's LANG, not the service's: \(byLang.both)")
        #expect(Self.offered(try listed(["--json"]).json())["StartTimer"] == "Start timer")

        // What the command prints in-process, in both forms.
        for options in [["--locale", "ja"], ["--locale", "ja", "--json"], ["--phrases"]] {
            let through = try listed(options)
            let here = try system.exthost(["shortcuts", "list", "--in-process", "--plugins", system.plugins.path,
                                           "--app", "com.example.studyrecord"] + options)
            #expect(through.standardOutput == here.standardOutput, "\(options): \(through.both)\n\(here.both)")
            #expect(through.status == here.status)
        }
        let refused = try listed(["--store", system.root.appendingPathComponent("other.sqlite").path])
        #expect(refused.status == 64 || refused.status == 2, "--store with --service: \(refused.both)")
        #expect(refused.standardError.contains("--store"), "\(refused.both)")

        let socket = try UnixSocket.connect(to: service.socket)
        defer { socket.close() }
        for line in [#"{"version": 1, "type": "shortcuts", "locale": 1}"#, #"{"version": 1, "type": "shortcuts", "phrases": "yes"}"#] {
            try socket.send(line: Data((line + "\n").utf8))
            let reply = try #require(try socket.receiveLine(deadline: Posix.monotonicNanoseconds() + 10_000_000_000))
            let message = try ServiceMessage.parse(reply)
            guard case .error(_, let problem, _) = message else {
                Issue.record("\(line) was not refused: \(message) \(String(decoding: reply, as: UTF8.self))")
                continue
            }
            #expect(problem.kind == .badMessage, "\(problem.message)")
        }
        #expect(service.stop() == 0, "\(service.output)")
    }
}
