import ExthostABI
import Foundation
import IntentDefinition

extension Array where Element == Question.Choice {
    /// The position of the choice an answer names: its number (from 1), its
    /// title (any case) or its identifier; nil when it names none.
    public func index(answeredBy answer: String) -> Int? {
        let trimmed = answer.trimmingCharacters(in: .whitespaces)
        if let number = Int(trimmed), number >= 1, number <= count { return number - 1 }
        return firstIndex { $0.title.caseInsensitiveCompare(trimmed) == .orderedSame || $0.identifier == trimmed }
    }
}

/// Something the system asks the user during a conversation.
public struct Question: Equatable, Sendable {
    /// What kind of answer it wants.
    public enum Kind: String, Sendable {
        /// A value for a parameter (`needsValue`, or again after `unsupported`).
        case value
        /// One of several items (`disambiguation`): a number or an item's name.
        case choice
        /// Yes or no for a parameter's value (`confirmationRequired`).
        case confirmValue
        /// Yes or no for the whole intent (user confirmation before handling).
        case confirmIntent
    }

    /// One item offered in a disambiguation.
    public struct Choice: Equatable, Sendable {
        public var title: String
        public var subtitle: String?
        public var image: String?
        public var identifier: String?
        /// The title of the section it is in (`INObjectSection`), if any.
        public var section: String?

        public init(title: String, subtitle: String? = nil, image: String? = nil, identifier: String? = nil, section: String? = nil) {
            self.title = title
            self.subtitle = subtitle
            self.image = image
            self.identifier = identifier
            self.section = section
        }
    }

    /// Which page of a long list of choices a question shows. Siri reads a
    /// few items and offers more; the person may answer with the next
    /// page's request (``moreAnswer``) or name any item, on any page.
    public struct Page: Equatable, Sendable {
        /// The page, from 1.
        public var number: Int
        /// Items per page.
        public var size: Int
        /// Items in the whole list.
        public var total: Int
        /// The answer that asks for the next page, in the conversation's
        /// language (``HostPhrases/more``: `more`, `もっと`).
        public var moreAnswer: String

        public init(number: Int, size: Int, total: Int, moreAnswer: String = HostPhrases.english.more) {
            self.number = number
            self.size = size
            self.total = total
            self.moreAnswer = moreAnswer
        }

        /// How many pages the list has.
        public var count: Int { max(1, (total + size - 1) / size) }
        /// The number of the page's first item, from 1.
        public var firstNumber: Int { (number - 1) * size + 1 }
        /// The items of the page, as positions in the whole list.
        public var range: Range<Int> { (firstNumber - 1)..<min(total, firstNumber - 1 + size) }
    }

    /// Whether an answer asks for the next page of a paged choice (after
    /// the last page, the first again): `more` or `next`, or the same in
    /// another language of ``HostPhrases`` (`もっと`, `次`), whatever the
    /// conversation's language.
    public static func asksForMore(_ answer: String) -> Bool {
        HostPhrases.asksForMore(answer)
    }

    public var kind: Kind
    /// The parameter asked about; nil for `confirmIntent`.
    public var parameter: String?
    /// What is said, with the definition's `${…}` filled in.
    public var prompt: String
    /// The items shown, for `choice`: all of them, or one page's.
    public var choices: [Choice]
    /// The page `choices` is, when the list is longer than a page.
    public var page: Page?

    public init(kind: Kind, parameter: String?, prompt: String, choices: [Choice], page: Page? = nil) {
        self.kind = kind
        self.parameter = parameter
        self.prompt = prompt
        self.choices = choices
        self.page = page
    }

    /// A choice among `all`, showing page `number` of `size` items when
    /// there are more than `size` (every item otherwise).
    public static func choice(parameter: String?, prompt: String, among all: [Choice], page number: Int, size: Int,
                              phrases: HostPhrases = .english) -> Question {
        guard size > 0, all.count > size else { return Question(kind: .choice, parameter: parameter, prompt: prompt, choices: all) }
        let page = Page(number: number, size: size, total: all.count, moreAnswer: phrases.more)
        return Question(kind: .choice, parameter: parameter, prompt: prompt, choices: Array(all[page.range]), page: page)
    }

    /// The number of the first item shown, from 1.
    public var firstNumber: Int { page?.firstNumber ?? 1 }

