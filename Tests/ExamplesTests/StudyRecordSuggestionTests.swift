import ExthostTestSupport
import Foundation
import StudyRecordKit
import Testing

/// What the system suggests after *Record study* requests: what the user
/// did, not what was refused (issue 17, item 6), through the real `exthost`,
/// extension, backend and store.
@Suite("Record study's suggestions")
struct StudyRecordSuggestionTests {
    /// The shortcuts `exthost suggest` ranks for the app.
    func suggested(_ system: StudyRecordSystem) throws -> [[String: Any]] {
        let result = try system.example.exthost(["suggest", "--json", "--app", StudyRecordIdentity.app])
        #expect(result.status == 0, "\(result.standardError)")
        let suggestions = try #require(try result.json()["suggestions"] as? [[String: Any]])
        return suggestions.compactMap { $0["shortcut"] as? [String: Any] }
    }

    @Test("a record refused for a banned word is kept as a failure but never suggested")
    func bannedWordIsNotSuggested() throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        try system.startBackend()

        let recorded = try system.run("PostStudyRecord", ["material": StudyRecordErrorTests.swiftBook, "duration": 30, "memo": "chapter 3"])
        #expect(recorded.code == "success", "\(recorded.description)")
        let refused = try system.run("PostStudyRecord", ["material": StudyRecordErrorTests.swiftBook, "duration": 45, "memo": "this book is a SCAM"])
        #expect(refused.code == "failureNgWordsDetected", "\(refused.description)")

        // Both requests went through the system and are recorded…
        let donations = try system.example.donations(ofApp: StudyRecordIdentity.app)
        #expect(donations.compactMap { $0["intentHandlingStatus"] as? String }.sorted() == ["failure", "success"])
        // …but only the one that was recorded is suggested.
        let suggestions = try suggested(system)
        let parameters = suggestions.compactMap { $0["parameters"] as? [String: Any] }
        #expect(parameters.count == 1)
        #expect(parameters.first?["memo"] as? String == "chapter 3")
        #expect(!parameters.contains { ($0["memo"] as? String)?.contains("SCAM") == true })
        // Titled by the definition's primary summary, the material by name.
        #expect(suggestions.first?["title"] as? String == "Record 30 minutes of The Swift Programming Language")
    }
}
