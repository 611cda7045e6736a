import ExthostABI
import ExthostPosix
import Foundation
import IntentDefinition

/// Walks one request through resolve → confirm → handle, as Siri does.
///
/// - Parameters are resolved in the definition's order; one whose
///   relationship to its parent does not hold is skipped; each resolve sees
///   the values resolved before it.
/// - Values outside the definition's minimum and maximum are refused before
///   the handler sees them.
/// - Every method call is one stage with its own deadline (10 s unless
///   configured); the first stage's clock started with the request, so
///   loading the extension counts against it.
/// - A completion never called is error 3001; one called twice is reported
///   and ignored.
public final class ConversationEngine {
    /// How a conversation is run.
    public struct Options: Sendable {
        /// Seconds each stage may take.
        public var stageDeadline: Double
        /// When the request started (monotonic nanoseconds): the first
        /// stage's clock starts here, so loading counts against it.
        public var requestStart: UInt64
        /// How many times one parameter may be asked again before giving up.
        public var maximumAttempts: Int

        public init(stageDeadline: Double = 10, requestStart: UInt64? = nil, maximumAttempts: Int = 5) {
            self.stageDeadline = stageDeadline
            self.requestStart = requestStart ?? Posix.monotonicNanoseconds()
            self.maximumAttempts = maximumAttempts
        }
    }

    private let endpoint: IntentHandlerEndpoint
    private let definition: IntentDefinition
    private let intent: Intent
    private let options: Options
    private let prompter: ConversationPrompter
    private let watchdog: StageWatchdog?
    private let reader: IntentValueReader
    private var values: [String: IntentValue] = [:]
    private var result: ConversationResult
    private var firstStage = true

    /// Prepares a conversation for `intent` with any handler: an extension
    /// or an app that handles it in-app.
    ///
    /// - Throws: `IntentsError` 2004 when the definition has no such intent.
    public init(
        endpoint: IntentHandlerEndpoint,
        intent intentName: String,
        values: [String: IntentValue],
        prompter: ConversationPrompter,
        options: Options = Options(),
        watchdog: StageWatchdog? = nil
    ) throws(IntentsError) {
        guard let intent = endpoint.definition.intent(named: intentName) else {
            throw IntentsError(.invalidIntentName, "\(endpoint.label) has no intent named \(intentName)")
        }
        self.endpoint = endpoint
        self.definition = endpoint.definition
        self.intent = intent
        self.values = values
        self.prompter = prompter
        self.options = options
        self.watchdog = watchdog
        self.reader = IntentValueReader(definition: endpoint.definition, intent: intent)
        self.result = ConversationResult(intent: intentName, outcome: .error, message: "", budgetSeconds: options.stageDeadline)
        self.result.extensionIdentifier = endpoint.identifier
    }

    /// Runs the conversation to its end, or until a question has no answer.
    public func run(identifier: String = UUID().uuidString) -> ConversationResult {
        let session: any HandlerConnection
        let start = Posix.monotonicNanoseconds()
        do {
            session = try endpoint.connect(intent, identifier)
        } catch {
            return finish(error: error)
        }
        record(stage: "handlerFor", parameter: nil, result: "handler", since: start)
        for (index, parameter) in intent.parameters.enumerated() {
            session.setValue(values[parameter.name], parameterAt: index)
        }
        var ended = converse(session)
        for duplicate in session.duplicateCompletions() {
            ended.warnings.append(
                "the completion of \(duplicate.selector) was called \(duplicate.extraCalls + 1) times; calls after the first were ignored. Call each completion exactly once."
            )
        }
        ended.values = values
        ended.loadTimings = endpoint.loadTimings()
        return ended
    }

    // MARK: - The stages

    private func converse(_ session: any HandlerConnection) -> ConversationResult {
        for (index, parameter) in intent.parameters.enumerated() {
            if let relationship = parameter.relationship, !holds(relationship) {
                values[parameter.name] = nil
                session.setValue(nil, parameterAt: index)
                record(stage: "skip", parameter: parameter.name, result: "relationshipNotMet", since: Posix.monotonicNanoseconds(),
                       message: "\(relationship.parent) \(relationship.predicate.rawValue) \(relationship.values.joined(separator: ","))")
                continue
            }
            if let stop = resolve(parameter, at: index, in: session) { return stop }
        }
        if let stop = confirm(session) { return stop }
        return handle(session)
    }

