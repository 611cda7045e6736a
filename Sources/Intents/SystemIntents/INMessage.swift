import Foundation

/// Apple's initialiser and `dateSent` of `INMessage`, a message
/// `INSearchForMessagesIntentResponse.messages` carries. The class itself is
/// generated with the system intents (a custom type of the messaging
/// domain: an `INObject` whose display string is the content); the time it
/// was sent crosses the ABI as date components (`dateSentComponents`).
extension INMessage {
    /// A message.
    ///
    /// - Parameters:
    ///   - identifier: The app's identifier for the message.
    ///   - content: Its text.
    ///   - dateSent: When it was sent.
    ///   - sender: Who sent it.
    ///   - recipients: Who received it.
    public convenience init(identifier: String, content: String?, dateSent: Date?, sender: INPerson?, recipients: [INPerson]?) {
        self.init(identifier: identifier, display: content ?? identifier, pronunciationHint: nil)
        self.content = content
        self.dateSent = dateSent
        self.sender = sender
        self.recipients = recipients
    }

    /// When the message was sent.
    public var dateSent: Date? {
        get { SystemDates.date(dateSentComponents) }
        set { dateSentComponents = SystemDates.components(newValue) }
    }
}
