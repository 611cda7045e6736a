import ExthostTestSupport
import Foundation
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
}