    /// Resolves one parameter; returns a result when the conversation stops.
    private func resolve(_ parameter: Parameter, at index: Int, in session: any HandlerConnection) -> ConversationResult? {
        let shape = ValueShape(parameter)
        let selector = HandlerSelector.resolve(parameter.name)
        for _ in 0..<options.maximumAttempts {
            let current = values[parameter.name]
            if let current, let violation = reader.boundsViolation(current, for: parameter) {
                let message = fill(violation.message, extra: [:])
                record(stage: "resolve", parameter: parameter.name, result: "unsupported", value: current,
                       since: Posix.monotonicNanoseconds(), message: message, defaulted: true)
                if let stop = askAgain(parameter, at: index, in: session, after: message) { return stop }
                continue
            }

            let start = Posix.monotonicNanoseconds()
            let outcome = callStage(selector, in: session, shape: .resolve(shape))
            let (kind, value, alternatives, reason): (Int32, IntentValue?, [IntentValue], Int32)
            switch outcome {
            case .timedOut:
                return timeout(stage: selector, since: start)
            case .failed(let error):
                return finish(error: error)
            case .notImplemented:
                kind = current == nil ? ResolutionKind.notRequired.rawValue : ResolutionKind.success.rawValue
                (value, alternatives, reason) = (current, [], 0)
            case .completed(.resolution(let k, let v, let a, let r)):
                (kind, value, alternatives, reason) = (k, v, a, r)
            case .completed:
                return protocolError("\(selector) completed with the wrong kind of result")
            }
            let defaulted: Bool = if case .notImplemented = outcome { true } else { false }

            switch ResolutionKind(rawValue: kind) {
            case .success:
                guard let value else {
                    return protocolError("\(selector) answered success without a value")
                }
                record(stage: "resolve", parameter: parameter.name, result: "success", value: value, since: start, defaulted: defaulted)
                store(value, for: parameter, at: index, in: session)
                return nil

            case .notRequired:
                record(stage: "resolve", parameter: parameter.name, result: "notRequired", since: start, defaulted: defaulted)
                return nil

            case .needsValue:
                let prompt = fill(parameter.prompt(.primary) ?? "What \(label(parameter))?", extra: [:])
                record(stage: "resolve", parameter: parameter.name, result: "needsValue", since: start, message: prompt)
                if parameter.supportsDynamicEnumeration {
                    switch offerOptions(parameter, at: index, in: session, prompt: prompt) {
                    case .stop(let result): return result
                    case .picked: continue
                    case .noOptions: break
                    }
                }
                let question = Question(kind: .value, parameter: parameter.name, prompt: prompt, choices: [])
                guard let answer = ask(question) else { return pending(question, outcome: .needsInput, message: prompt) }
                if let stop = take(answer, for: parameter, at: index, in: session, question: question) { return stop }

            case .disambiguation:
                record(stage: "resolve", parameter: parameter.name, result: "disambiguation", since: start,
                       message: "\(alternatives.count) options")
                if let stop = disambiguate(parameter, at: index, among: alternatives, in: session) { return stop }

            case .confirmationRequired:
                guard let value else {
                    return protocolError("\(selector) asked for confirmation without a value")
                }
                let prompt = fill(parameter.prompt(.confirmation) ?? "Just to confirm, you wanted ‘${\(parameter.name)}’?",
                                  extra: [parameter.name: value.spoken(enumType: enumType(of: parameter))])
                record(stage: "resolve", parameter: parameter.name, result: "confirmationRequired", value: value, since: start, message: prompt)
                let question = Question(kind: .confirmValue, parameter: parameter.name, prompt: prompt, choices: [])
                guard let answer = ask(question) else { return pending(question, outcome: .needsInput, message: prompt) }
                if isYes(answer) {
                    store(value, for: parameter, at: index, in: session)
                    return nil
                }
                if !isNo(answer), let stop = take(answer, for: parameter, at: index, in: session, question: question) {
                    return stop
                }
                if isNo(answer), let stop = askAgain(parameter, at: index, in: session, after: nil) { return stop }

            case .unsupported:
                let message = unsupportedMessage(parameter, reason: reason, value: current)
                record(stage: "resolve", parameter: parameter.name, result: "unsupported", value: current, since: start, message: message)
                if let stop = askAgain(parameter, at: index, in: session, after: message) { return stop }

            case nil:
                return protocolError("\(selector) answered an unknown resolution kind \(kind) (see exthost_resolution in exthost.h)")
            }
        }
        return stop(.unsupported, message: "Gave up on \(label(parameter)) after \(options.maximumAttempts) attempts.")
    }

