/// Apple's initialisers of the messaging intents, which apps call to donate
/// an interaction or to build an intent in tests. The classes themselves
/// are generated with the system intents.
extension INSendMessageIntent {
    /// A message to send.
    ///
    /// - Parameters:
    ///   - recipients: Who receives it.
    ///   - outgoingMessageType: Text or audio.
    ///   - content: Its text.
    ///   - speakableGroupName: The group it goes to.
    ///   - conversationIdentifier: The app's identifier of the conversation.
    ///   - serviceName: The service that sends it.
    ///   - sender: Who sends it.
    public convenience init(
        recipients: [INPerson]?,
        outgoingMessageType: INOutgoingMessageType,
        content: String?,
        speakableGroupName: INSpeakableString?,
        conversationIdentifier: String?,
        serviceName: String?,
        sender: INPerson?
    ) {
        self.init()
        self.recipients = recipients
        self.outgoingMessageType = outgoingMessageType
        self.content = content
        self.speakableGroupName = speakableGroupName
        self.conversationIdentifier = conversationIdentifier
        self.serviceName = serviceName
        self.sender = sender
    }
}

extension INSetMessageAttributeIntent {
    /// Marks messages.
    ///
    /// - Parameters:
    ///   - identifiers: The app's identifiers of the messages.
    ///   - attribute: What to mark them as.
    public convenience init(identifiers: [String]?, attribute: INMessageAttribute) {
        self.init()
        self.identifiers = identifiers
        self.attribute = attribute
    }
}