    /// The items shown, as a person reads them: numbered in the whole list,
    /// each section's title before its first item, and how to see more.
    ///
    /// - Parameter images: Whether to show each item's image name.
    public func choiceLines(images: Bool = false) -> [String] {
        var lines: [String] = []
        var section: String?
        for (index, choice) in choices.enumerated() {
            if let title = choice.section, title != section || index == 0 { lines.append("   \(title)") }
            section = choice.section
            var line = "   \(firstNumber + index). \(choice.title)"
            if let subtitle = choice.subtitle { line += " — \(subtitle)" }
            if images, let image = choice.image { line += " [\(image)]" }
            lines.append(line)
        }
        if let page {
            let shown = page.range
            let rest = page.total - shown.upperBound
            lines.append("   " + HostPhrases.offering(more: page.moreAnswer).pageLine(
                first: shown.lowerBound + 1, last: shown.upperBound, total: page.total, next: rest > 0 ? min(rest, page.size) : nil))
        }
        return lines
    }

    /// Reads a question from its JSON (``jsonObject``), as a client of the
    /// service receives it; nil when the object is not a question.
    public init?(jsonObject object: [String: Any]) {
        guard let kind = (object["kind"] as? String).flatMap(Kind.init(rawValue:)), let prompt = object["prompt"] as? String else { return nil }
        let choices = (object["choices"] as? [[String: Any]] ?? []).map { item in
            Choice(title: item["title"] as? String ?? "", subtitle: item["subtitle"] as? String,
                   image: item["image"] as? String, identifier: item["identifier"] as? String, section: item["section"] as? String)
        }
        var page: Page?
        if let paged = object["page"] as? [String: Any], let number = paged["number"] as? Int, let size = paged["size"] as? Int,
           let total = paged["total"] as? Int {
            page = Page(number: number, size: size, total: total, moreAnswer: paged["moreAnswer"] as? String ?? HostPhrases.english.more)
        }
        self.init(kind: kind, parameter: object["parameter"] as? String, prompt: prompt, choices: choices, page: page)
    }

    /// The key an answer is given under (`--answer KEY=VALUE`).
    public var answerKey: String { parameter ?? "confirm" }

    /// The question as JSON, for `--json`.
    public var jsonObject: [String: Any] {
        var result: [String: Any] = ["kind": kind.rawValue, "prompt": prompt, "answerKey": answerKey]
        if let parameter { result["parameter"] = parameter }
        if !choices.isEmpty {
            result["choices"] = choices.enumerated().map { index, choice -> [String: Any] in
                var item: [String: Any] = ["number": firstNumber + index, "title": choice.title]
                if let subtitle = choice.subtitle { item["subtitle"] = subtitle }
                if let image = choice.image { item["image"] = image }
                if let identifier = choice.identifier { item["identifier"] = identifier }
                if let section = choice.section { item["section"] = section }
                return item
            }
        }
        if let page {
            result["page"] = ["number": page.number, "count": page.count, "size": page.size, "total": page.total,
                              "moreAnswer": page.moreAnswer]
        }
        return result
    }
}

/// Who answers the system's questions and hears what it says: a person at a
/// terminal, or answers given in advance.
public protocol ConversationPrompter: AnyObject {
    /// The answer to a question as text, or nil when there is none (the
    /// conversation then stops with the question pending).
    func answer(_ question: Question) -> String?
    /// Something the system tells the user (an unsupported value's message,
    /// a disambiguation introduction).
    func say(_ line: String)
}

/// How a conversation ended.
public enum ConversationOutcome: String, Sendable {
    /// Handled with a response marked as success.
    case success
    /// Handled (or confirmed) with an error response.
    case failure
    /// The extension asked to continue in the app.
    case continueInApp
    /// A question is open and no answer was given (non-interactive runs).
    case needsInput
    /// A value was unsupported and no other value was given.
    case unsupported
    /// The user said no to the intent's confirmation.
    case cancelled
    /// The system failed: see `error`.
    case error
}

extension ConversationOutcome {
    /// What a response `code` of `intent` means: a system code by its number
    /// (`ready` and `inProgress` count as success), one of the definition's
    /// own by its `success` flag; a code the definition lacks is a failure.
    public init(responseCode code: Int32, of intent: Intent) {
        switch SystemResponseCode(rawValue: code) {
        case .continueInApp, .failureRequiringAppLaunch:
            self = .continueInApp
        case .success, .ready, .inProgress:
            self = .success
        case .failure, .unspecified:
            self = .failure
        case nil:
            let custom = intent.response.customCodes
            let index = SystemResponseCode.customIndex(of: code)
            self = index.map { $0 < custom.count && custom[$0].success } == true ? .success : .failure
        }
    }
}