    private func disambiguate(_ parameter: Parameter, at index: Int, among items: [IntentValue], in session: any HandlerConnection) -> ConversationResult? {
        if let intro = parameter.prompt(.disambiguationIntroduction) {
            let spoken = values[parameter.name]?.spoken(enumType: enumType(of: parameter)) ?? ""
            prompter.say(fill(intro, extra: ["count": String(items.count), parameter.name: spoken]))
        }
        let prompt = fill(parameter.prompt(.disambiguationSelection) ?? "Which one?", extra: [:])
        let choices = items.map(choice(parameter))
        let question = Question(kind: .choice, parameter: parameter.name, prompt: prompt, choices: choices)
        guard let answer = ask(question) else { return pending(question, outcome: .needsInput, message: prompt) }
        let picked = pick(answer, among: items, choices: choices)
        guard let picked else {
            return stop(.needsInput, message: "\"\(answer)\" is not one of the \(items.count) choices for \(label(parameter)): answer with a number from 1 to \(items.count) or an item's title.", pending: question)
        }
        let value: IntentValue = parameter.supportsMultipleValues ? .list([picked]) : picked
        store(value, for: parameter, at: index, in: session)
        return nil
    }

    private enum OptionsOutcome {
        case picked
        case noOptions
        case stop(ConversationResult)
    }

    /// For a parameter with dynamic options that needs a value: asks the
    /// handler for its options (`provide<Param>OptionsCollection`) and offers
    /// them as a choice. An answer that is none of them is, for a parameter
    /// that supports search, used as a search term; otherwise as a value.
    private func offerOptions(_ parameter: Parameter, at index: Int, in session: any HandlerConnection, prompt: String) -> OptionsOutcome {
        var searchTerm: String?
        for _ in 0..<2 {
            let start = Posix.monotonicNanoseconds()
            let selector = HandlerSelector.options(parameter.name)
            let element = ValueShape(kind: parameter.type.valueKind, multiple: false)
            let options: [IntentValue]
            switch callStage(selector, in: session, shape: .options(element), searchTerm: .some(searchTerm)) {
            case .notImplemented: return .noOptions
            case .timedOut: return .stop(timeout(stage: selector, since: start))
            case .failed(let error): return .stop(finish(error: error))
            case .completed(.options(let items, let error)):
                if let error {
                    record(stage: "provideOptions", parameter: parameter.name, result: "error", since: start, message: error)
                    return .noOptions
                }
                options = items
            case .completed:
                return .stop(protocolError("\(selector) completed with the wrong kind of result"))
            }
            record(stage: "provideOptions", parameter: parameter.name, result: "\(options.count) options", since: start,
                   message: searchTerm.map { "search: \($0)" })
            if options.isEmpty { return .noOptions }
            if options.count == 1, searchTerm != nil {
                store(parameter.supportsMultipleValues ? .list(options) : options[0], for: parameter, at: index, in: session)
                return .picked
            }
            let choices = options.map(choice(parameter))
            let question = Question(kind: .choice, parameter: parameter.name, prompt: prompt, choices: choices)
            guard let answer = ask(question) else { return .stop(pending(question, outcome: .needsInput, message: prompt)) }
            if let picked = pick(answer, among: options, choices: choices) {
                store(parameter.supportsMultipleValues ? .list([picked]) : picked, for: parameter, at: index, in: session)
                return .picked
            }
            guard parameter.supportsSearch else { break }
            searchTerm = answer
        }
        return .noOptions
    }

    /// The item a choice answer names: its number, title or identifier.
    private func pick(_ answer: String, among items: [IntentValue], choices: [Question.Choice]) -> IntentValue? {
        let trimmed = answer.trimmingCharacters(in: .whitespaces)
        if let number = Int(trimmed), number >= 1, number <= items.count { return items[number - 1] }
        if let match = choices.firstIndex(where: { $0.title.caseInsensitiveCompare(trimmed) == .orderedSame || $0.identifier == trimmed }) {
            return items[match]
        }
        return nil
    }

