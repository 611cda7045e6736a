import ExthostTestSupport
import Foundation
import Testing

/// Two apps' extensions handle one system intent (`INSendMessageIntent`):
/// as iOS does, the system asks which app a request that names none is
/// for, and runs it in the one picked; a request that names an app is not
/// asked.
@Suite("System intents: which app, when several handle one")
struct SystemIntentAppChoiceTests {
    static let request = #"{"intent": "INSendMessageIntent", "parameters": {"recipients": ["Bruno"], "content": "On my way"}}"#

    private func system() throws -> ExampleSystem {
        try ExampleSystem(plugins: ["MessagingExtension", "SecondMessagingExtension"])
    }

    @Test("unanswered: the question of which app, its choices the two apps")
    func asksWhichApp() throws {
        let system = try system()
        defer { system.tearDown() }
        let question = try system.question(Self.request)
        #expect(question["kind"] as? String == "choice")
        #expect(question["answerKey"] as? String == "app")
        #expect(question["prompt"] as? String == "Which app do you want to use?")
        let choices = try #require(question["choices"] as? [[String: Any]])
        #expect(choices.compactMap { $0["identifier"] as? String } == ["com.example.chat", "com.example.messaging"])
    }

    @Test("answered by identifier or by number: the request runs in that app's extension")
    func runsInTheAppPicked() throws {
        let system = try system()
        defer { system.tearDown() }
        let messaging = try system.run(Self.request, answers: ["app=com.example.messaging"])
        #expect(messaging.status == 0, "\(messaging.both)")
        #expect(try messaging.json()["extension"] as? String == "com.example.messaging.intents")

        let chat = try system.run(Self.request, answers: ["app=1"])
        #expect(chat.status == 0, "\(chat.both)")
        #expect(try chat.json()["extension"] as? String == "com.example.chat.intents")
        #expect(chat.both.contains("chat sent: On my way"), "\(chat.both)")

        let neither = try system.run(Self.request, answers: ["app=com.example.mail"])
        #expect(neither.status == 2, "\(neither.both)")
        #expect(neither.both.contains("is none of the apps that handle INSendMessageIntent"), "\(neither.both)")
    }

    @Test("a request that names its app is not asked")
    func namedAppIsNotAsked() throws {
        let system = try system()
        defer { system.tearDown() }
        let named = try system.run(#"{"intent": "INSendMessageIntent", "app": "com.example.chat", "parameters": {"recipients": ["Bruno"], "content": "Hi"}}"#)
        #expect(named.status == 0, "\(named.both)")
        #expect(try named.json()["extension"] as? String == "com.example.chat.intents")
    }
}
