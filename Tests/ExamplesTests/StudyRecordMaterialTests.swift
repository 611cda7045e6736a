import Foundation
import StudyRecordKit
import Testing

/// A material said aloud (a title, no identifier) resolves to the book on the shelf.
@Suite("Record study: the material said aloud")
struct StudyRecordMaterialTests {
    @Test("a title names the book on the shelf; one naming several is a choice; one naming none is not on the bookshelf")
    func titles() throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        try system.startBackend()

        let kanji = try system.run("PostStudyRecord", ["material": "kanji", "duration": 30])
        #expect(kanji.code == "success", "\(kanji.description)")
        #expect(try system.get("/records", as: [StudyRecord].self).map(\.materialIdentifier) == ["book-3"])

        let several = try system.run("PostStudyRecord", ["material": "in", "duration": 30])
        #expect(several.status == 3, "\(several.description)")
        #expect(several.question?["kind"] as? String == "choice")
        let choices = (several.question?["choices"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        #expect(choices.contains("Kanji in Context") && choices.count > 1)
        let picked = try system.run("PostStudyRecord", ["material": "in", "duration": 30], answers: ["material=Kanji in Context"])
        #expect(picked.code == "success", "\(picked.description)")

        let calculus = try system.run("PostStudyRecord", ["material": "Calculus", "duration": 30])
        #expect(calculus.code == "failureNotFoundBookshelfEntry")
        #expect(calculus.message == "Calculus is not on your bookshelf.")
    }
}
