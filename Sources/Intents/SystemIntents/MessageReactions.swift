import Foundation

/// iOS 17's and 18's initialisers of `INMessage` (a count of attachments;
/// the message replied to, a sticker, a reaction) and Apple's initialisers
/// of `INSticker` and `INMessageReaction`. The classes are generated with
/// the system intents, the sticker and the reaction as plain objects, as
/// Apple's are (``_ExthostPlainObject``); every value crosses the ABI in
/// the message's properties.
extension INMessage {
    /// A message with a count of its attachments (iOS 17's initialiser).
    ///
    /// - Parameters:
    ///   - identifier: The app's identifier for the message.
    ///   - conversationIdentifier: The app's identifier for its conversation.
    ///   - content: Its text.
    ///   - dateSent: When it was sent.
    ///   - sender: Who sent it.
    ///   - recipients: Who received it.
    ///   - groupName: The group it was sent to.
    ///   - serviceName: The service that carried it.
    ///   - messageType: Text, a file, …
    ///   - numberOfAttachments: How many files it has attached; kept as
    ///     ``numberOfAttachments``, an `Int?` here where Apple's property is
    ///     an `NSNumber?` (the domain's numbers are Swift's).
    public convenience init(
        identifier: String, conversationIdentifier: String?, content: String?, dateSent: Date?,
        sender: INPerson?, recipients: [INPerson]?, groupName: INSpeakableString?, serviceName: String?, messageType: INMessageType,
        numberOfAttachments: NSNumber?
    ) {
        self.init(identifier: identifier, conversationIdentifier: conversationIdentifier, content: content, dateSent: dateSent,
                  sender: sender, recipients: recipients, groupName: groupName, messageType: messageType, serviceName: serviceName)
        self.numberOfAttachments = numberOfAttachments?.intValue
    }

    /// A reply, a sticker or a reaction (iOS 18's initialiser).
    ///
    /// - Parameters:
    ///   - identifier: The app's identifier for the message.
    ///   - conversationIdentifier: The app's identifier for its conversation.
    ///   - content: Its text.
    ///   - dateSent: When it was sent.
    ///   - sender: Who sent it.
    ///   - recipients: Who received it.
    ///   - groupName: The group it was sent to.
    ///   - serviceName: The service that carried it.
    ///   - messageType: `.sticker`, …
    ///   - referencedMessage: The message it answers or reacts to.
    ///   - sticker: The sticker it is.
    ///   - reaction: The reaction it is.
    public convenience init(
        identifier: String, conversationIdentifier: String?, content: String?, dateSent: Date?,
        sender: INPerson?, recipients: [INPerson]?, groupName: INSpeakableString?, serviceName: String?, messageType: INMessageType,
        referencedMessage: INMessage?, sticker: INSticker?, reaction: INMessageReaction?
    ) {
        self.init(identifier: identifier, conversationIdentifier: conversationIdentifier, content: content, dateSent: dateSent,
                  sender: sender, recipients: recipients, groupName: groupName, messageType: messageType, serviceName: serviceName)
        self.referencedMessage = referencedMessage
        self.sticker = sticker
        self.reaction = reaction
    }
}

extension INSticker {
    /// Apple's Swift name of `INStickerType`.
    public typealias StickerType = INStickerType

    /// A sticker (iOS 18).
    ///
    /// - Parameters:
    ///   - type: An emoji's, or another.
    ///   - emoji: The emoji it shows, if it is one.
    public convenience init(type: INSticker.StickerType, emoji: String?) {
        self.init()
        self.type = type
        self.emoji = emoji
    }

    /// Its emoji, else its type: `👍`, `generic`.
    public var _exthostDisplayString: String { emoji ?? String(describing: type) }
}

extension INMessageReaction {
    /// A reaction to a message (iOS 18).
    ///
    /// - Parameters:
    ///   - reactionType: An emoji, or another kind.
    ///   - reactionDescription: What the reaction says, in words.
    ///   - emoji: The emoji, if it is one.
    public convenience init(reactionType: INMessageReactionType, reactionDescription: String?, emoji: String?) {
        self.init()
        self.reactionType = reactionType
        self.reactionDescription = reactionDescription
        self.emoji = emoji
    }

    /// Its emoji, else its description, else its type.
    public var _exthostDisplayString: String { emoji ?? reactionDescription ?? String(describing: reactionType) }
}
