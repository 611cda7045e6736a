import ExthostABI
import ExthostLogging
import Foundation
import IntentConversation
import IntentSystem
import Logging
import NIOHTTP1
import RequestWire

/// Rasa's action-server protocol (`POST /webhook`, `docs/rasa.md`): a Rasa
/// assistant whose `action_endpoint` is this service gets its form
/// validation and submit actions run by exthost's extensions.
///
/// The mapping, by name: the form `<intent in snake_case>_form` is the
/// intent, its slots are the intent's parameters (same names);
/// `validate_<form>` resolves them, `action_<intent in snake_case>` runs the
/// whole conversation (resolve, confirm, handle), and `action_ask_<slot>`
/// (or `action_ask_<form>_<slot>`), run by the form to ask for a slot, says
/// the definition's prompt for the parameter with its options as buttons.
///
/// Every line logged while an action runs, the extension's included,
/// carries the request's `sender_id` (``LogContext``).
struct RasaWebhook: Sendable {
    let makeRunner: @Sendable (_ stageDeadline: Double) -> IntentRunner
    let renderer: any ConversationRendering
    let stageDeadline: Double
    let deviceLocked: @Sendable () -> Bool
    let metrics: ServiceMetrics?
    let logger: Logger

    /// The slot a submit action sets to the response's code (`success`, `failureOffline`, …).
    static let codeSlot = "exthost_response_code"

    private enum Action {
        case validate(intent: String, form: String)
        case submit(intent: String)
    }

    /// What an action name asks for, or nil for a name this server does not run.
    private static func action(named name: String) -> Action? {
        if name.hasPrefix("validate_"), name.hasSuffix("_form") {
            let form = String(name.dropFirst("validate_".count))
            let snake = form.dropLast("_form".count)
            return snake.isEmpty ? nil : .validate(intent: intentName(snake), form: form)
        }
        if name.hasPrefix("action_"), name.count > "action_".count {
            return .submit(intent: intentName(name.dropFirst("action_".count)))
        }
        return nil
    }

