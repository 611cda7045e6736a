import Foundation

/// Apple's initialisers and `dateSent` of `INMessage`, a message
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

    /// A message in a conversation (iOS 11's initialiser).
    ///
    /// - Parameters:
    ///   - identifier: The app's identifier for the message.
    ///   - conversationIdentifier: The app's identifier for its conversation.
    ///   - content: Its text.
    ///   - dateSent: When it was sent.
    ///   - sender: Who sent it.
    ///   - recipients: Who received it.
    ///   - messageType: Text, audio, a sticker, …
    public convenience init(
        identifier: String, conversationIdentifier: String?, content: String?, dateSent: Date?,
        sender: INPerson?, recipients: [INPerson]?, messageType: INMessageType
    ) {
        self.init(identifier: identifier, content: content, dateSent: dateSent, sender: sender, recipients: recipients)
        self.conversationIdentifier = conversationIdentifier
        self.messageType = messageType
    }

    /// A message in a group conversation (iOS 11's initialiser).
    ///
    /// - Parameters:
    ///   - identifier: The app's identifier for the message.
    ///   - conversationIdentifier: The app's identifier for its conversation.
    ///   - content: Its text.
    ///   - dateSent: When it was sent.
    ///   - sender: Who sent it.
    ///   - recipients: Who received it.
    ///   - groupName: The group it was sent to.
    ///   - messageType: Text, audio, a sticker, …
    public convenience init(
        identifier: String, conversationIdentifier: String?, content: String?, dateSent: Date?,
        sender: INPerson?, recipients: [INPerson]?, groupName: INSpeakableString?, messageType: INMessageType
    ) {
        self.init(identifier: identifier, conversationIdentifier: conversationIdentifier, content: content, dateSent: dateSent,
                  sender: sender, recipients: recipients, messageType: messageType)
        self.groupName = groupName
    }

    /// A message of a named service (iOS 13.2's initialiser).
    ///
    /// - Parameters:
    ///   - identifier: The app's identifier for the message.
    ///   - conversationIdentifier: The app's identifier for its conversation.
    ///   - content: Its text.
    ///   - dateSent: When it was sent.
    ///   - sender: Who sent it.
    ///   - recipients: Who received it.
    ///   - groupName: The group it was sent to.
    ///   - messageType: Text, audio, a sticker, …
    ///   - serviceName: The service that carried it.
    public convenience init(
        identifier: String, conversationIdentifier: String?, content: String?, dateSent: Date?,
        sender: INPerson?, recipients: [INPerson]?, groupName: INSpeakableString?, messageType: INMessageType, serviceName: String?
    ) {
        self.init(identifier: identifier, conversationIdentifier: conversationIdentifier, content: content, dateSent: dateSent,
                  sender: sender, recipients: recipients, groupName: groupName, messageType: messageType)
        self.serviceName = serviceName
    }

    /// A message with files attached (iOS 16's initialiser).
    ///
    /// - Parameters:
    ///   - identifier: The app's identifier for the message.
    ///   - conversationIdentifier: The app's identifier for its conversation.
    ///   - content: Its text.
    ///   - dateSent: When it was sent.
    ///   - sender: Who sent it.
    ///   - recipients: Who received it.
    ///   - groupName: The group it was sent to.
    ///   - messageType: `.mediaImage`, `.file`, …
    ///   - serviceName: The service that carried it.
    ///   - attachmentFiles: The files attached; each crosses to the host as
    ///     its name, type identifier and URL, or its bytes for a file made
    ///     from `Data`.
    public convenience init(
        identifier: String, conversationIdentifier: String?, content: String?, dateSent: Date?,
        sender: INPerson?, recipients: [INPerson]?, groupName: INSpeakableString?, messageType: INMessageType, serviceName: String?,
        attachmentFiles: [INFile]?
    ) {
        self.init(identifier: identifier, conversationIdentifier: conversationIdentifier, content: content, dateSent: dateSent,
                  sender: sender, recipients: recipients, groupName: groupName, messageType: messageType, serviceName: serviceName)
        self.attachmentFiles = attachmentFiles
    }

    /// An audio message (iOS 16's initialiser).
    ///
    /// - Parameters:
    ///   - identifier: The app's identifier for the message.
    ///   - conversationIdentifier: The app's identifier for its conversation.
    ///   - content: Its text.
    ///   - dateSent: When it was sent.
    ///   - sender: Who sent it.
    ///   - recipients: Who received it.
    ///   - groupName: The group it was sent to.
    ///   - messageType: `.audio`, …
    ///   - serviceName: The service that carried it.
    ///   - audioMessageFile: The recording.
    public convenience init(
        identifier: String, conversationIdentifier: String?, content: String?, dateSent: Date?,
        sender: INPerson?, recipients: [INPerson]?, groupName: INSpeakableString?, messageType: INMessageType, serviceName: String?,
        audioMessageFile: INFile?
    ) {
        self.init(identifier: identifier, conversationIdentifier: conversationIdentifier, content: content, dateSent: dateSent,
                  sender: sender, recipients: recipients, groupName: groupName, messageType: messageType, serviceName: serviceName)
        self.audioMessageFile = audioMessageFile
    }

    /// When the message was sent.
    public var dateSent: Date? {
        get { SystemDates.date(dateSentComponents) }
        set { dateSentComponents = SystemDates.components(newValue) }
    }
}
