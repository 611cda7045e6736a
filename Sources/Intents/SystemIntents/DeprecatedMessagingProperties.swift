/// iOS 10's group names of the messaging intents, deprecated since iOS 11
/// when they became speakable strings. As on iOS they are views of today's
/// properties, not parameters of their own: the system fills
/// `speakableGroupName(s)`, and a handler written for iOS 10 still reads
/// the spoken phrase where it reads `groupName`.
extension INSendMessageIntent {
    /// The name of the group the message goes to: the spoken phrase of
    /// ``speakableGroupName``.
    @available(*, deprecated, renamed: "speakableGroupName", message: "groupName is speakableGroupName's spoken phrase; read speakableGroupName")
    public var groupName: String? { speakableGroupName?.spokenPhrase }

    /// iOS 10's initialiser: the group name becomes ``speakableGroupName``.
    ///
    /// - Parameters:
    ///   - recipients: Who receives it.
    ///   - content: Its text.
    ///   - groupName: The group it goes to, as spoken.
    ///   - serviceName: The service that sends it.
    ///   - sender: Who sends it.
    @available(*, deprecated, message: "use init(recipients:outgoingMessageType:content:speakableGroupName:conversationIdentifier:serviceName:sender:attachments:)")
    public convenience init(recipients: [INPerson]?, content: String?, groupName: String?, serviceName: String?, sender: INPerson?) {
        self.init()
        self.recipients = recipients
        self.content = content
        self.speakableGroupName = groupName.map { INSpeakableString(spokenPhrase: $0) }
        self.serviceName = serviceName
        self.sender = sender
    }
}

extension INSearchForMessagesIntent {
    /// The names of the groups searched: the spoken phrases of
    /// ``speakableGroupNames``.
    @available(*, deprecated, renamed: "speakableGroupNames", message: "groupNames are speakableGroupNames' spoken phrases; read speakableGroupNames")
    public var groupNames: [String]? { speakableGroupNames?.map(\.spokenPhrase) }

    /// How the group names combine: ``speakableGroupNamesOperator``.
    @available(*, deprecated, renamed: "speakableGroupNamesOperator", message: "groupNamesOperator is speakableGroupNamesOperator; read speakableGroupNamesOperator")
    public var groupNamesOperator: INConditionalOperator { speakableGroupNamesOperator }
}

extension INSendMessageIntentResponse {
    /// The message sent (iOS 10.3), deprecated since iOS 16 for
    /// ``sentMessages``. A view of that list, not data of its own: reading
    /// gives its first message, setting replaces the list with the one
    /// message (or clears it), so a handler written for iOS 10.3 and one
    /// written for iOS 16 answer the same response.
    @available(*, deprecated, message: "sentMessage is deprecated since iOS 16: set sentMessages")
    public var sentMessage: INMessage? {
        get { sentMessages?.first }
        set { sentMessages = newValue.map { [$0] } }
    }
}
