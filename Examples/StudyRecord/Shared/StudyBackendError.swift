/// Why the backend refused or could not take a record.
public enum StudyBackendError: Error, Equatable, Sendable {
    /// The backend cannot be reached.
    case offline
    /// The user is not logged in (401).
    case loggedOut
    /// The material is not on the user's bookshelf (404).
    case materialNotOnBookshelf
    /// The memo contains a word the backend bans (422).
    case bannedWordInMemo
    /// Anything else.
    case unexpected(String)
}
