import Foundation

/// What support edits, in the backend's data folder; read on every request,
/// so an edit takes effect at once.
///
/// - `bookshelf.json` — the user's bookshelf: `[{"identifier", "title"}]`;
/// - `banned-words.txt` — words a memo may not contain, one per line (`#` starts a comment);
/// - `account.json` — `{"loggedIn", "weeklyGoalMinutes", "weeklyMinutesBeforeToday"}`.
///
/// A missing file means the built-in default.
struct BackendData {
    /// One book on the shelf.
    struct Book: Codable {
        var identifier: String
        var title: String
    }

    /// The account's starting state.
    struct Account: Codable {
        var loggedIn: Bool
        var weeklyGoalMinutes: Int
        var weeklyMinutesBeforeToday: Int
    }

    /// The folder, or nil for the built-in defaults only.
    var directory: String?

    var bookshelf: [Book] {
        guard let data = file("bookshelf.json"), let books = try? JSONDecoder().decode([Book].self, from: data) else {
            return [
                Book(identifier: "book-1", title: "Introduction to Algorithms"),
                Book(identifier: "book-2", title: "The Swift Programming Language"),
                Book(identifier: "book-3", title: "Kanji in Context"),
            ]
        }
        return books
    }

    var bannedWords: [String] {
        guard let data = file("banned-words.txt") else { return ["spam"] }
        return String(decoding: data, as: UTF8.self)
            .split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    var account: Account {
        guard let data = file("account.json"), let account = try? JSONDecoder().decode(Account.self, from: data) else {
            return Account(loggedIn: true, weeklyGoalMinutes: 300, weeklyMinutesBeforeToday: 120)
        }
        return account
    }

    /// The banned word `memo` contains, if any (whole words, any case).
    func bannedWord(in memo: String) -> String? {
        let words = Set(memo.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init))
        return bannedWords.first { words.contains($0) }
    }

    private func file(_ name: String) -> Data? {
        guard let directory else { return nil }
        return FileManager.default.contents(atPath: (directory as NSString).appendingPathComponent(name))
    }
}
