import ExthostABI
import ExthostPosix
import Foundation
import IntentDefinition

/// Resolving parameters: calling `resolve<Param>`, and asking the user for
/// values, choices and confirmations when the handler asks for them.
extension ConversationEngine {
    // MARK: - Resolving

    /// Resolves one parameter; returns a result when the conversation stops.
    func resolve(_ step: ConversationPlan.Step, at index: Int, in session: any HandlerConnection) -> ConversationResult? {
        let selector = step.resolveSelector
        for _ in 0..<options.maximumAttempts {
            let current = slots[index]
            if step.bounded, let current, let violation = reader.boundsViolation(current, for: step.parameter) {
                let message = dialog.fill(violation.message, values: values)
                record(stage: .resolve, parameter: step.parameter.name, result: .resolution(.unsupported), value: current,
                       since: Posix.monotonicNanoseconds(), message: message, defaulted: true)
                if let stop = askAgain(step.parameter, at: index, in: session, after: message) { return stop }
                continue
            }

            let (outcome, start) = callResolve(step, at: index, in: session)
            let (kind, value, alternatives, reason): (Int32, IntentValue?, [IntentValue], Int32)
            switch outcome {
            case .timedOut:
                return timeout(selector, stage: .resolve, parameter: step.parameter.name, since: start)
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
                record(stage: .resolve, parameter: step.parameter.name, result: .resolution(.success), value: value, since: start, defaulted: defaulted)
                // What `store` does, with the value looked up above (nothing
                // changed it since): a value resolved to itself, the common
                // case, costs no second lookup and no copy for the plugin.
                if value != current {
                    set(value, at: index)
                    session.setValue(value, parameterAt: index)
                }
                return nil

            case .notRequired:
                record(stage: .resolve, parameter: step.parameter.name, result: .resolution(.notRequired), since: start, defaulted: defaulted)
                return nil

            case .needsValue?, .disambiguation?, .confirmationRequired?, .unsupported?:
                switch followUp(kind, value: value, alternatives: alternatives, reason: reason, current: current,
                                parameter: step.parameter, at: index, in: session, selector: selector, since: start) {
                case .stop(let result): return result
                case .resolved: return nil
                case .again: continue
                }

            case nil:
                return protocolError("\(selector) answered an unknown resolution kind \(kind) (see exthost_resolution in exthost.h)")
            }
        }
        return stop(.unsupported, message: dialog.phrases.gaveUp(dialog.label(step.parameter), attempts: options.maximumAttempts))
    }

    /// Calls `resolve<Param>` for the step: the outcome a run already gave
    /// when there is one, else a run of this call and those that follow it
    /// without a question when the handler takes runs, else the call
    /// alone. Returns the outcome and when its stage began.
    private func callResolve(_ step: ConversationPlan.Step, at index: Int, in session: any HandlerConnection) -> (CallOutcome, UInt64) {
        if !resolvedAhead.isEmpty {
            let ahead = resolvedAhead.removeFirst()
            // A run ends at the first outcome the engine does not go on
            // from, so the engine comes to its calls in order.
            precondition(ahead.index == index, "a run of resolve calls was taken out of order")
            return (ahead.outcome.outcome, ahead.outcome.started)
        }
        let start = stageStart()
        guard let runs = runner, runs === session else {
            return (callStage(step.resolveSelector, in: session, shape: .resolve(step.shape), startedAt: start), start)
        }
        let (calls, response) = resolveRun(from: step, at: index)
        guard calls.count > 1 || response != nil else {
            return (callStage(step.resolveSelector, in: session, shape: .resolve(step.shape), startedAt: start), start)
        }
        let outcomes: [ResolveRun.Outcome]
        switch handOver(calls, then: response, to: runs, firstSelector: step.resolveSelector, startedAt: start) {
        case .failure(let stop): return (.failed(stop), start)
        case .success(let given): outcomes = given
        }
        resolvedAhead = zip(calls.dropFirst(), outcomes.dropFirst()).map { ($0.index, $1) }
        responsesAhead = Array(outcomes.dropFirst(calls.count))
        return (outcomes[0].outcome, start)
    }

