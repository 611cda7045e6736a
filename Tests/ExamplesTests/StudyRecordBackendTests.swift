import Foundation
import StudyRecordKit
import Testing

/// The backend on its own: what support edits takes effect at once.
@Suite("Study record backend")
struct StudyRecordBackendTests {
    @Test("banned words and the bookshelf are read on every request; the logged-in flag is a session")
    func supportEditsTakeEffectAtOnce() throws {
        let system = try StudyRecordSystem()
        defer { system.tearDown() }
        let data = system.root.appendingPathComponent("backend-data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let bannedWords = data.appendingPathComponent("banned-words.txt")
        try "# support's list\nspam\n".write(to: bannedWords, atomically: true, encoding: .utf8)
        try #"[{"identifier": "book-2", "title": "The Swift Programming Language"}]"#
            .write(to: data.appendingPathComponent("bookshelf.json"), atomically: true, encoding: .utf8)
        try #"{"loggedIn": true, "weeklyGoalMinutes": 600, "weeklyMinutesBeforeToday": 0}"#
            .write(to: data.appendingPathComponent("account.json"), atomically: true, encoding: .utf8)
        try system.startBackend(data: data)
        let backend = system.backend

        func record(_ memo: String, material: String = "book-2", request: String = UUID().uuidString) -> StudyRecord {
            StudyRecord(materialIdentifier: material, materialName: "a book", durationMinutes: 30, memo: memo, requestIdentifier: request)
        }

        #expect(backend.post(record("Ferrari of a chapter")) == .success(WeeklyProgress(weeklyMinutes: 30, weeklyGoalMinutes: 600)))
        #expect(backend.post(record("pure SPAM, really")) == .failure(.bannedWordInMemo))

        // Support bans a word: the next record with it is refused.
        try "# support's list\nspam\nferrari\n".write(to: bannedWords, atomically: true, encoding: .utf8)
        #expect(backend.post(record("Ferrari of a chapter")) == .failure(.bannedWordInMemo))
        #expect(backend.post(record("a chapter", material: "book-3")) == .failure(.materialNotOnBookshelf))

        // The same request sent twice (kept offline, then sent) counts once.
        let again = record("once", request: "request-7")
        #expect(backend.post(again) == .success(WeeklyProgress(weeklyMinutes: 60, weeklyGoalMinutes: 600)))
        #expect(backend.post(again) == .success(WeeklyProgress(weeklyMinutes: 60, weeklyGoalMinutes: 600)))

        // Logging out refuses records until logging in again.
        #expect(try session(loggedIn: false, backend) == 200)
        #expect(backend.post(record("a chapter")) == .failure(.loggedOut))
        #expect(try session(loggedIn: true, backend) == 200)
        #expect(try system.get("/records", as: [StudyRecord].self).map(\.memo) == ["Ferrari of a chapter", "once"])
    }

    private func session(loggedIn: Bool, _ backend: BackendClient) throws -> Int {
        let body = Data(#"{"loggedIn": \#(loggedIn)}"#.utf8)
        guard case .success(let answer) = backend.exchange(method: "POST", path: "/session", body: body) else {
            throw SystemError("POST /session failed")
        }
        return answer.status
    }
}
