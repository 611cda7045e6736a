import Foundation

/// `INRelevantShortcut`: a shortcut the app says is relevant, optionally
/// during a date interval (`INDateRelevanceProvider`).
public struct RelevantShortcut: Codable, Hashable, Sendable {
    public var shortcut: Shortcut
    /// The start of the date relevance, or `nil` for none.
    public var startDate: Date?
    /// The end of the date relevance, or `nil` for an open end.
    public var endDate: Date?

    /// Creates a relevant shortcut.
    public init(shortcut: Shortcut, startDate: Date? = nil, endDate: Date? = nil) {
        self.shortcut = shortcut
        self.startDate = startDate
        self.endDate = endDate
    }

    /// Whether it has a date relevance that holds at `date`.
    func isRelevant(at date: Date) -> Bool {
        guard let startDate else { return false }
        return startDate <= date && date <= (endDate ?? .distantFuture)
    }
}
