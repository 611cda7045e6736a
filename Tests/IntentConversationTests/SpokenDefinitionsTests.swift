import ExthostTestSupport
import IntentConversation
import IntentConversationEmbedded
import IntentDefinition
import Testing

/// A request spoken in a language the system's sentence tables have: the
/// tables are merged into the handler's definition once per intent and
/// language, and kept with their conversation plans.
@Suite("A handler's definition in the languages it is spoken in")
struct SpokenDefinitionsTests {
    static let base = IntentDefinition().addingSystemIntents(["INSendMessageIntent"])
    static let intent = "INSendMessageIntent"

    @Test("Japanese, however it is named, is worked out once and kept; English changes nothing")
    func keptOncePerIntentAndLanguage() {
        let handler = EmbeddedHandler(definition: Self.base)
        var endpoint = handler.endpoint
        let kept = SpokenDefinitions()
        endpoint.spokenDefinitions = kept
        let japanese = Self.base.withSystemSentences().localized(for: "ja")
        #expect(japanese != Self.base, "the system's tables have Japanese sentences for \(Self.intent)")
        for locale in ["ja_JP.UTF-8", "ja", "ja-JP"] {
            var spoken = endpoint
            spoken.speak(locale, forIntent: Self.intent)
            #expect(spoken.definition == japanese, "\(locale)")
        }
        #expect(kept.count == 1)
        var english = endpoint
        english.speak("en_US.UTF-8", forIntent: Self.intent)
        #expect(english.definition == Self.base)
        #expect(kept.count == 1)
    }

    @Test("a conversation over the kept definition asks what one over a definition made for the request asks")
    func keptConversationAsksTheSame() throws {
        let handler = EmbeddedHandler(definition: Self.base)
        var kept = handler.endpoint
        kept.spokenDefinitions = SpokenDefinitions()
        var unkept = handler.endpoint
        unkept.speak("ja", forIntent: Self.intent)
        var questions: [String?] = []
        for _ in 0..<2 {
            var endpoint = kept
            endpoint.speak("ja", forIntent: Self.intent)
            for asked in [endpoint, unkept] {
                var options = ConversationEngine.Options(stageDeadline: 1)
                options.language = "ja"
                let engine = try ConversationEngine(endpoint: asked, intent: Self.intent, values: [:], prompter: ScriptedPrompter(answers: [:]),
                                                    options: options)
                let result = engine.run()
                questions.append(result.pendingQuestion?.prompt ?? result.message)
            }
        }
        #expect(Set(questions).count == 1, "\(questions)")
        #expect(questions.first??.isEmpty == false)
    }
}