    /// Hands a run (`calls`, then `response`) to `runs`, its first call's
    /// stage started at `start` as that stage alone would be (its deadline,
    /// `stopBeforeStage`), each later call given a stage's length from when
    /// it starts.
    ///
    /// - Returns: The outcomes, at least one; the error that ends the
    ///   conversation when the first stage may not start or the run gave
    ///   no outcome.
    func handOver(_ calls: [ResolveRun.Call], then response: ResolveRun.Response?, to runs: any ResolveRunConnection,
                  firstSelector: String, startedAt start: UInt64) -> Result<[ResolveRun.Outcome], IntentsError> {
        let firstDeadline: UInt64
        switch startStage(firstSelector, startedAt: start) {
        case .failure(let stop): return .failure(stop)
        case .success(let due): firstDeadline = due
        }
        let outcomes = runs.resolveRun(calls, then: response, firstDeadline: firstDeadline,
                                       stageNanoseconds: Posix.deadline(after: options.stageDeadline, from: 0), interruption: options.interruption)
        guard !outcomes.isEmpty else {
            let run = calls.isEmpty ? "confirm and handle" : "resolve calls"
            return .failure(IntentsError(.extensionBringUpFailed, "\(endpoint.label): a run of \(run) gave no outcome"))
        }
        return .success(outcomes)
    }

    /// The resolve calls the engine makes from `step` on while each goes
    /// on without a question: the step's own, then each later parameter's
    /// whose call nothing before it in the run can prevent or change. The
    /// run ends before a parameter whose relationship names a parameter of
    /// the run or does not hold now (skipping it clears its value), whose
    /// value is out of bounds (refused before the call), or whose stage
    /// `stopBeforeStage` stops. Parameters the engine passes over without
    /// a call (not resolvable; deprecated and without a value) are passed
    /// over here too. When the run reaches the last parameter, it goes on
    /// through `confirm` (and `handle`) as ``responseRun()`` says.
    private func resolveRun(from step: ConversationPlan.Step, at index: Int) -> ([ResolveRun.Call], ResolveRun.Response?) {
        var calls = [ResolveRun.Call(index: index, selector: step.resolveSelector, shape: step.shape)]
        var names: Set<String> = [step.parameter.name]
        for later in index + 1..<plan.steps.count {
            let next = plan.steps[later]
            let parameter = next.parameter
            if let relationship = parameter.relationship {
                guard !names.contains(relationship.parent), relationship.holds(for: values, in: intent, of: definition) else { return (calls, nil) }
            }
            guard parameter.supportsResolution else { continue }
            guard parameter.deprecated == nil || slots[later] != nil else { continue }
            if next.bounded, let current = slots[later], reader.boundsViolation(current, for: parameter) != nil { return (calls, nil) }
            if options.stopBeforeStage?(next.resolveSelector) != nil { return (calls, nil) }
            calls.append(ResolveRun.Call(index: later, selector: next.resolveSelector, shape: next.shape))
            names.insert(parameter.name)
        }
        return (calls, responseRun())
    }

    /// How a resolve attempt that asked for more ended.
    enum FollowUp {
        /// The conversation stops with this result.
        case stop(ConversationResult)
        /// The parameter has its value: go on to the next.
        case resolved
        /// Call the resolve method again, with the value now held.
        case again
    }

