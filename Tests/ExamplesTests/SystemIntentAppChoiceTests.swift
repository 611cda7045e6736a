import ExthostTestSupport
import Foundation
import Testing

/// Two apps' extensions handle one system intent (`INSendMessageIntent`):
/// as iOS does, the system asks which app a request that names none is
/// for, runs it in the one picked and remembers it for the domain; a
/// request that names an app is not asked.
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

        // The system's own question, in the request's language.
        let japanese = try system.run(Self.request, options: ["--locale", "ja"])
        #expect(try japanese.question()?["prompt"] as? String == "どのアプリを使いますか？", "\(japanese.both)")
    }

    @Test("answered by identifier or by number: the request runs in that app's extension; an answer that is no app is refused")
    func runsInTheAppPicked() throws {
        let system = try system()
        defer { system.tearDown() }
        let neither = try system.run(Self.request, answers: ["app=com.example.mail"])
        #expect(neither.status == 2, "\(neither.both)")
        #expect(neither.both.contains("is none of the apps that handle INSendMessageIntent"), "\(neither.both)")

        let messaging = try system.run(Self.request, answers: ["app=com.example.messaging"])
        #expect(messaging.status == 0, "\(messaging.both)")
        #expect(try messaging.json()["extension"] as? String == "com.example.messaging.intents")

        #expect(try system.exthost(["siri", "forget-app", "messaging"]).status == 0)
        let chat = try system.run(Self.request, answers: ["app=1"])
        #expect(chat.status == 0, "\(chat.both)")
        #expect(try chat.json()["extension"] as? String == "com.example.chat.intents")
        #expect(chat.both.contains("chat sent: On my way"), "\(chat.both)")
    }

    @Test("the app picked is remembered for the domain: the next request goes to it unasked until forgotten, or while Siri is denied for it")
    func remembersTheAppPicked() throws {
        let system = try system()
        defer { system.tearDown() }
        #expect(try system.exthost(["siri", "apps"]).standardOutput.contains("No app picked"))
        #expect(try system.run(Self.request, answers: ["app=com.example.chat"]).status == 0)

        let again = try system.run(Self.request)
        #expect(again.status == 0, "\(again.both)")
        #expect(try again.json()["extension"] as? String == "com.example.chat.intents")
        #expect(try system.exthost(["siri", "apps"]).standardOutput.contains("Messaging: com.example.chat"))

        // Siri denied for the app picked: asked again, among both apps.
        #expect(try system.exthost(["siri", "deny", "com.example.chat"]).status == 0)
        #expect(try system.question(Self.request)["answerKey"] as? String == "app")
        #expect(try system.exthost(["siri", "reset", "com.example.chat"]).status == 0)

        let unknown = try system.exthost(["siri", "forget-app", "Mail"])
        #expect(unknown.status != 0 && unknown.both.contains("no domain is named \"Mail\""), "\(unknown.both)")
        #expect(try system.exthost(["siri", "forget-app", "Messaging"]).standardOutput.contains("Forgot the app picked for Messaging."))
        #expect(try system.question(Self.request)["answerKey"] as? String == "app")
        #expect((try system.exthost(["siri", "apps", "--json"]).json()["domains"] as? [Any])?.isEmpty == true)
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