    /// `post_study_record` → `PostStudyRecord`.
    static func intentName(_ snake: Substring) -> String {
        snake.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Runs one action request. Blocks (the conversation runs here): call
    /// it on a thread of its own.
    func handle(_ body: Data) -> HTTPResponse {
        guard let request = RasaActionRequest.read(body) else {
            let response = Self.rejected("", "the body is not a JSON object: Rasa sends {\"next_action\", \"tracker\", \"domain\", …}")
            logRefusal(response, action: nil)
            return response
        }
        guard let sender = request.conversation else {
            return handle(request)
        }
        return LogContext.with(["sender_id": "\(sender)"]) { handle(request) }
    }

    /// Runs the action, logging a refusal.
    private func handle(_ request: RasaActionRequest) -> HTTPResponse {
        let response = perform(request)
        if response.status != .ok { logRefusal(response, action: request.nextAction) }
        return response
    }

    /// A line for an action that did not run to its answer: what Rasa was told.
    private func logRefusal(_ response: HTTPResponse, action: String?) {
        let error = (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["error"].map { "\($0)" } ?? ""
        let metadata: Logger.Metadata = ["action": "\(action ?? "")", "status": "\(response.status.code)", "error": "\(error)"]
        if response.status == .internalServerError {
            logger.info("Rasa action failed", metadata: metadata)
        } else {
            logger.debug("refused a Rasa action", metadata: metadata)
        }
    }

    private func perform(_ request: RasaActionRequest) -> HTTPResponse {
        guard let name = request.nextAction else {
            return Self.rejected("", "the request has no \"next_action\" (the name of the action to run)")
        }
        guard let tracker = request.tracker, let slots = tracker.slots else {
            return Self.rejected(name, "the request has no \"tracker\" with \"slots\"")
        }
        if let asked = Self.askedSlot(name, activeLoop: tracker.activeLoop) {
            let snake = asked.form.hasSuffix("_form") ? asked.form.dropLast("_form".count) : ""
            guard !snake.isEmpty else {
                return Self.unknown(name, "the active loop \(asked.form) is no form of an intent (<intent in snake_case>_form), so exthost has no parameter to ask for; see docs/rasa.md")
            }
            let slots = Slots(values: slots, form: Self.formSlots(asked.form, domain: request.domain, slots: slots), listed: nil)
            return ask(name, intent: Self.intentName(snake), slot: asked.slot, slots: slots,
                       refused: Self.refusedThisTurn(asked.slot, tracker: tracker, slots: slots))
        }
        guard let action = Self.action(named: name) else {
            return Self.unknown(name, "exthost runs validate_<intent>_form, action_<intent> (the intent's name in snake_case) and, while its form runs, action_ask_<slot> for its extensions' intents; see docs/rasa.md")
        }
        switch action {
        case .validate(let intent, let form):
            let slots = Slots(values: slots, form: Self.formSlots(form, domain: request.domain, slots: slots),
                              listed: request.domain?.requiredSlots(of: form))
            let setThisTurn = Self.setThisTurn(tracker, slots: slots)
            let extractions = Self.extractions(tracker, domain: request.domain, slots: slots, setThisTurn: setThisTurn)
            return validate(name, intent: intent, slots: slots, setThisTurn: setThisTurn, extractions: extractions)
        case .submit(let intent):
            let snake = String(name.dropFirst("action_".count))
            let formSlots = Self.formSlots(snake + "_form", domain: request.domain, slots: slots)
            return submit(name, intent: intent, slots: Slots(values: slots, form: formSlots, listed: nil))
        }
    }

    /// The tracker's slots, and which of them are the form's.
    private struct Slots {
        var values: [String: Any]
        /// The form's required slots, each a parameter of the intent.
        var form: [String]
        /// The form's `required_slots` as the domain lists them; nil when
        /// the domain Rasa sent has none for the form.
        var listed: [String]?

        /// Whether the slot holds a value.
        func isFilled(_ name: String) -> Bool {
            values[name].map { !($0 is NSNull) } ?? false
        }

        /// The intent's parameters: the form's filled slots, which must be
        /// parameters, and the other filled slots (Rasa's own aside), which
        /// are passed when they name one.
        var parameters: Parameters {
            var parameters = Parameters()
            for (name, value) in values where !(value is NSNull) {
                if form.contains(name) {
                    parameters.values[name] = value
                } else if !RasaWebhook.isRasaSlot(name) {
                    parameters.values[name] = value
                    parameters.ifDefined.insert(name)
                }
            }
            return parameters
        }
    }

    /// What the intent is given: values by parameter name, as an intent
    /// file's `parameters`.
    private struct Parameters {
        var values: [String: Any] = [:]
        /// Values left out when the intent has no parameter of the name.
        var ifDefined: Set<String> = []
        /// Values left out when they are no value of the parameter's type.
        var ifValid: Set<String> = []

        /// Gives `slot` a value taken from what the person said (an entity,
        /// the message's text, a value refused earlier): it may be no value
        /// of the parameter's type, which leaves the slot empty and the
        /// others validated without it; outside the form, it may name no
        /// parameter.
        mutating func take(_ slot: String, _ value: Any, form: [String]) {
            values[slot] = value
            ifValid.insert(slot)
            if !form.contains(slot) { ifDefined.insert(slot) }
        }
    }

    /// A slot exthost fills from the latest message (Rasa's `extract_<slot>`):
    /// a slot of the form with a `custom` mapping, from an entity named
    /// after it or, for the requested slot, from the text.
    private struct Extraction {
        var slot: String
        /// The entity's value, or the message's text.
        var value: Any
    }

    // MARK: - Actions

    private func validate(_ name: String, intent: String, slots: Slots, setThisTurn: [String], extractions: [Extraction]) -> HTTPResponse {
        var parameters = slots.parameters
        for extraction in extractions { parameters.take(extraction.slot, extraction.value, form: slots.form) }
        let outcome = validation(name, intent: intent, parameters: parameters)
        guard case .success(let result, let said) = outcome.outcome else {
            if case .failure(let response) = outcome.outcome { return response }
            return Self.rejected(name, "no result")
        }
        let refused = outcome.resolvedAll ? nil : result.pendingQuestion?.parameter
        if result.pendingQuestion == nil, !outcome.resolvedAll {
            // The conversation ended otherwise: a stage failed or timed out.
            return HTTPResponse(.internalServerError, json: ["error": result.error?.description ?? result.message])
        }
        let parameterNames = result.parameterNames
        let extracted = Set(extractions.map(\.slot))
        var answer = RasaActionAnswer()
        // The slots this answer sets, as Rasa will hold them.
        var answered: [String: Any] = [:]
        func set(_ slot: String, _ value: Any) {
            answer.setSlot(slot, to: value)
            answered[slot] = value
        }
        for slot in setThisTurn where slot != refused && !extracted.contains(slot) && (slots.form.contains(slot) || parameterNames.contains(slot)) {
            set(slot, slots.values[slot] ?? NSNull())
        }
        if let refused, slots.form.contains(refused) || slots.isFilled(refused) || extracted.contains(refused) {
            set(refused, NSNull())
        }
        for extraction in extractions where extraction.slot != refused && parameterNames.contains(extraction.slot) {
            // The value the extension's resolve made of it (a book found by
            // its title), or as read when the validation stopped before it;
            // none when the message held no value of the parameter's type.
            let value = result.values[extraction.slot]?.jsonObject(enumType: result.optionSets.parameters[extraction.slot])
            set(extraction.slot, value ?? NSNull())
        }
        var requested = "-"
        if let listed = slots.listed {
            let required = Self.requiredNow(listed, slots: slots, result: result, asked: refused)
            // rasa-sdk's rule: `requested_slot` only when the slots required
            // differ from the domain's, else Rasa asks by the domain's list.
            if required != listed {
                let next = required.first { slot in answered[slot].map { $0 is NSNull } ?? !slots.isFilled(slot) }
                // Done (`null`) only when the extension needs nothing more.
                if next != nil || outcome.resolvedAll {
                    set("requested_slot", next ?? NSNull())
                    requested = next ?? "null"
                }
            }
        }
        for line in said { answer.say(line) }
        logger.debug("Rasa form validated", metadata: ["action": "\(name)", "intent": "\(intent)", "refused": "\(refused ?? "-")",
                                                       "extracted": "\(extractions.isEmpty ? "-" : extractions.map(\.slot).joined(separator: ","))",
                                                       "requested": "\(requested)"])
        return HTTPResponse(.ok, body: answer.body)
    }

    /// The form's required slots after a validation, as rasa-sdk's
    /// overridden `required_slots` gives them: the domain's list without
    /// the parameters the validation found not required — skipped because
    /// their relationship to their parent does not hold, or answered
    /// `notRequired` by the extension's resolve (not the default for a
    /// method it lacks) — and with the parameter the extension asks for,
    /// when the domain has a slot for it, placed by the definition's order.
    /// A parameter the validation did not reach keeps the domain's word.
    private static func requiredNow(_ listed: [String], slots: Slots, result: ConversationResult, asked: String?) -> [String] {
        var notRequired: Set<String> = []
        for step in result.transcript {
            guard let parameter = step.parameter else { continue }
            switch (step.stage, step.result) {
            case (.skip, .relationshipNotMet): notRequired.insert(parameter)
            case (.resolve, .resolution(.notRequired)) where !step.defaulted: notRequired.insert(parameter)
            case (.resolve, _): notRequired.remove(parameter)
            default: break
            }
        }
        var required = listed.filter { !notRequired.contains($0) }
        guard let asked, !required.contains(asked), slots.values[asked] != nil else { return required }
        let order = result.parameterNames
        let position = order.firstIndex(of: asked) ?? order.count
        let index = required.firstIndex { (order.firstIndex(of: $0) ?? order.count) > position } ?? required.count
        required.insert(asked, at: index)
        return required
    }

    /// The form asks for `slot` (`action_ask_<slot>`): the question
    /// `exthost run` would ask for the parameter now, as the `text` of the
    /// one response, and what it offers to pick from as its `buttons`, each
    /// with the payload `/inform{"<slot>": <value>}` that fills the slot when
    /// pressed. The values of the tracker's slots are resolved as a
    /// validation resolves them, with the value the last validation refused
    /// for `slot` (`refused`), so a disambiguation the extension answered
    /// for it is asked again with its items; when that conversation does not
    /// end asking to pick a value of `slot`, the definition's prompt with the
    /// parameter's options (an enum's cases, the extension's
    /// `provide<Param>OptionsCollection`) as the Shortcuts editor lists them.
    /// Every option is a button: Rasa has no way to ask for the next page.
    private func ask(_ name: String, intent: String, slot: String, slots: Slots, refused: Any?) -> HTTPResponse {
        var parameters = slots.parameters
        if let refused { parameters.take(slot, refused, form: slots.form) }
        let prompter = CollectingPrompter(answers: [:], pagingThrough: slot)
        let outcome = validation(name, intent: intent, parameters: parameters, prompter: prompter).outcome
        guard case .success(let result, _) = outcome else {
            if case .failure(let response) = outcome { return response }
            return Self.rejected(name, "no result")
        }
        guard result.parameterNames.contains(slot) else {
            return Self.unknown(name, "\(intent) has no parameter \"\(slot)\" to ask for; its parameters are \(result.parameterNames.joined(separator: ", "))")
        }
        let prompt: String
        let buttons: [(title: String, value: Any)]
        if let question = result.pendingQuestion, question.parameter == slot, question.kind == .choice {
            // A disambiguation, or the options the engine offers for a value
            // the extension needs: every page of them.
            prompt = question.prompt
            buttons = (prompter.choices.isEmpty ? question.choices : prompter.choices).map { choice in
                (choice.title, choice.identifier.map { ["identifier": $0, "displayString": choice.title] as Any } ?? choice.title)
            }
        } else {
            switch parameterOptions(name, intent: intent, slot: slot, values: result.values) {
            case .success(let (text, options)):
                prompt = text
                buttons = options.options.map { ($0.choice.title, $0.jsonValue) }
            case .failure(let error):
                return HTTPResponse(.internalServerError, json: ["error": error.description, "request_body": ["intent": intent, "parameter": slot]])
            }
        }
        var response: [String: Any] = ["text": prompt]
        if !buttons.isEmpty {
            response["buttons"] = buttons.map { button -> [String: Any] in ["title": button.title, "payload": Self.payload(slot, button.value)] }
        }
        logger.debug("Rasa form asked", metadata: ["action": "\(name)", "intent": "\(intent)", "slot": "\(slot)", "buttons": "\(buttons.count)"])
        return HTTPResponse(.ok, json: ["events": [Any](), "responses": [response]])
    }

    /// The definition's prompt for `slot` and the parameter's options, as
    /// the Shortcuts editor lists them (``ParameterOptions``), the handler
    /// started as a conversation starts it, with `values` set first.
    private func parameterOptions(_ name: String, intent: String, slot: String,
                                  values: [String: IntentValue]) -> Result<(String, ParameterOptions), IntentsError> {
        var runner = makeRunner(stageDeadline)
        runner.deviceLocked = deviceLocked()
        do throws(IntentRunner.Failure) {
            return try runner.withHandler(for: IntentRequest(intent: intent, source: name)) { endpoint in
                guard let model = endpoint.definition.intent(named: intent), let parameter = model.parameter(named: slot) else {
                    return .failure(IntentsError(.invalidIntentName, "\(endpoint.label) has no parameter \(slot) of \(intent)"))
                }
                let prompt = ParameterOptions.prompt(for: parameter, of: model, in: endpoint.definition, values: values)
                do throws(IntentsError) {
                    let options = try ParameterOptions.list(parameter, of: model, endpoint: endpoint, values: values, deadline: stageDeadline)
                    if let error = options.handlerError {
                        logger.debug("Rasa form asked without options", metadata: ["action": "\(name)", "slot": "\(slot)", "error": "\(error)"])
                    }
                    return .success((prompt, options))
                } catch {
                    return .failure(error)
                }
            }
        } catch {
            switch error {
            case .system(let problem): return .failure(problem)
            default: return .failure(IntentsError(.extensionBringUpFailed, error.description))
            }
        }
    }

    /// What a button sends when pressed: Rasa's `/intent{entities}` message,
    /// which it reads without a language model, the slot's value as the
    /// entity of the slot's name: `/inform{"material": {"identifier": …}}`.
    static func payload(_ slot: String, _ value: Any) -> String {
        let object: [String: Any] = [slot: value]
        let json = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "/inform" + json
    }

    /// A validation's conversation: resolve, stopped before confirm.
    private func validation(_ name: String, intent: String, parameters: Parameters,
                            prompter: CollectingPrompter = CollectingPrompter(answers: [:])) -> (outcome: Outcome, resolvedAll: Bool) {
        var runner = makeRunner(stageDeadline)
        runner.deviceLocked = deviceLocked()
        // Asked ahead too, when the engine works out a run: it changes nothing.
        runner.stopBeforeStage = { selector in
            guard selector == HandlerSelector.confirm || selector == HandlerSelector.handle else { return nil }
            return IntentsError(.requestTimedOut, "all values resolved; a validation calls neither confirm nor handle")
        }
        // A validation is not a conversation that ended: not counted as one.
        let outcome = run(name, intent: intent, parameters: parameters, answers: [:], counted: false, runner: runner, prompter: prompter)
        // Every value resolved when the conversation stopped before confirm,
        // the only stage this validation stops before.
        guard case .success(let result, _) = outcome else { return (outcome, false) }
        return (outcome, result.stoppedBeforeStage)
    }

    private func submit(_ name: String, intent: String, slots: Slots) -> HTTPResponse {
        var runner = makeRunner(stageDeadline)
        runner.deviceLocked = deviceLocked()
        let outcome = run(name, intent: intent, parameters: slots.parameters, answers: ["confirm": ["yes"]], runner: runner)
        guard case .success(let result, let said) = outcome else {
            if case .failure(let response) = outcome { return response }
            return Self.rejected(name, "no result")
        }
        let report = renderer.render(result).report
        var responses: [[String: Any]] = said.map { ["text": $0] }
        responses.append(["text": result.message])
        if let activity = report["userActivity"] { responses.append(["custom": ["userActivity": activity]]) }
        let events: [[String: Any]] = [["event": "slot", "name": Self.codeSlot, "value": report["code"] ?? NSNull(), "timestamp": NSNull()]]
        logger.info("conversation ended", metadata: ["action": "\(name)", "intent": "\(intent)", "outcome": "\(result.outcome.rawValue)",
                                                     "code": "\(report["code"].map { "\($0)" } ?? "-")"])
        return HTTPResponse(.ok, json: ["events": events, "responses": responses])
    }

    private enum Outcome {
        case success(ConversationResult, said: [String])
        case failure(HTTPResponse)
    }

    /// Runs the intent with the slots' values as its parameters, read as
    /// an intent file's would be, without writing an intent file.
    private func run(_ name: String, intent: String, parameters: Parameters, answers: [String: [String]],
                     counted: Bool = true, runner: IntentRunner, prompter: CollectingPrompter? = nil) -> Outcome {
        if let refusal = CStringText.refusal(intent) { return .failure(Self.rejected(name, "\(name): \"intent\" \(refusal)")) }
        var request = IntentRequest(intent: intent, answers: answers, source: name)
        request.parameterObjects = IntentRequest.ParameterObjects(parameters.values)
        request.parametersIfDefined = parameters.ifDefined
        request.parametersIfValid = parameters.ifValid
        let prompter = prompter ?? CollectingPrompter(answers: answers)
        do throws(IntentRunner.Failure) {
            let result = try runner.run(request, prompter: prompter)
            if counted { metrics?.conversationEnded(result, channel: "rasa") }
            return .success(result, said: prompter.said)
        } catch {
            switch error {
            case .system(let problem) where problem.code == .invalidIntentName:
                return .failure(Self.unknown(name, "no extension handles \(intent), the intent \(name) names: \(problem.message)"))
            case .request(let problem):
                return .failure(Self.rejected(name, problem.description))
            default:
                var file: [String: Any] = ["intent": intent, "parameters": parameters.values]
                if !answers.isEmpty { file["answers"] = answers }
                return .failure(HTTPResponse(.internalServerError, json: ["error": error.description, "request_body": file]))
            }
        }
    }

    // MARK: - Reading Rasa's request

    /// Rasa's own slots, which are no intent's parameters: the form's
    /// `requested_slot`, the code slot this server sets, `session_started_metadata`.
    static func isRasaSlot(_ name: String) -> Bool {
        name == "requested_slot" || name == codeSlot || name.hasPrefix("session_")
    }

    /// The form's slots: its `required_slots` in the domain Rasa sends, else
    /// every slot of the tracker but Rasa's own (`requested_slot`, …).
    private static func formSlots(_ form: String, domain: RasaActionRequest.Domain?, slots: [String: Any]) -> [String] {
        if let required = domain?.requiredSlots(of: form) { return required }
        return slots.keys.filter { !isRasaSlot($0) }.sorted()
    }

    /// The form and slot an ask action names while the form `activeLoop`
    /// runs: Rasa's form asks for a slot with the action
    /// `action_ask_<form>_<slot>`, else `action_ask_<slot>`, when the domain
    /// lists one (before `utter_ask_…`). Nil when no loop runs: the name is
    /// then an intent's submit action (`action_ask_…` for an intent `Ask…`).
    static func askedSlot(_ name: String, activeLoop: String?) -> (form: String, slot: String)? {
        guard name.hasPrefix("action_ask_"), let form = activeLoop, !form.isEmpty else { return nil }
        let rest = name.dropFirst("action_ask_".count)
        if rest.hasPrefix(form + "_"), rest.count > form.count + 1 { return (form, String(rest.dropFirst(form.count + 1))) }
        return (form, String(rest))
    }

    /// The value `slot` held this turn before a validation cleared it (the
    /// last value of its `slot` events since the user spoke, when a `null`
    /// follows it): what the extension refused, or asked to pick among.
    private static func refusedThisTurn(_ slot: String, tracker: RasaActionRequest.Tracker, slots: Slots) -> Any? {
        guard !slots.isFilled(slot), let events = tracker.events else { return nil }
        let lastUser = events.lastIndex { $0.event == "user" } ?? -1
        var refused: Any?
        for event in events[(lastUser + 1)...] where event.event == "slot" && event.name == slot {
            if let value = event.value, !(value is NSNull) { refused = value }
        }
        return refused
    }

    /// The slots set since the user last spoke (the `slot` events after the
    /// last `user` event), as Rasa's form validation checks only those; all
    /// filled ones but Rasa's own when the tracker carries no events.
    private static func setThisTurn(_ tracker: RasaActionRequest.Tracker, slots: Slots) -> [String] {
        guard let events = tracker.events, !events.isEmpty else {
            return slots.values.keys.filter { !isRasaSlot($0) && slots.isFilled($0) }.sorted()
        }
        let lastUser = events.lastIndex { $0.event == "user" } ?? -1
        var names: [String] = []
        for event in events[(lastUser + 1)...] where event.event == "slot" {
            if let name = event.name, !isRasaSlot(name), !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The slots to fill from the latest message, as rasa-sdk's
    /// `extract_<slot>` methods would: rasa-sdk calls one for each of the
    /// form's required slots (Rasa adds the requested one), and exthost has
    /// one for each such slot whose mappings in the domain include a
    /// `custom` one (which Rasa leaves to a custom action), not set this
    /// turn: an entity of the message named after the slot gives its value
    /// (several, a list); the requested slot, still empty, takes the
    /// message's text when no entity of the message names a slot. The
    /// extension's resolve then reads each as a value given to the intent.
    private static func extractions(_ tracker: RasaActionRequest.Tracker, domain: RasaActionRequest.Domain?, slots: Slots,
                                    setThisTurn: [String]) -> [Extraction] {
        guard let domain else { return [] }
        var candidates = slots.form
        let requested = (slots.values["requested_slot"] as? String).flatMap { isRasaSlot($0) ? nil : $0 }
        if let requested, !candidates.contains(requested) { candidates.append(requested) }
        var found: [Extraction] = []
        for slot in candidates where !setThisTurn.contains(slot) && domain.hasCustomMapping(slot) {
            let values = tracker.latestEntities.filter { $0.entity == slot }.map(\.value)
            guard let first = values.first else { continue }
            found.append(Extraction(slot: slot, value: values.count == 1 ? first : values))
        }
        guard let requested, !found.contains(where: { $0.slot == requested }), !setThisTurn.contains(requested), !slots.isFilled(requested),
              domain.hasCustomMapping(requested), !tracker.latestEntities.contains(where: { slots.values[$0.entity] != nil }),
              let text = tracker.latestText?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return found }
        found.append(Extraction(slot: requested, value: text))
        return found
    }

    // MARK: - Rasa's error bodies

    /// 400: the action refused to run (Rasa's `ActionExecutionRejected`).
    static func rejected(_ action: String, _ error: String) -> HTTPResponse {
        HTTPResponse(.badRequest, json: ["action_name": action, "error": error])
    }

    /// 404: no such action.
    static func unknown(_ action: String, _ error: String) -> HTTPResponse {
        HTTPResponse(.notFound, json: ["action_name": action, "error": "no action \(action): \(error)"])
    }
}

/// Answers only what it was given (`confirm`), and keeps what the system says.
private final class CollectingPrompter: ConversationPrompter {
    private let scripted: ScriptedPrompter
    private let pagedParameter: String?
    private(set) var said: [String] = []
    /// The items of every page of a choice about `pagedParameter`, in order.
    private(set) var choices: [Question.Choice] = []

    /// - Parameter pagedParameter: A parameter whose choice, asked a page at
    ///   a time, is paged through to its end (answering “more”) to collect
    ///   every item, then left unanswered.
    init(answers: [String: [String]], pagingThrough pagedParameter: String? = nil) {
        scripted = ScriptedPrompter(answers: answers)
        self.pagedParameter = pagedParameter
    }

    func answer(_ question: Question) -> String? {
        if let pagedParameter, question.kind == .choice, question.parameter == pagedParameter {
            choices += question.choices
            guard let page = question.page, page.number < page.count else { return nil }
            return page.moreAnswer
        }
        return scripted.answer(question)
    }

    func say(_ line: String) {
        said.append(line)
    }
}
