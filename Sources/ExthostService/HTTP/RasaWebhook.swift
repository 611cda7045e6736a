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
/// whole conversation (resolve, confirm, handle).
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
        guard let action = Self.action(named: name) else {
            return Self.unknown(name, "exthost runs validate_<intent>_form and action_<intent> (the intent's name in snake_case) for its extensions' intents; see docs/rasa.md")
        }
        switch action {
        case .validate(let intent, let form):
            let slots = Slots(values: slots, form: Self.formSlots(form, domain: request.domain, slots: slots))
            let setThisTurn = Self.setThisTurn(tracker, slots: slots)
            let extraction = Self.extraction(tracker, domain: request.domain, slots: slots, setThisTurn: setThisTurn)
            return validate(name, intent: intent, slots: slots, setThisTurn: setThisTurn, extraction: extraction)
        case .submit(let intent):
            let snake = String(name.dropFirst("action_".count))
            let formSlots = Self.formSlots(snake + "_form", domain: request.domain, slots: slots)
            return submit(name, intent: intent, slots: Slots(values: slots, form: formSlots))
        }
    }

    /// The tracker's slots, and which of them are the form's.
    private struct Slots {
        var values: [String: Any]
        /// The form's required slots, each a parameter of the intent.
        var form: [String]

        /// Whether the slot holds a value.
        func isFilled(_ name: String) -> Bool {
            values[name].map { !($0 is NSNull) } ?? false
        }

        /// The intent's parameters: the form's filled slots, which must be
        /// parameters, and the other filled slots (Rasa's own aside), which
        /// are passed when they name one.
        var parameters: (values: [String: Any], ifDefined: Set<String>) {
            var parameters: [String: Any] = [:]
            var ifDefined: Set<String> = []
            for (name, value) in values where !(value is NSNull) {
                if form.contains(name) {
                    parameters[name] = value
                } else if !RasaWebhook.isRasaSlot(name) {
                    parameters[name] = value
                    ifDefined.insert(name)
                }
            }
            return (parameters, ifDefined)
        }
    }

    /// A slot exthost fills from the latest message (Rasa's `extract_<slot>`):
    /// the form's requested slot, empty, with a `custom` mapping.
    private struct Extraction {
        var slot: String
        var text: String
    }

    // MARK: - Actions

    private func validate(_ name: String, intent: String, slots: Slots, setThisTurn: [String], extraction: Extraction?) -> HTTPResponse {
        let given = slots.parameters
        var parameters = given
        if let extraction { parameters.values[extraction.slot] = extraction.text }
        var outcome = validation(name, intent: intent, parameters: parameters)
        var extracted = extraction
        if extraction != nil, case .failure(let response) = outcome.outcome, response.status == .badRequest {
            // The message's text is no value of the parameter: the slot
            // stays empty, and the form asks it again.
            parameters = given
            outcome = validation(name, intent: intent, parameters: parameters)
            extracted = nil
        }
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
        var answer = RasaActionAnswer()
        for slot in setThisTurn where slot != refused && (slots.form.contains(slot) || parameterNames.contains(slot)) {
            answer.setSlot(slot, to: slots.values[slot] ?? NSNull())
        }
        if let refused, slots.form.contains(refused) || slots.isFilled(refused) || refused == extraction?.slot {
            answer.setSlot(refused, to: NSNull())
        } else if let extraction, extracted == nil {
            // Set to nothing, as it was: the form asks it again.
            answer.setSlot(extraction.slot, to: NSNull())
        }
        if let extracted, extracted.slot != refused, let value = result.values[extracted.slot],
           Self.resolved(extracted.slot, before: refused, in: parameterNames) {
            // The value the extension's resolve made of the text (a book found by its title).
            answer.setSlot(extracted.slot, to: value.jsonObject(enumType: result.optionSets.parameters[extracted.slot]))
        }
        for line in said { answer.say(line) }
        logger.debug("Rasa form validated", metadata: ["action": "\(name)", "intent": "\(intent)", "refused": "\(refused ?? "-")",
                                                       "extracted": "\(extracted?.slot ?? "-")"])
        return HTTPResponse(.ok, body: answer.body)
    }

    /// Whether the engine, which resolves parameters in the definition's
    /// order and stops at the first refusal, resolved `slot`.
    private static func resolved(_ slot: String, before refused: String?, in parameterNames: [String]) -> Bool {
        guard let refused else { return true }
        guard let slotIndex = parameterNames.firstIndex(of: slot), let refusedIndex = parameterNames.firstIndex(of: refused) else { return false }
        return slotIndex < refusedIndex
    }

    /// A validation's conversation: resolve, stopped before confirm.
    private func validation(_ name: String, intent: String, parameters: (values: [String: Any], ifDefined: Set<String>))
        -> (outcome: Outcome, resolvedAll: Bool) {
        var runner = makeRunner(stageDeadline)
        runner.deviceLocked = deviceLocked()
        // Asked ahead too, when the engine works out a run: it changes nothing.
        runner.stopBeforeStage = { selector in
            guard selector == HandlerSelector.confirm || selector == HandlerSelector.handle else { return nil }
            return IntentsError(.requestTimedOut, "all values resolved; a validation calls neither confirm nor handle")
        }
        // A validation is not a conversation that ended: not counted as one.
        let outcome = run(name, intent: intent, parameters: parameters, answers: [:], counted: false, runner: runner)
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
    private func run(_ name: String, intent: String, parameters: (values: [String: Any], ifDefined: Set<String>), answers: [String: [String]],
                     counted: Bool = true, runner: IntentRunner) -> Outcome {
        if let refusal = CStringText.refusal(intent) { return .failure(Self.rejected(name, "\(name): \"intent\" \(refusal)")) }
        var request = IntentRequest(intent: intent, answers: answers, source: name)
        request.parameterObjects = IntentRequest.ParameterObjects(parameters.values)
        request.parametersIfDefined = parameters.ifDefined
        let prompter = CollectingPrompter(answers: answers)
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

    /// The slot to fill from the latest message, as rasa-sdk's
    /// `extract_<slot>` would: the slot the form asks for (`requested_slot`),
    /// one of its required slots, still empty and not set this turn, whose
    /// mappings in the domain include a `custom` one (which Rasa leaves to a
    /// custom action); its value is the message's text, which the
    /// extension's resolve then reads as it reads a value said aloud.
    private static func extraction(_ tracker: RasaActionRequest.Tracker, domain: RasaActionRequest.Domain?, slots: Slots,
                                   setThisTurn: [String]) -> Extraction? {
        guard let slot = slots.values["requested_slot"] as? String, slots.form.contains(slot), !setThisTurn.contains(slot),
              !slots.isFilled(slot), domain?.hasCustomMapping(slot) == true,
              let text = tracker.latestText?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return Extraction(slot: slot, text: text)
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
    private(set) var said: [String] = []

    init(answers: [String: [String]]) {
        scripted = ScriptedPrompter(answers: answers)
    }

    func answer(_ question: Question) -> String? {
        scripted.answer(question)
    }

    func say(_ line: String) {
        said.append(line)
    }
}
