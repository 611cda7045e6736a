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
        /// Asked before each stage with its selector (``HandlerSelector``:
        /// `confirm`, `handle`, a resolve method's): an error ends the
        /// conversation there, before that stage is called; nil goes on. A
        /// session that was cancelled or a service shutting down stops
        /// before any stage; a validation resolves the values and stops
        /// before `confirm`. Also asked ahead, when the engine works out
        /// which calls a run to the handler carries (``ResolveRun``): it
        /// must say what it would say before the stage itself, and change
        /// nothing.
        public var stopBeforeStage: (@Sendable (_ selector: String) -> IntentsError?)?
        /// Interrupted by whoever makes ``stopBeforeStage`` stop the
        /// conversation while it runs (a session cancelled, a service
        /// shutting down), after it does: keeps a run already in the
        /// handler's hands from calling `confirm` or `handle`. Nil when
        /// nothing stops a conversation once it started.
        public var interruption: RunInterruption?
        /// Says the response's concise form as its message, where the
        /// definition gives one (a device without a screen).
        public var concise: Bool
        /// How many items of a disambiguation or of a handler's options one
        /// question shows; the person asks for more (``HostPhrases/more``).
        public var choicesPerPage: Int = Options.defaultChoicesPerPage
        /// The request's language (a tag or POSIX name): the system's own
        /// sentences are said in it (``HostPhrases``), English when it has
        /// no table.
        public var language: String?
        /// Five: Siri reads a few items, not a list, and a page of five
        /// is still read out in a breath.
        public static let defaultChoicesPerPage = 5

        public init(stageDeadline: Double = 10, requestStart: UInt64? = nil, maximumAttempts: Int = 5,
                    stopBeforeStage: (@Sendable (_ selector: String) -> IntentsError?)? = nil, concise: Bool = false) {
            self.stageDeadline = stageDeadline
            self.requestStart = requestStart ?? Posix.monotonicNanoseconds()
            self.maximumAttempts = maximumAttempts
            self.stopBeforeStage = stopBeforeStage
            self.concise = concise
        }
    }

    let endpoint: IntentHandlerEndpoint
    /// The intent's stages, shapes and templates, worked out once per
    /// handler (``ConversationPlans``).
    let plan: ConversationPlan
    // Read in place (`_read`): a getter would copy the structs, a dozen
    // reference-counted fields each, at every use.
    var definition: IntentDefinition { _read { yield plan.definition } }
    var intent: Intent { _read { yield plan.intent } }
    var reader: IntentValueReader { _read { yield plan.reader } }
    /// The plan's dialog, in the system's words of the request's language
    /// (``HostPhrases``): one of its own only when that is not English.
    var dialog: ConversationDialog {
        _read {
            if let spokenDialog { yield spokenDialog } else { yield plan.dialog }
        }
    }
    private let spokenDialog: ConversationDialog?
    let options: Options
    let prompter: ConversationPrompter
    let watchdog: StageWatchdog?
    /// The parameters' values by name: what the result reports and what
    /// templates and relationships read. Changed only by
    /// ``set(_:at:)``, together with ``slots``.
    var values: [String: IntentValue] = [:]
    /// The same values indexed like the intent's parameters (and the
    /// plugin's intent struct): what the stages read, without hashing a
    /// name.
    var slots: [IntentValue?]
    var result: ConversationResult
    var firstStage = true
    /// The handler connection while ``run(identifier:)`` runs.
    var connection: (any HandlerConnection)?
    /// The request's identifier while ``run(identifier:)`` runs.
    var requestIdentifier = ""
    /// The connection as one that is handed runs of resolve calls
    /// (``ResolveRunConnection``), while ``run(identifier:)`` runs, when it
    /// takes them and no watchdog observes each stage: cast once a
    /// request, not at every resolve.
    var runner: (any ResolveRunConnection)?
    /// The outcomes of a run of resolve calls (``ResolveRun``) the engine
    /// has not reached yet, each with its parameter's index: taken in
    /// order, one per parameter, as the engine comes to it.
    var resolvedAhead: [(index: Int, outcome: ResolveRun.Outcome)] = []
    /// The outcomes of `confirm` and then `handle` that a run carried
    /// (``ResolveRun/Response``), not reached yet.
    var responsesAhead: [ResolveRun.Outcome] = []
    /// When the step recorded last ended (monotonic nanoseconds), for a
    /// stage that follows it at once to start from (``stageStart()``); 0
    /// when something may have taken time since.
    var lastStepEnd: UInt64 = 0
    /// The connection while its `handler(for:)` is not known to have given
    /// a handler (``HandlerConnection/defersOpen``); nil once it has, and
    /// for a connection that opens before `connect` returns.
    var unsettledOpen: (any HandlerConnection)?
    /// What `handler(for:)` failed with, once a connection that defers it
    /// said so: the conversation ends with it, as if `connect` had thrown.
    var openRefusal: IntentsError?

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
        let plan = endpoint.plans.map { $0.plan(for: intentName) }
            ?? endpoint.definition.intent(named: intentName).map { ConversationPlan(definition: endpoint.definition, intent: $0) }
        guard let plan else {
            throw IntentsError(.invalidIntentName, "\(endpoint.label) has no intent named \(intentName)")
        }
        self.endpoint = endpoint
        self.plan = plan
        self.values = values
        self.slots = plan.steps.map { values[$0.parameter.name] }
        self.prompter = prompter
        self.options = options
        self.watchdog = watchdog
        let phrases = HostPhrases.speaking(options.language)
        if phrases.language != plan.dialog.phrases.language {
            self.spokenDialog = ConversationDialog(definition: plan.definition, intent: plan.intent, phrases: phrases)
        } else {
            self.spokenDialog = nil
        }
        self.result = ConversationResult(intent: intentName, outcome: .error, message: "", budgetSeconds: options.stageDeadline)
        self.result.extensionIdentifier = endpoint.identifier
        self.result.optionSets = plan.optionSets
        self.result.jsonObjects = plan.jsonObjects
        self.result.parameterNames = plan.parameterNames
        // handler(for:), a step per parameter, confirm, handle: the
        // transcript of a request that asks nothing never grows.
        self.result.transcript.reserveCapacity(plan.steps.count + 3)
    }

    /// The parameter values as they stand now: the request's, with what
    /// the stages resolved so far (what a request whose extension ended
    /// under it is recorded with).
    public var valuesSoFar: [String: IntentValue] { values }

    /// Runs the conversation to its end, or until a question has no answer.
    public func run(identifier: String = UUID().uuidString) -> ConversationResult {
        let session: any HandlerConnection
        let start = Posix.monotonicNanoseconds()
        requestIdentifier = identifier
        do {
            session = try endpoint.connect(intent, identifier, slots)
        } catch {
            return finish(error: error)
        }
        connection = session
        if watchdog == nil, let runs = session as? any ResolveRunConnection, runs.takesRuns { runner = runs }
        defer {
            connection = nil
            runner = nil
            responsesAhead.removeAll()
        }
        guard session.defersOpen else {
            record(stage: .handlerFor, parameter: nil, result: .handler, since: start)
            return ended(converse(session))
        }
        // handler(for:) is answered with the first stage: a failure must
        // end the conversation as a `connect` that threw ends it.
        unsettledOpen = session
        let (atConnect, requestValues, requestSlots) = (result, values, slots)
        record(stage: .handlerFor, parameter: nil, result: .handler, since: start)
        let conversed = converse(session)
        guard handlerRefused(), let refusal = openRefusal else { return ended(conversed) }
        result = atConnect
        values = requestValues
        slots = requestSlots
        return finish(error: refusal)
    }

    /// Whether `handler(for:)` of a connection that defers it failed:
    /// asked before the conversation says or asks anything, and when it
    /// ends. Free once the first stage has carried the answer; before
    /// that, the answer is waited for (a round trip of its own).
    func handlerRefused() -> Bool {
        if openRefusal != nil { return true }
        guard let opening = unsettledOpen else { return false }
        unsettledOpen = nil
        openRefusal = opening.openFailure()
        return openRefusal != nil
    }

    // MARK: - The stages

    func converse(_ session: any HandlerConnection) -> ConversationResult {
        for (index, step) in plan.steps.enumerated() {
            let parameter = step.parameter
            if let relationship = parameter.relationship, !relationship.holds(for: values, in: intent, of: definition) {
                set(nil, at: index)
                session.setValue(nil, parameterAt: index)
                record(stage: .skip, parameter: parameter.name, result: .relationshipNotMet, since: Posix.monotonicNanoseconds(),
                       message: relationship.summary)
                continue
            }
            guard parameter.supportsResolution else {
                // iOS 14's configurable-but-not-resolvable parameters: no
                // resolve method exists and Siri never asks; the value is
                // the configuration's (or the request's), or none.
                record(stage: .skip, parameter: parameter.name, result: .notResolvable, value: slots[index],
                       since: Posix.monotonicNanoseconds())
                continue
            }
            guard parameter.deprecated == nil || slots[index] != nil else {
                // A deprecated parameter is resolved when the request or
                // shortcut gives it (one made before it was deprecated),
                // and never asked for: its replacement is.
                record(stage: .skip, parameter: parameter.name, result: .deprecated, since: Posix.monotonicNanoseconds())
                continue
            }
            if let stop = resolve(step, at: index, in: session) { return stop }
        }
        if let stop = confirm(session) { return stop }
        return handle(session)
    }

    func confirm(_ session: any HandlerConnection) -> ConversationResult? {
        switch callResponseStage(.confirm, in: session) {
        case .stopped(let result):
            return result
        case .notImplemented(let start):
            record(stage: .confirm, parameter: nil, result: .response(code: SystemResponseCode.ready.name), since: start, defaulted: true)
        case .answered(let code, let activity, let properties):
            if !ConversationPlan.goesOnToHandle(code.value) {
                return respond(code, activity: activity, properties: properties)
            }
        }
        if intent.userConfirmationRequired {
            let prompt = dialog.confirmationPrompt(values: values)
            let question = Question(kind: .confirmIntent, parameter: nil, prompt: prompt, choices: [])
            guard let answer = ask(question, unanswered: .needsInput, message: prompt) else { return pending(question, outcome: .needsInput, message: prompt) }
            guard YesNoAnswer(answer) == .yes else {
                return stop(.cancelled, message: dialog.phrases.cancelled(prompt))
            }
        }
        return nil
    }

    func handle(_ session: any HandlerConnection) -> ConversationResult {
        switch callResponseStage(.handle, in: session) {
        case .stopped(let result):
            return result
        case .notImplemented:
            return protocolError("the handler does not implement handle, which every intent handler must")
        case .answered(let code, let activity, let properties):
            if code.name == ResponseCode.handleInAppName, let connectToApp = endpoint.connectToApp {
                return handleInApp(connectToApp)
            }
            return respond(code, activity: activity, properties: properties)
        }
    }

    /// `handle` answered `handleInApp`: as iOS does, the app handles the
    /// intent with the values resolved so far, and its response is the
    /// request's.
    private func handleInApp(_ connectToApp: (Intent, String) throws(IntentsError) -> any HandlerConnection) -> ConversationResult {
        let start = Posix.monotonicNanoseconds()
        let app: any HandlerConnection
        do {
            app = try connectToApp(intent, requestIdentifier)
        } catch {
            return finish(error: error)
        }
        record(stage: .handlerFor, parameter: nil, result: .handler, since: start)
        for (index, value) in slots.enumerated() {
            app.setValue(value, parameterAt: index)
        }
        // Handing the app the values took time of neither step.
        lastStepEnd = 0
        switch callResponseStage(.handle, in: app) {
        case .stopped(let result):
            return result
        case .notImplemented:
            return protocolError("the app's handler does not implement handle, which handleInApp needs")
        case .answered(let code, let activity, let properties):
            return respond(code, activity: activity, properties: properties)
        }
    }

    /// What `confirm` or `handle` gave.
    private enum ResponseStage {
        /// A response with one of the intent's codes (looked up once, here),
        /// recorded in the transcript.
        case answered(code: ConversationPlan.Code, activity: UserActivityValue?, properties: [IntentValue?])
        /// The handler has no such method; the stage started at `start`.
        case notImplemented(start: UInt64)
        /// The conversation ends here (timeout, failure, wrong result).
        case stopped(ConversationResult)
    }

    /// Calls `confirm` or `handle`, whose completions both carry a response.
    private func callResponseStage(_ stage: TranscriptStep.Stage, in session: any HandlerConnection) -> ResponseStage {
        let selector = stage == .confirm ? HandlerSelector.confirm : HandlerSelector.handle
        let start: UInt64
        let outcome: CallOutcome
        if let ahead = responseAhead() {
            (outcome, start) = (ahead.outcome, ahead.started)
        } else {
            start = stageStart()
            if stage == .confirm, let runs = runner, runs === session, let response = responseRun() {
                outcome = confirmRun(response, in: runs, startedAt: start)
            } else {
                outcome = callStage(selector, in: session, shape: .response(plan.responseShapes), startedAt: start)
            }
        }
        switch outcome {
        case .timedOut:
            return .stopped(timeout(selector, stage: stage, parameter: nil, since: start))
        case .failed(let error):
            return .stopped(finish(error: error))
        case .notImplemented:
            return .notImplemented(start: start)
        case .completed(.response(let code, let activity, let properties)):
            guard let known = plan.code(code) else {
                return .stopped(protocolError(dialog.unknownCode(code, answeredBy: selector)))
            }
            record(stage: stage, parameter: nil, result: .response(code: known.name), since: start)
            return .answered(code: known, activity: activity, properties: properties)
        case .completed:
            return .stopped(protocolError("\(selector) completed with the wrong kind of result"))
        }
    }

    /// The outcome a run carried for the stage the engine comes to now
    /// (`confirm`, then `handle`); nil when there is none, or when the
    /// handler did not make the call because the conversation was
    /// interrupted (``ResolveRun/Outcome/notCalled``): the stage is then
    /// come to as without a run, `stopBeforeStage` asked first.
    private func responseAhead() -> ResolveRun.Outcome? {
        guard !responsesAhead.isEmpty else { return nil }
        let ahead = responsesAhead.removeFirst()
        guard !ahead.notCalled else {
            responsesAhead.removeAll()
            return nil
        }
        return ahead
    }

    /// What a run carries after its resolve calls when they are the
    /// request's last ones: `confirm`, unless the conversation stops
    /// before it (a validation does), then `handle` unless the person
    /// must confirm the intent first or the conversation stops before it.
    /// Nil when the connection takes no such runs.
    func responseRun() -> ResolveRun.Response? {
        guard let runs = runner, runs.takesResponses, options.stopBeforeStage?(HandlerSelector.confirm) == nil else { return nil }
        let handles = !intent.userConfirmationRequired && options.stopBeforeStage?(HandlerSelector.handle) == nil
        return ResolveRun.Response(shapes: plan.responseShapes, readyCodes: plan.readyCodes, handles: handles)
    }

    /// `confirm` and, when `response` says so, `handle`, as one run with no
    /// resolve call before them (every parameter was resolved or passed
    /// over before): `confirm`'s outcome; `handle`'s waits in
    /// ``responsesAhead``.
    private func confirmRun(_ response: ResolveRun.Response, in runs: any ResolveRunConnection, startedAt start: UInt64) -> CallOutcome {
        let outcomes: [ResolveRun.Outcome]
        switch handOver([], then: response, to: runs, firstSelector: HandlerSelector.confirm, startedAt: start) {
        case .failure(let stop): return .failed(stop)
        case .success(let given): outcomes = given
        }
        // Interrupted before confirm: come to it as without a run.
        if outcomes[0].notCalled {
            return callStage(HandlerSelector.confirm, in: runs, shape: .response(plan.responseShapes), startedAt: start)
        }
        responsesAhead = Array(outcomes.dropFirst())
        return outcomes[0].outcome
    }

    /// Sets the value of the parameter at `index` (nil: none), by name
    /// and by index.
    func set(_ value: IntentValue?, at index: Int) {
        slots[index] = value
        values[plan.steps[index].parameter.name] = value
        // The connection is given it next, which may take time (a frame
        // to an extension's process): the next stage reads the clock.
        lastStepEnd = 0
    }

    /// When the next stage starts: the end of the step recorded last when
    /// nothing happened since (one clock read a stage, not two), else now.
    func stageStart() -> UInt64 {
        let end = lastStepEnd
        lastStepEnd = 0
        return end != 0 ? end : Posix.monotonicNanoseconds()
    }

    // MARK: - Calling the plugin

    /// Calls one stage. `start` is when the caller started its clock for
    /// the stage's transcript step, the base of its deadline (after the
    /// first stage); nil reads the clock.
    func callStage(_ selector: String, in session: any HandlerConnection, shape: CompletionShape, searchTerm: String?? = nil,
                   startedAt start: UInt64? = nil) -> CallOutcome {
        let deadline: UInt64
        switch startStage(selector, startedAt: start) {
        case .failure(let stop): return .failed(stop)
        case .success(let due): deadline = due
        }
        watchdog?.arm(stage: selector, deadline: deadline)
        defer { watchdog?.disarm() }
        return session.call(selector, searchTerm: searchTerm, completion: shape, deadline: deadline)
    }

    /// Starts the stage of `selector`: its deadline (the first stage's
    /// clock started with the request, a later one's at `start`, the
    /// caller's transcript clock, else now), or the error `stopBeforeStage`
    /// stops the conversation with before it.
    func startStage(_ selector: String, startedAt start: UInt64? = nil) -> Result<UInt64, IntentsError> {
        if let stop = options.stopBeforeStage?(selector) {
            result.stoppedBeforeStage = true
            return .failure(stop)
        }
        let base = firstStage ? options.requestStart : start ?? Posix.monotonicNanoseconds()
        firstStage = false
        return .success(Posix.deadline(after: options.stageDeadline, from: base))
    }

    // MARK: - Ending

    /// The conversation's end with a response of `known`, one of the
    /// intent's codes (``callResponseStage(_:in:)`` refused the others).
    func respond(_ known: ConversationPlan.Code, activity: UserActivityValue?, properties: [IntentValue?]) -> ConversationResult {
        var spokenProperties: [String: String] = [:]
        for (parameter, value) in zip(plan.responseParameters, properties) {
            guard let value else { continue }
            result.responseProperties[parameter.name] = value
            spokenProperties[parameter.name] = value.spoken(enumType: dialog.enumType(of: parameter.type))
        }
        let response = known.response
        result.code = known.name
        result.codeValue = known.value
        result.codeRawValue = known.rawValue
        result.userActivity = activity
        let full = dialog.fill(response?.full ?? FormatString.pieces(of: dialog.defaultMessage(for: known.value)), values: values, extra: spokenProperties)
        result.conciseMessage = response?.concise.map { dialog.fill($0, values: values, extra: spokenProperties) }
        result.message = options.concise ? result.conciseMessage ?? full : full
        result.outcome = known.outcome
        return result
    }

    func timeout(_ selector: String, stage: TranscriptStep.Stage, parameter: String?, since start: UInt64) -> ConversationResult {
        record(stage: stage, parameter: parameter, result: .timedOut, since: start)
        let error = IntentsError(
            .requestTimedOut,
            "\(selector) of \(intent.name) in \(endpoint.label) did not call its completion within \(String(format: "%g", options.stageDeadline)) s. Call the completion exactly once, on every path."
        )
        return finish(error: error)
    }

    func protocolError(_ message: String) -> ConversationResult {
        finish(error: IntentsError(.extensionBringUpFailed, "\(endpoint.label): \(message)"))
    }

    func finish(error: IntentsError) -> ConversationResult {
        result.outcome = .error
        result.error = error
        result.message = error.description
        result.values = values
        result.loadTimings = endpoint.loadTimings()
        return result
    }

    func pending(_ question: Question, outcome: ConversationOutcome, message: String) -> ConversationResult {
        stop(outcome, message: message, pending: question)
    }

    /// The result ``run(identifier:)`` would return if the conversation
    /// stopped now at `question`, without stopping it.
    func snapshot(pending question: Question, outcome: ConversationOutcome, message: String) -> ConversationResult {
        var now = result
        now.outcome = outcome
        now.message = message
        now.pendingQuestion = question
        return ended(now)
    }

    /// A result as the conversation hands it back: the values so far, the
    /// load timings, and a warning per completion called more than once.
    private func ended(_ result: consuming ConversationResult) -> ConversationResult {
        var ended = result
        for duplicate in connection?.duplicateCompletions() ?? [] {
            ended.warnings.append(
                "the completion of \(duplicate.selector) was called \(duplicate.extraCalls + 1) times; calls after the first were ignored. Call each completion exactly once."
            )
        }
        ended.values = values
        ended.loadTimings = endpoint.loadTimings()
        return ended
    }

    func stop(_ outcome: ConversationOutcome, message: String, pending: Question? = nil) -> ConversationResult {
        result.outcome = outcome
        result.message = message
        result.pendingQuestion = pending
        return result
    }

    func record(stage: TranscriptStep.Stage, parameter: String?, result kind: TranscriptStep.Result, value: IntentValue? = nil,
                        since start: UInt64, message: String? = nil, defaulted: Bool = false) {
        let now = Posix.monotonicNanoseconds()
        lastStepEnd = now
        let elapsed = milliseconds(now - start)
        result.transcript.append(TranscriptStep(stage: stage, parameter: parameter, result: kind, value: value,
                                                message: message, milliseconds: elapsed, defaulted: defaulted))
    }
}