/// Everything a conversation produced.
public struct ConversationResult: Sendable {
    public var intent: String
    public var extensionIdentifier: String?
    public var outcome: ConversationOutcome
    /// The response code's name (`success`, `failureOutOfStock`, …), once handled.
    public var code: String?
    /// The response code's number across the plugin ABI (`exthost_response_code`).
    public var codeValue: Int32?
    /// The response code's raw value in the SDK's enum: Apple's for a system
    /// intent, which can differ from ``codeValue`` (`failureNoCallToHangUp`
    /// crosses as 100 and is 6).
    public var codeRawValue: Int?
    /// What the system says at the end: the response template filled in, or
    /// the error or unsupported message.
    public var message: String
    /// The response's concise form (`INIntentResponseCodeConciseFormatString`)
    /// filled in, when the definition gives one.
    public var conciseMessage: String?
    public var transcript: [TranscriptStep] = []
    /// The values resolved, by parameter name.
    public var values: [String: IntentValue] = [:]
    /// The names of the intent's parameters, in its definition's order.
    public var parameterNames: [String] = []
    public var responseProperties: [String: IntentValue] = [:]
    /// The option sets among the intent's parameters and its response's
    /// properties, by name: ``valuesJSON``, ``responseJSON`` and
    /// ``transcriptJSON`` give their values as the options' names.
    public var optionSets: (parameters: [String: EnumType], response: [String: EnumType]) = ([:], [:])
    /// The response's properties whose text is a JSON object
    /// (``ResponseParameter/isJSONObject``): ``responseJSON`` gives the object.
    public var jsonObjects: Set<String> = []
    public var userActivity: UserActivityValue?
    public var pendingQuestion: Question?
    public var error: IntentsError?
    /// Whether `error` is the caller's stop before a stage
    /// (``ConversationEngine/Options/stopBeforeStage``: a session cancelled
    /// or shut down, a validation done), not the extension's failure.
    public var stoppedBeforeStage = false
    public var warnings: [String] = []
    public var loadTimings: LoadTimings?
    /// Per-stage time in milliseconds, in order: the calls into the handler
    /// (not the time spent asking the user).
    public var stageMilliseconds: [(stage: String, milliseconds: Double)] {
        transcript.filter { $0.stage != .ask && $0.stage != .skip }.map { step in
            (step.parameter.map { "\(step.stage.rawValue) \($0)" } ?? step.stage.rawValue, step.milliseconds)
        }
    }
    /// The per-stage budget in seconds.
    public var budgetSeconds: Double
    /// What happened when the request continued in the app.
    public var handoff: HandoffReport?

    init(intent: String, outcome: ConversationOutcome, message: String, budgetSeconds: Double) {
        self.intent = intent
        self.outcome = outcome
        self.message = message
        self.budgetSeconds = budgetSeconds
    }

    /// The values resolved as JSON, an option set as its options' names.
    public var valuesJSON: [String: Any] {
        values.reduce(into: [:]) { $0[$1.key] = $1.value.jsonObject(enumType: optionSets.parameters[$1.key]) }
    }

    /// The response's properties as JSON, an option set as its options'
    /// names, a JSON object's text as the object.
    public var responseJSON: [String: Any] {
        responseProperties.reduce(into: [:]) { result, property in
            if jsonObjects.contains(property.key), case .string(let text) = property.value,
               let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] {
                result[property.key] = object
            } else {
                result[property.key] = property.value.jsonObject(enumType: optionSets.response[property.key])
            }
        }
    }

    /// The transcript as JSON, a step's option-set value as its options' names.
    public var transcriptJSON: [[String: Any]] {
        transcript.map { $0.jsonObject(enumType: $0.parameter.flatMap { optionSets.parameters[$0] }) }
    }

    /// A request that stopped at a question of the system's own, before any
    /// handler was asked (which app, when several handle a system intent):
    /// `needsInput`, with the question pending, as a conversation that stops
    /// at a question of its handler.
    public static func unanswered(_ question: Question, intent: String, budgetSeconds: Double) -> ConversationResult {
        var result = ConversationResult(intent: intent, outcome: .needsInput, message: question.prompt, budgetSeconds: budgetSeconds)
        result.pendingQuestion = question
        return result
    }
}

/// The hand-off to the app after `continueInApp` or `failureRequiringAppLaunch`.
public struct HandoffReport: Sendable {
    /// The app's identifier.
    public var app: String
    /// The activity delivered: the response's, or one the system made.
    public var activityType: String?
    /// Whether the app continued it (its `application(_:continue:…)` said yes).
    public var continued: Bool
    /// What the app showed the user.
    public var shown: [String]
    /// Why the hand-off failed, when it did (2005 when there is no app).
    public var error: IntentsError?

    public init(app: String, activityType: String? = nil, continued: Bool = false, shown: [String] = [], error: IntentsError? = nil) {
        self.app = app
        self.activityType = activityType
        self.continued = continued
        self.shown = shown
        self.error = error
    }
}