    /// How an item is offered in a choice.
    private func choice(_ parameter: Parameter) -> (IntentValue) -> Question.Choice {
        { item in
            if case .object(let object) = item {
                return Question.Choice(title: object.displayString, subtitle: object.subtitle, image: object.image, identifier: object.identifier)
            }
            return Question.Choice(title: item.spoken(enumType: self.enumType(of: parameter)), subtitle: nil, image: nil, identifier: nil)
        }
    }

    private func confirm(_ session: any HandlerConnection) -> ConversationResult? {
        switch callResponseStage("confirm", in: session) {
        case .stopped(let result):
            return result
        case .notImplemented(let start):
            record(stage: "confirm", parameter: nil, result: "ready", since: start, defaulted: true)
        case .answered(let code, let activity, let properties):
            if SystemResponseCode(rawValue: code) != .ready && SystemResponseCode(rawValue: code) != .success {
                return respond(code: code, activity: activity, properties: properties)
            }
        }
        if intent.userConfirmationRequired {
            let prompt = confirmationPrompt()
            let question = Question(kind: .confirmIntent, parameter: nil, prompt: prompt, choices: [])
            guard let answer = ask(question) else { return pending(question, outcome: .needsInput, message: prompt) }
            guard isYes(answer) else {
                return stop(.cancelled, message: "Cancelled: you said no to “\(prompt)”.")
            }
        }
        return nil
    }

    private func handle(_ session: any HandlerConnection) -> ConversationResult {
        switch callResponseStage("handle", in: session) {
        case .stopped(let result):
            return result
        case .notImplemented:
            return protocolError("the handler does not implement handle, which every intent handler must")
        case .answered(let code, let activity, let properties):
            return respond(code: code, activity: activity, properties: properties)
        }
    }

    /// What `confirm` or `handle` gave.
    private enum ResponseStage {
        /// A response, recorded in the transcript.
        case answered(code: Int32, activity: UserActivityValue?, properties: [IntentValue?])
        /// The handler has no such method; the stage started at `start`.
        case notImplemented(start: UInt64)
        /// The conversation ends here (timeout, failure, wrong result).
        case stopped(ConversationResult)
    }

    /// Calls `confirm` or `handle`, whose completions both carry a response.
    private func callResponseStage(_ selector: String, in session: any HandlerConnection) -> ResponseStage {
        let start = Posix.monotonicNanoseconds()
        let shapes = intent.response.parameters.map(ValueShape.init)
        switch callStage(selector, in: session, shape: .response(shapes)) {
        case .timedOut:
            return .stopped(timeout(stage: selector, since: start))
        case .failed(let error):
            return .stopped(finish(error: error))
        case .notImplemented:
            return .notImplemented(start: start)
        case .completed(.response(let code, let activity, let properties)):
            record(stage: selector, parameter: nil, result: codeName(code), since: start)
            return .answered(code: code, activity: activity, properties: properties)
        case .completed:
            return .stopped(protocolError("\(selector) completed with the wrong kind of result"))
        }
    }

    // MARK: - Calling the plugin

    private func callStage(_ selector: String, in session: any HandlerConnection, shape: CompletionShape, searchTerm: String?? = nil) -> CallOutcome {
        let base = firstStage ? options.requestStart : Posix.monotonicNanoseconds()
        firstStage = false
        let deadline = base + UInt64(options.stageDeadline * 1e9)
        watchdog?.arm(stage: selector, deadline: deadline)
        defer { watchdog?.disarm() }
        return session.call(selector, searchTerm: searchTerm, completion: shape, deadline: deadline)
    }

    // MARK: - Asking

    private func ask(_ question: Question) -> String? {
        let start = Posix.monotonicNanoseconds()
        let answer = prompter.answer(question)
        if let answer {
            record(stage: "ask", parameter: question.parameter, result: "answered", value: .string(answer), since: start, message: question.prompt)
        }
        return answer
    }

    /// After `unsupported` (or a no), asks for another value.
    private func askAgain(_ parameter: Parameter, at index: Int, in session: any HandlerConnection, after message: String?) -> ConversationResult? {
        if let message { prompter.say(message) }
        let prompt = fill(parameter.prompt(.primary) ?? "What \(label(parameter))?", extra: [:])
        let question = Question(kind: .value, parameter: parameter.name, prompt: prompt, choices: [])
        guard let answer = ask(question) else {
            return pending(question, outcome: message == nil ? .needsInput : .unsupported, message: message ?? prompt)
        }
        return take(answer, for: parameter, at: index, in: session, question: question)
    }

