/// Apple's initialisers of the messaging intents, which apps call to donate
/// an interaction or to build an intent in tests. The classes themselves
/// are generated with the system intents.
extension INSendMessageIntent {
    /// A message to send (iOS 14's first initialiser, deprecated in the same
    /// release for the one with `attachments:`; the message is Apple's, word
    /// for word).
    ///
    /// - Parameters:
    ///   - recipients: Who receives it.
    ///   - outgoingMessageType: Text or audio.
    ///   - content: Its text.
    ///   - speakableGroupName: The group it goes to.
    ///   - conversationIdentifier: The app's identifier of the conversation.
    ///   - serviceName: The service that sends it.
    ///   - sender: Who sends it.
    @available(*, deprecated, message: "Use the designated initializer with attachments instead instead")
    public convenience init(
        recipients: [INPerson]?,
        outgoingMessageType: INOutgoingMessageType,
        content: String?,
        speakableGroupName: INSpeakableString?,
        conversationIdentifier: String?,
        serviceName: String?,
        sender: INPerson?
    ) {
        self.init(recipients: recipients, outgoingMessageType: outgoingMessageType, content: content,
                  speakableGroupName: speakableGroupName, conversationIdentifier: conversationIdentifier,
                  serviceName: serviceName, sender: sender, attachments: nil)
    }
}

extension INSendMessageIntent {
    /// A message to send with files attached (iOS 14's initialiser).
    ///
    /// - Parameters:
    ///   - recipients: Who receives it.
    ///   - outgoingMessageType: Text or audio.
    ///   - content: Its text.
    ///   - speakableGroupName: The group it goes to.
    ///   - conversationIdentifier: The app's identifier of the conversation.
    ///   - serviceName: The service that sends it.
    ///   - sender: Who sends it.
    ///   - attachments: The files it carries: an audio message's recording.
    public convenience init(
        recipients: [INPerson]?,
        outgoingMessageType: INOutgoingMessageType,
        content: String?,
        speakableGroupName: INSpeakableString?,
        conversationIdentifier: String?,
        serviceName: String?,
        sender: INPerson?,
        attachments: [INSendMessageAttachment]?
    ) {
        self.init()
        self.recipients = recipients
        self.outgoingMessageType = outgoingMessageType
        self.content = content
        self.speakableGroupName = speakableGroupName
        self.conversationIdentifier = conversationIdentifier
        self.serviceName = serviceName
        self.sender = sender
        self.attachments = attachments
    }
}

extension INSendMessageAttachment {
    /// An audio message's recording (iOS 14).
    ///
    /// - Parameter audioMessageFile: The recording.
    public convenience init(audioMessageFile: INFile) {
        self.init()
        self.audioMessageFile = audioMessageFile
    }

    /// Its file's name.
    public var _exthostDisplayString: String { audioMessageFile?.filename ?? "" }
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

extension INSearchForMessagesIntent {
    /// A search for messages, as iOS 12 describes it (Apple's Swift name).
    ///
    /// The `…Operator` properties are not parameters of any of Apple's
    /// initialisers: they read `.all` here, as on iOS, until Siri (the
    /// request) sets them.
    ///
    /// - Parameters:
    ///   - recipients: Messages received by these people.
    ///   - senders: Messages sent by these people.
    ///   - searchTerms: Words the messages contain.
    ///   - attributes: Read, unread, flagged, … (all of them; none: any message).
    ///   - dateTimeRange: When the messages were sent.
    ///   - identifiers: The app's identifiers of the messages.
    ///   - notificationIdentifiers: The identifiers of the messages' notifications.
    ///   - speakableGroupNames: The groups the messages went to.
    ///   - conversationIdentifiers: The app's identifiers of their conversations.
    public convenience init(
        recipients: [INPerson]?,
        senders: [INPerson]?,
        searchTerms: [String]?,
        attributes: INMessageAttributeOptions = [],
        dateTimeRange: INDateComponentsRange?,
        identifiers: [String]?,
        notificationIdentifiers: [String]?,
        speakableGroupNames: [INSpeakableString]?,
        conversationIdentifiers: [String]?
    ) {
        self.init()
        self.recipients = recipients
        self.senders = senders
        self.searchTerms = searchTerms
        self.attributes = attributes
        self.dateTimeRange = dateTimeRange
        self.identifiers = identifiers
        self.notificationIdentifiers = notificationIdentifiers
        self.speakableGroupNames = speakableGroupNames
        self.conversationIdentifiers = conversationIdentifiers
    }

