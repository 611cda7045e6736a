import Foundation
import Intents
import StudyRecordExtension
import Testing

/// What Apple's SDK reaches through key-value coding, with Swift key paths
/// on Linux: `INParameter`, the key-path form of `setImage(_:forParameterNamed:)`,
/// `keyImage()`, `INInteraction.parameterValue(for:)`; and `INCallGroup`.
@Suite("Parameters by key path, and INCallGroup")
struct ParameterKeyPathTests {
    @Test("setImage(_:forParameterNamed:) with a key path sets the parameter's image, which the name and the key path both find")
    func setImageByKeyPath() {
        let intent = INSendMessageIntent()
        let avatar = INImage(named: "avatar")
        intent.setImage(avatar, forParameterNamed: \.recipients)
        #expect(intent.image(forParameterNamed: "recipients") == avatar)
        #expect(intent.image(forParameterNamed: \.recipients) == avatar)
        #expect(intent.image(forParameterNamed: \.content) == nil)
        intent.setImage(nil, forParameterNamed: \.recipients)
        #expect(intent.image(forParameterNamed: "recipients") == nil)
        // A path through a value, not a parameter: nothing set, as on iOS
        // with a key path that has no Objective-C name.
        intent.setImage(avatar, forParameterNamed: \.recipients?.count)
        #expect(intent.image(forParameterNamed: "recipients") == nil)
    }

    @Test("keyImage() is the key parameter's image, else the first parameter's in definition order, else nil")
    func keyImage() {
        let intent = PostStudyRecordIntent()
        #expect(intent.keyImage() == nil)
        let clock = INImage(named: "clock")
        let book = INImage(named: "book")
        intent.setImage(clock, forParameterNamed: \.amount)
        intent.setImage(INImage(named: "timer"), forParameterNamed: \.duration)
        #expect(intent.keyImage() == INImage(named: "timer"), "duration comes before amount in the definition")
        intent.setImage(book, forParameterNamed: \.material)
        #expect(intent.keyImage() == book, "material is the definition's key parameter")
        let message = INSendMessageIntent()
        message.setImage(clock, forParameterNamed: \.content)
        #expect(message.keyImage() == clock)
    }

    @Test("INParameter names a property by class and key path, or by a Swift key path; its indexes are kept")
    func parameter() throws {
        let byName = INParameter(for: INSendMessageIntent.self, keyPath: "recipients")
        let byKeyPath = try #require(INParameter(keyPath: \INSendMessageIntent.recipients))
        #expect(byKeyPath.parameterKeyPath == "recipients")
        #expect(ObjectIdentifier(byKeyPath.parameterClass) == ObjectIdentifier(INSendMessageIntent.self))
        #expect(byName.isEqual(to: byKeyPath) && byName == byKeyPath)
        #expect(INParameter(for: INSendMessageIntent.self, keyPath: "content") != byName)
        #expect(INParameter(for: INStartCallIntent.self, keyPath: "recipients") != byName)
        // Not a parameter of a generated intent class: nil, as iOS gives for
        // a key path without an Objective-C name.
        #expect(INParameter(keyPath: \INSendMessageIntentResponse.sentMessages) == nil)
        #expect(INParameter(keyPath: \INSendMessageIntent.recipients?.count) == nil)

        let first = INParameter(for: INSearchForMessagesIntentResponse.self, keyPath: "messages.sender")
        #expect(first.index(forSubKeyPath: "messages") == NSNotFound)
        first.setIndex(0, forSubKeyPath: "messages")
        #expect(first.index(forSubKeyPath: "messages") == 0)
        let second = INParameter(for: INSearchForMessagesIntentResponse.self, keyPath: "messages.sender")
        second.setIndex(1, forSubKeyPath: "messages")
        #expect(!first.isEqual(to: second))
    }

    @Test("INInteraction.parameterValue(for:) reads the intent's property the parameter names; nil for none or another class")
    func parameterValue() throws {
        let intent = INSendMessageIntent(recipients: [INPerson(personHandle: INPersonHandle(value: "ana.lima@example.com", type: .emailAddress), nameComponents: nil, displayName: "Ana Lima", image: nil, contactIdentifier: nil, customIdentifier: "ana-lima")],
                                         outgoingMessageType: .outgoingMessageText, content: "Lunch?", speakableGroupName: nil,
                                         conversationIdentifier: nil, serviceName: nil, sender: nil, attachments: nil)
        let interaction = INInteraction(intent: intent, response: nil)
        #expect(interaction.parameterValue(for: INParameter(for: INSendMessageIntent.self, keyPath: "content")) as? String == "Lunch?")
        let recipientsParameter = try #require(INParameter(keyPath: \INSendMessageIntent.recipients))
        let recipients = interaction.parameterValue(for: recipientsParameter) as? [INPerson]
        #expect(recipients?.map(\.displayName) == ["Ana Lima"])
        #expect(interaction.parameterValue(for: INParameter(for: INSendMessageIntent.self, keyPath: "serviceName")) == nil)
        #expect(interaction.parameterValue(for: INParameter(for: INStartCallIntent.self, keyPath: "content")) == nil)
        #expect(interaction.parameterValue(for: INParameter(for: INSendMessageIntent.self, keyPath: "noSuchParameter")) == nil)
    }

    @Test("INCallGroup keeps its name and identifier, and compares by both")
    func callGroup() {
        let family = INCallGroup(groupName: "Family", groupId: "group-7")
        #expect(family.groupName == "Family" && family.groupId == "group-7")
        #expect(family == INCallGroup(groupName: "Family", groupId: "group-7"))
        #expect(family != INCallGroup(groupName: "Family", groupId: "group-8"))
        #expect(Set([family, INCallGroup(groupName: "Family", groupId: "group-7")]).count == 1)
        let unnamed = INCallGroup(groupName: nil, groupId: nil)
        #expect(unnamed.groupName == nil && unnamed.groupId == nil)
        #expect(family.description == "<INCallGroup groupName: Family, groupId: group-7>")
    }
}