    /// The resolution kinds that ask the person something (`needsValue`,
    /// `disambiguation`, `confirmationRequired`, `unsupported`), kept out
    /// of ``resolve(_:at:in:)``: its common path, a `success`, then carries
    /// none of their questions and prompts.
    @inline(never)
    func followUp(_ kind: Int32, value: IntentValue?, alternatives: [IntentValue], reason: Int32, current: IntentValue?,
                  parameter: Parameter, at index: Int, in session: any HandlerConnection, selector: String,
                  since start: UInt64) -> FollowUp {
        switch ResolutionKind(rawValue: kind) {
        case .needsValue?:
            let prompt = dialog.valuePrompt(parameter, values: values)
            record(stage: .resolve, parameter: parameter.name, result: .resolution(.needsValue), since: start, message: prompt)
            if parameter.supportsDynamicEnumeration {
                switch offerOptions(parameter, at: index, in: session, prompt: prompt) {
                case .stop(let result): return .stop(result)
                case .picked: return .again
                case .noOptions: break
                }
            }
            let question = Question(kind: .value, parameter: parameter.name, prompt: prompt, choices: [])
            guard let answer = ask(question, unanswered: .needsInput, message: prompt) else { return .stop(pending(question, outcome: .needsInput, message: prompt)) }
            if let stop = take(answer, for: parameter, at: index, in: session, question: question) { return .stop(stop) }

        case .disambiguation?:
            record(stage: .resolve, parameter: parameter.name, result: .resolution(.disambiguation), since: start,
                   message: "\(alternatives.count) options")
            if let stop = disambiguate(parameter, at: index, among: alternatives, position: reason, in: session) { return .stop(stop) }

        case .confirmationRequired?:
            guard let value else {
                return .stop(protocolError("\(selector) asked for confirmation without a value"))
            }
            let detail = ConfirmationDetail(field: reason)
            let prompt = dialog.confirmValuePrompt(parameter, reason: detail.reason, value: value, values: values)
            record(stage: .resolve, parameter: parameter.name, result: .resolution(.confirmationRequired), value: value, since: start, message: prompt)
            let question = Question(kind: .confirmValue, parameter: parameter.name, prompt: prompt, choices: [])
            guard let answer = ask(question, unanswered: .needsInput, message: prompt) else { return .stop(pending(question, outcome: .needsInput, message: prompt)) }
            switch YesNoAnswer(answer) {
            case .yes:
                store(answered(value, for: parameter, position: detail.position), for: parameter, at: index, in: session)
                return .resolved
            case .no:
                if let stop = askAgain(parameter, at: index, in: session, after: nil) { return .stop(stop) }
            case nil:
                // Neither yes nor no: the answer is another value.
                if let stop = take(answer, for: parameter, at: index, in: session, question: question) { return .stop(stop) }
            }

        case .unsupported?:
            let message = dialog.unsupportedMessage(parameter, reason: reason, value: current, values: values)
            record(stage: .resolve, parameter: parameter.name, result: .resolution(.unsupported), value: current, since: start, message: message)
            if let stop = askAgain(parameter, at: index, in: session, after: message) { return .stop(stop) }

        default:
            preconditionFailure("followUp is called for the kinds that ask only")
        }
        return .again
    }

    func disambiguate(_ parameter: Parameter, at index: Int, among items: [IntentValue], position: Int32 = 0, in session: any HandlerConnection) -> ConversationResult? {
        if let intro = parameter.prompt(.disambiguationIntroduction) {
            let spoken = values[parameter.name]?.spoken(enumType: dialog.enumType(of: parameter)) ?? ""
            prompter.say(dialog.fill(intro, values: values, extra: ["count": String(items.count), parameter.name: spoken]))
        }
        let prompt = dialog.fill(parameter.prompt(.disambiguationSelection) ?? dialog.phrases.whichOne, values: values)
        switch askChoice(parameter, prompt: prompt, among: items.map(dialog.choice(parameter))) {
        case .unanswered(let question):
            return pending(question, outcome: .needsInput, message: prompt)
        case .other(let answer, let question):
            let message = dialog.phrases.notAChoice(answer, count: items.count, label: dialog.label(parameter), paged: items.count > options.choicesPerPage)
            return stop(.needsInput, message: message, pending: question)
        case .picked(let picked):
            store(answered(items[picked], for: parameter, position: position), for: parameter, at: index, in: session)
            return nil
        }
    }

    enum ChoiceAnswer {
        /// The item at this position of the whole list.
        case picked(Int)
        /// An answer that names no item, and the question it answered.
        case other(String, Question)
        /// No answer yet: the question left open.
        case unanswered(Question)
    }

