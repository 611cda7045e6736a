import IntentDefinition
import Synchronization

/// A handler's definition in the languages its requests are spoken in,
/// each made once and kept with its conversation plans: the system
/// intents' sentence tables merged in (``IntentDefinition/withSystemSentences()``)
/// and the texts localised. A loaded extension and an extension run in
/// processes of its own keep one for their life, so only the first request
/// of an intent in a language pays for the merge; the others reuse it.
///
/// Safe to use from any thread (the service's sessions share an extension).
public final class SpokenDefinitions: Sendable {
    struct Spoken: Sendable {
        let definition: IntentDefinition
        let plans: ConversationPlans
    }

    /// By intent, then the language of the tables that serves it (`ja`):
    /// as many entries as the handler's intents times its languages.
    private let kept = Mutex<[String: [String: Spoken]]>([:])

    public init() {}

    /// How many definitions are kept (for tests).
    public var count: Int {
        kept.withLock { $0.values.reduce(0) { $0 + $1.count } }
    }

    func spoken(_ intent: String, language: String, make: () -> IntentDefinition) -> Spoken {
        if let known = kept.withLock({ $0[intent]?[language] }) { return known }
        let definition = make()
        let made = Spoken(definition: definition, plans: ConversationPlans { _ in definition })
        return kept.withLock { kept in
            if let raced = kept[intent]?[language] { return raced }
            kept[intent, default: [:]][language] = made
            return made
        }
    }
}

extension IntentHandlerEndpoint {
    /// Speaks `locale` in a request for `intent`: the definition with the
    /// system intents' sentences, localised to the language of its tables
    /// that serves `locale`, when it has one; unchanged when the base texts
    /// serve it (a request in English keeps the kept plans). With
    /// ``spokenDefinitions`` the localised definition and its plans are made
    /// once per intent and language; without (an app's in-app handler,
    /// made for each request), each time.
    ///
    /// - Parameters:
    ///   - locale: A language tag or POSIX locale name (`ja`, `ja_JP.UTF-8`).
    ///   - intent: The request's intent.
    public mutating func speak(_ locale: String, forIntent intent: String) {
        let base = definition
        let systemLanguages = base.intents.contains { $0.kind == SystemIntents.kind } ? Array(SystemIntents.localizations.keys) : []
        let languages = (base.localizations.map { Array($0.keys) } ?? []) + systemLanguages
        guard let language = IntentDefinition.language(for: locale, among: Set(languages)) else { return }
        guard let spokenDefinitions else {
            definition = base.withSystemSentences().localized(for: language)
            return
        }
        let spoken = spokenDefinitions.spoken(intent, language: language) { base.withSystemSentences().localized(for: language) }
        definition = spoken.definition
        plans = spoken.plans
    }
}