    /// Stores a typed answer as the parameter's new value.
    private func take(_ answer: String, for parameter: Parameter, at index: Int, in session: any HandlerConnection, question: Question) -> ConversationResult? {
        do {
            let value = try reader.read(text: answer, for: parameter)
            store(value, for: parameter, at: index, in: session)
            return nil
        } catch {
            return stop(.needsInput, message: "\(error.description). Answer again.", pending: question)
        }
    }

    private func store(_ value: IntentValue, for parameter: Parameter, at index: Int, in session: any HandlerConnection) {
        values[parameter.name] = value
        session.setValue(value, parameterAt: index)
    }

    // MARK: - Ending

    private func respond(code: Int32, activity: UserActivityValue?, properties: [IntentValue?]) -> ConversationResult {
        var spokenProperties: [String: String] = [:]
        for (parameter, value) in zip(intent.response.parameters, properties) {
            guard let value else { continue }
            result.responseProperties[parameter.name] = value
            spokenProperties[parameter.name] = value.spoken(enumType: enumType(of: parameter.type))
        }
        let name = codeName(code)
        let template = intent.response.codes.first { $0.name == name }
        result.code = name
        result.codeValue = code
        result.userActivity = activity
        let text = template?.formatString.flatMap { $0.isEmpty ? nil : $0 } ?? defaultMessage(for: code)
        result.message = fill(text, extra: spokenProperties)
        switch SystemResponseCode(rawValue: code) {
        case .continueInApp, .failureRequiringAppLaunch:
            result.outcome = .continueInApp
        case .success, .ready, .inProgress:
            result.outcome = .success
        case .failure, .unspecified:
            result.outcome = .failure
        case nil:
            result.outcome = (template?.success ?? false) ? .success : .failure
        }
        return result
    }

    private func timeout(stage: String, since start: UInt64) -> ConversationResult {
        record(stage: stage, parameter: nil, result: "timeout", since: start)
        let error = IntentsError(
            .requestTimedOut,
            "\(stage) of \(intent.name) in \(endpoint.label) did not call its completion within \(String(format: "%g", options.stageDeadline)) s. Call the completion exactly once, on every path."
        )
        return finish(error: error)
    }

    private func protocolError(_ message: String) -> ConversationResult {
        finish(error: IntentsError(.extensionBringUpFailed, "\(endpoint.label): \(message)"))
    }

    private func finish(error: IntentsError) -> ConversationResult {
        result.outcome = .error
        result.error = error
        result.message = error.description
        result.values = values
        result.loadTimings = endpoint.loadTimings()
        return result
    }

    private func pending(_ question: Question, outcome: ConversationOutcome, message: String) -> ConversationResult {
        stop(outcome, message: message, pending: question)
    }

    private func stop(_ outcome: ConversationOutcome, message: String, pending: Question? = nil) -> ConversationResult {
        result.outcome = outcome
        result.message = message
        result.pendingQuestion = pending
        return result
    }

    private func record(stage: String, parameter: String?, result kind: String, value: IntentValue? = nil,
                        since start: UInt64, message: String? = nil, defaulted: Bool = false) {
        let elapsed = milliseconds(Posix.monotonicNanoseconds() - start)
        result.transcript.append(TranscriptStep(stage: stage, parameter: parameter, result: kind, value: value,
                                                message: message, milliseconds: elapsed, defaulted: defaulted))
    }

    // MARK: - Words