    /// Asks which of `choices` the person means, a page at a time
    /// (``Options/choicesPerPage``): “more” shows the next page (after the
    /// last, the first), and a number or title names an item on any page.
    func askChoice(_ parameter: Parameter, prompt: String, among choices: [Question.Choice]) -> ChoiceAnswer {
        let size = options.choicesPerPage
        var page = 1
        while true {
            let question = Question.choice(parameter: parameter.name, prompt: prompt, among: choices, page: page, size: size, phrases: dialog.phrases)
            guard let answer = ask(question, unanswered: .needsInput, message: prompt) else { return .unanswered(question) }
            if let picked = choices.index(answeredBy: answer) { return .picked(picked) }
            guard let shown = question.page, Question.asksForMore(answer) else { return .other(answer, question) }
            page = shown.number % shown.count + 1
        }
    }

    /// The parameter's value once `picked` answers a question about one of
    /// its values. For a parameter with several values, the value at
    /// `position` (1-based, as the handler's completion says it; exthost.h,
    /// "Methods") is replaced and the others kept; position 0 replaces the
    /// whole list.
    func answered(_ picked: IntentValue, for parameter: Parameter, position: Int32) -> IntentValue {
        guard parameter.supportsMultipleValues else { return picked }
        var element = picked
        if case .list(let items) = picked, items.count == 1 { element = items[0] }
        guard position > 0, case .list(var items)? = values[parameter.name], Int(position) <= items.count else {
            return .list([element])
        }
        items[Int(position) - 1] = element
        return .list(items)
    }

    private enum OptionsOutcome {
        case picked
        case noOptions
        case stop(ConversationResult)
    }

    /// For a parameter with dynamic options that needs a value: asks the
    /// handler for its options (``HandlerSelector/optionSections(_:)``, or
    /// else the flat `provide<Param>OptionsCollection`) and offers them as a
    /// choice, a page at a time. An answer that is none of them is, for a
    /// parameter that supports search, used as a search term; otherwise as
    /// a value.
    private func offerOptions(_ parameter: Parameter, at index: Int, in session: any HandlerConnection, prompt: String) -> OptionsOutcome {
        var searchTerm: String?
        for _ in 0..<2 {
            let start = Posix.monotonicNanoseconds()
            let sections: [OptionSection]
            switch callOptions(parameter, in: session, searchTerm: searchTerm) {
            case .notImplemented: return .noOptions
            case .timedOut(let selector): return .stop(timeout(selector, stage: .provideOptions, parameter: parameter.name, since: start))
            case .failed(let error): return .stop(finish(error: error))
            case .wrongKind(let selector): return .stop(protocolError("\(selector) completed with the wrong kind of result"))
            case .error(let error):
                record(stage: .provideOptions, parameter: parameter.name, result: .optionsError, since: start, message: error)
                return .noOptions
            case .sections(let given):
                sections = given
            }
            let options = sections.flatMap(\.items)
            let titles = sections.filter { !$0.items.isEmpty }.compactMap(\.title)
            let described = [searchTerm.map { "search: \($0)" }, titles.isEmpty ? nil : "sections: " + titles.joined(separator: ", ")].compactMap { $0 }
            record(stage: .provideOptions, parameter: parameter.name, result: .options(count: options.count), since: start,
                   message: described.isEmpty ? nil : described.joined(separator: "; "))
            if options.isEmpty { return .noOptions }
            if options.count == 1, searchTerm != nil {
                store(parameter.supportsMultipleValues ? .list(options) : options[0], for: parameter, at: index, in: session)
                return .picked
            }
            let choice = dialog.choice(parameter)
            let choices = sections.flatMap { section in
                section.items.map { item in
                    var made = choice(item)
                    made.section = section.title
                    return made
                }
            }
            switch askChoice(parameter, prompt: prompt, among: choices) {
            case .unanswered(let question):
                return .stop(pending(question, outcome: .needsInput, message: prompt))
            case .picked(let picked):
                store(parameter.supportsMultipleValues ? .list([options[picked]]) : options[picked], for: parameter, at: index, in: session)
                return .picked
            case .other(let answer, _):
                guard parameter.supportsSearch else { return .noOptions }
                searchTerm = answer
            }
        }
        return .noOptions
    }