    /// The iOS 12 initialiser under the name Swift imports from
    /// Objective-C (`dateTime:`).
    public convenience init(
        recipients: [INPerson]?,
        senders: [INPerson]?,
        searchTerms: [String]?,
        attributes: INMessageAttributeOptions = [],
        dateTime dateTimeRange: INDateComponentsRange?,
        identifiers: [String]?,
        notificationIdentifiers: [String]?,
        speakableGroupNames: [INSpeakableString]?,
        conversationIdentifiers: [String]?
    ) {
        self.init(
            recipients: recipients, senders: senders, searchTerms: searchTerms, attributes: attributes,
            dateTimeRange: dateTimeRange, identifiers: identifiers, notificationIdentifiers: notificationIdentifiers,
            speakableGroupNames: speakableGroupNames, conversationIdentifiers: conversationIdentifiers
        )
    }

    /// iOS 11's initialiser (deprecated on iOS since iOS 12): no conversations.
    public convenience init(
        recipients: [INPerson]?,
        senders: [INPerson]?,
        searchTerms: [String]?,
        attributes: INMessageAttributeOptions = [],
        dateTimeRange: INDateComponentsRange?,
        identifiers: [String]?,
        notificationIdentifiers: [String]?,
        speakableGroupNames: [INSpeakableString]?
    ) {
        self.init(
            recipients: recipients, senders: senders, searchTerms: searchTerms, attributes: attributes,
            dateTimeRange: dateTimeRange, identifiers: identifiers, notificationIdentifiers: notificationIdentifiers,
            speakableGroupNames: speakableGroupNames, conversationIdentifiers: nil
        )
    }

    /// iOS 11's initialiser under the name Swift imports from Objective-C.
    public convenience init(
        recipients: [INPerson]?,
        senders: [INPerson]?,
        searchTerms: [String]?,
        attributes: INMessageAttributeOptions = [],
        dateTime dateTimeRange: INDateComponentsRange?,
        identifiers: [String]?,
        notificationIdentifiers: [String]?,
        speakableGroupNames: [INSpeakableString]?
    ) {
        self.init(
            recipients: recipients, senders: senders, searchTerms: searchTerms, attributes: attributes,
            dateTimeRange: dateTimeRange, identifiers: identifiers, notificationIdentifiers: notificationIdentifiers,
            speakableGroupNames: speakableGroupNames, conversationIdentifiers: nil
        )
    }

    /// iOS 10's initialiser (deprecated on iOS since iOS 11), whose groups
    /// were plain names: each becomes an `INSpeakableString` of
    /// `speakableGroupNames`, the property that replaced them.
    public convenience init(
        recipients: [INPerson]?,
        senders: [INPerson]?,
        searchTerms: [String]?,
        attributes: INMessageAttributeOptions = [],
        dateTimeRange: INDateComponentsRange?,
        identifiers: [String]?,
        notificationIdentifiers: [String]?,
        groupNames: [String]?
    ) {
        self.init(
            recipients: recipients, senders: senders, searchTerms: searchTerms, attributes: attributes,
            dateTimeRange: dateTimeRange, identifiers: identifiers, notificationIdentifiers: notificationIdentifiers,
            speakableGroupNames: groupNames?.map { INSpeakableString(spokenPhrase: $0) }, conversationIdentifiers: nil
        )
    }

    /// iOS 10's initialiser under the name Swift imports from Objective-C.
    public convenience init(
        recipients: [INPerson]?,
        senders: [INPerson]?,
        searchTerms: [String]?,
        attributes: INMessageAttributeOptions = [],
        dateTime dateTimeRange: INDateComponentsRange?,
        identifiers: [String]?,
        notificationIdentifiers: [String]?,
        groupNames: [String]?
    ) {
        self.init(
            recipients: recipients, senders: senders, searchTerms: searchTerms, attributes: attributes,
            dateTimeRange: dateTimeRange, identifiers: identifiers, notificationIdentifiers: notificationIdentifiers,
            groupNames: groupNames
        )
    }
}

extension INUnsendMessagesIntent {
    /// Messages to take back (iOS 17).
    ///
    /// - Parameter messageIdentifiers: The app's identifiers of the messages.
    public convenience init(messageIdentifiers: [String]?) {
        self.init()
        self.messageIdentifiers = messageIdentifiers
    }
}

extension INEditMessageIntent {
    /// A sent message's new text (iOS 17).
    ///
    /// - Parameters:
    ///   - messageIdentifier: The app's identifier of the message.
    ///   - editedContent: The text it says instead.
    public convenience init(messageIdentifier: String?, editedContent: String?) {
        self.init()
        self.messageIdentifier = messageIdentifier
        self.editedContent = editedContent
    }
}