    /// Fills `${name}` placeholders from `extra`, then from the values so far.
    private func fill(_ template: String, extra: [String: String]) -> String {
        var output = ""
        var rest = Substring(template)
        while let open = rest.range(of: "${") {
            output += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
                output += rest[open.lowerBound...]
                return output
            }
            let name = String(rest[open.upperBound..<close])
            if let text = extra[name] {
                output += text
            } else if let value = values[name] {
                output += value.spoken(enumType: intent.parameter(named: name).flatMap(enumType(of:)))
            } else if let parameter = intent.parameter(named: name) {
                output += label(parameter)
            }
            rest = rest[rest.index(after: close)...]
        }
        return output + rest
    }

    private func unsupportedMessage(_ parameter: Parameter, reason: Int32, value: IntentValue?) -> String {
        let spoken = value?.spoken(enumType: enumType(of: parameter)) ?? ""
        if reason > 0, Int(reason) <= parameter.unsupportedReasons.count,
           let text = parameter.unsupportedReasons[Int(reason) - 1].formatString, !text.isEmpty {
            return fill(text, extra: [parameter.name: spoken])
        }
        return spoken.isEmpty ? "That \(label(parameter)) isn't supported." : "\(spoken) isn't a supported \(label(parameter))."
    }

    private func confirmationPrompt() -> String {
        let combination = intent.parameterCombinations.first { $0.isPrimary }
            ?? intent.parameterCombinations.first { Set($0.parameters) == Set(values.keys) }
        if let title = combination?.title, !title.isEmpty {
            return "\(fill(title, extra: [:]).trimmingCharacters(in: .whitespaces))?"
        }
        return "\(intent.title ?? intent.name)?"
    }

    private func codeName(_ code: Int32) -> String {
        if let system = SystemResponseCode(rawValue: code) { return system.name }
        let custom = intent.response.customCodes
        if let index = SystemResponseCode.customIndex(of: code), index < custom.count { return custom[index].name }
        return "code\(code)"
    }

    private func defaultMessage(for code: Int32) -> String {
        switch SystemResponseCode(rawValue: code) {
        case .success: "Done."
        case .continueInApp: "Continuing in the app."
        case .failureRequiringAppLaunch: "Sorry, that needs the app. Opening it."
        case .inProgress: "Working on it."
        case .ready: "Ready."
        default: "Sorry, there was a problem with the app."
        }
    }

    private func label(_ parameter: Parameter) -> String {
        (parameter.displayName ?? parameter.name).lowercased()
    }

    private func enumType(of parameter: Parameter) -> EnumType? { enumType(of: parameter.type) }

    private func enumType(of type: ParameterType) -> EnumType? {
        if case .enumeration(let name) = type { return definition.enumType(named: name) }
        return nil
    }

    private func holds(_ relationship: Relationship) -> Bool {
        let parentValue = values[relationship.parent]
        switch relationship.predicate {
        case .hasAnyValue: return parentValue != nil
        case .hasNoValue: return parentValue == nil
        case .isTrue: return parentValue == .boolean(true)
        case .isFalse: return parentValue == .boolean(false)
        case .isEqualTo, .isNotEqualTo:
            let names = parentValue.map { caseNames(of: $0, parent: relationship.parent) } ?? []
            let equal = !Set(names).isDisjoint(with: relationship.values)
            return relationship.predicate == .isEqualTo ? equal : !equal
        case .isGreaterThan, .isGreaterThanOrEqualTo, .isLessThan, .isLessThanOrEqualTo, .isWithinRange:
            guard let number = parentValue.flatMap(numeric) else { return false }
            let bounds = relationship.values.compactMap(Double.init)
            guard let first = bounds.first else { return false }
            switch relationship.predicate {
            case .isGreaterThan: return number > first
            case .isGreaterThanOrEqualTo: return number >= first
            case .isLessThan: return number < first
            case .isLessThanOrEqualTo: return number <= first
            default: return bounds.count >= 2 && number >= first && number <= bounds[1]
            }
        case .contains, .doesNotContain:
            let text = parentValue.map { value -> String in
                if case .object(let object) = value { return (object.identifier ?? "") + " " + object.displayString }
                return value.spoken()
            } ?? ""
            let found = relationship.values.contains { text.localizedCaseInsensitiveContains($0) }
            return relationship.predicate == .contains ? found : !found
        }
    }

    private func numeric(_ value: IntentValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .decimal(let number): number
        default: nil
        }
    }

    /// The ways a value may be named in a relationship: its case name for
    /// an enum, its text otherwise.
    private func caseNames(of value: IntentValue, parent: String) -> [String] {
        if case .enumeration(let raw) = value,
           let type = intent.parameter(named: parent).flatMap(enumType(of:)),
           let match = type.cases.first(where: { $0.value == Int(raw) }) {
            return [match.name, String(raw)]
        }
        return [value.spoken()]
    }

    private func isYes(_ answer: String) -> Bool {
        ["y", "yes", "true", "1", "ok", "sure"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    private func isNo(_ answer: String) -> Bool {
        ["n", "no", "false", "0", "cancel"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