    private enum OptionsCall {
        case sections([OptionSection])
        case error(String)
        case notImplemented
        case timedOut(String)
        case failed(IntentsError)
        case wrongKind(String)
    }

    /// Calls the handler's options provider: the sectioned one when it has
    /// it, else the flat one (every plugin before sections), whose options
    /// are one section without a title.
    private func callOptions(_ parameter: Parameter, in session: any HandlerConnection, searchTerm: String?) -> OptionsCall {
        let element = ValueShape(kind: parameter.type.valueKind, multiple: false)
        let (selector, outcome) = CallOutcome.ofOptionsProvider(parameter.name, element: element) {
            callStage($0, in: session, shape: $1, searchTerm: .some(searchTerm))
        }
        switch outcome {
        case .notImplemented: return .notImplemented
        case .timedOut: return .timedOut(selector)
        case .failed(let error): return .failed(error)
        case .completed(.options(_, let error?)), .completed(.optionSections(_, let error?)): return .error(error)
        case .completed(.options(let items, nil)): return .sections([OptionSection(title: nil, items: items)])
        case .completed(.optionSections(let sections, nil)): return .sections(sections)
        case .completed: return .wrongKind(selector)
        }
    }

    /// The item a choice answer names: its number, title or identifier.
    func pick(_ answer: String, among items: [IntentValue], choices: [Question.Choice]) -> IntentValue? {
        choices.index(answeredBy: answer).map { items[$0] }
    }

    /// How an item is offered in a choice.

    // MARK: - Asking

    /// Asks the prompter. A ``SuspendingPrompter`` without an answer yet is
    /// given the result the conversation would end with now (`unanswered`
    /// and `message`, as ``pending(_:outcome:message:)`` makes it) and may
    /// keep the conversation waiting for the answer.
    func ask(_ question: Question, unanswered: ConversationOutcome, message: String) -> String? {
        // A handler that was never there asks nothing (the conversation
        // ends with the refusal).
        if handlerRefused() { return nil }
        let start = Posix.monotonicNanoseconds()
        var answer = prompter.answer(question)
        if answer == nil, let suspending = prompter as? SuspendingPrompter {
            answer = suspending.suspend(question, pending: snapshot(pending: question, outcome: unanswered, message: message))
        }
        if let answer {
            record(stage: .ask, parameter: question.parameter, result: .answered, value: .string(answer), since: start, message: question.prompt)
            // Time spent waiting for the user is not the handler's: the
            // next stage's clock starts when it is called.
            firstStage = false
        }
        return answer
    }

    /// After `unsupported` (or a no), asks for another value.
    func askAgain(_ parameter: Parameter, at index: Int, in session: any HandlerConnection, after message: String?) -> ConversationResult? {
        if let message, !handlerRefused() { prompter.say(message) }
        let prompt = dialog.valuePrompt(parameter, values: values)
        let question = Question(kind: .value, parameter: parameter.name, prompt: prompt, choices: [])
        let outcome: ConversationOutcome = message == nil ? .needsInput : .unsupported
        guard let answer = ask(question, unanswered: outcome, message: message ?? prompt) else {
            return pending(question, outcome: outcome, message: message ?? prompt)
        }
        return take(answer, for: parameter, at: index, in: session, question: question)
    }

    /// Stores a typed answer as the parameter's new value.
    func take(_ answer: String, for parameter: Parameter, at index: Int, in session: any HandlerConnection, question: Question) -> ConversationResult? {
        do {
            let value = try reader.read(text: answer, for: parameter)
            store(value, for: parameter, at: index, in: session)
            return nil
        } catch {
            return stop(.needsInput, message: "\(error.description). Answer again.", pending: question)
        }
    }

    func store(_ value: IntentValue, for parameter: Parameter, at index: Int, in session: any HandlerConnection) {
        // The session holds what `values` holds (set together since the
        // request began): a handler that resolves a value to itself, the
        // common case, costs no new copy for the plugin.
        guard slots[index] != value else { return }
        set(value, at: index)
        session.setValue(value, parameterAt: index)
    }
}
