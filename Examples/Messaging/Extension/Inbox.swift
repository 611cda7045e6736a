import Intents

/// The messages the app holds.
enum Inbox {
    static let messages: [INMessage] = [
        message("msg-1", from: "bruno-costa", "Running ten minutes late", sentAt: 1_767_254_400),
        message("msg-2", from: "ana-lima", "Lunch at one?", sentAt: 1_767_258_000),
        message("msg-3", from: "ana-souza", "The tickets are booked", sentAt: 1_767_261_600),
    ]

    /// The messages not read yet, and those flagged.
    static let unread: Set<String> = ["msg-2", "msg-3"]
    static let flagged: Set<String> = ["msg-3"]

    /// Whether a message has every attribute of `attributes` (an empty set: any message).
    static func message(_ identifier: String, has attributes: INMessageAttributeOptions) -> Bool {
        let isUnread = unread.contains(identifier)
        let isFlagged = flagged.contains(identifier)
        return (!attributes.contains(.unread) || isUnread) && (!attributes.contains(.read) || !isUnread)
            && (!attributes.contains(.flagged) || isFlagged) && (!attributes.contains(.unflagged) || !isFlagged)
    }

    static func contains(_ identifier: String) -> Bool {
        messages.contains { $0.identifier == identifier }
    }

    private static func message(_ identifier: String, from sender: String, _ content: String, sentAt seconds: TimeInterval) -> INMessage {
        INMessage(
            identifier: identifier,
            content: content,
            dateSent: Date(timeIntervalSince1970: seconds),
            sender: ContactBook.people.first { $0.customIdentifier == sender },
            recipients: nil
        )
    }
}
