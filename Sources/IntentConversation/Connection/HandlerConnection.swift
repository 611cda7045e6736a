import ExthostABI
import IntentDefinition

/// The conversation engine's line to whoever handles an intent: an
/// extension's handler object in this process (through libffi), or an app's
/// in-app handler in its own process (through its socket).
public protocol HandlerConnection: AnyObject {
    /// Sets the value of the parameter at `index` (nil = no value).
    func setValue(_ value: IntentValue?, parameterAt index: Int)

    /// Calls a method by selector (`resolve<Param>`, `provide<Param>OptionsCollection`,
    /// `confirm`, `handle`) and waits for its completion until `deadline`
    /// (monotonic nanoseconds).
    func call(_ selector: String, searchTerm: String??, completion shape: CompletionShape, deadline: UInt64) -> CallOutcome

    /// Completions that were called more than once, with the extra count.
    func duplicateCompletions() -> [(selector: String, extraCalls: Int)]

    /// Whether `handler(for:)` travels with the first stage: the handler
    /// is asked for in the same message as the first call, and its answer
    /// read with that call's, instead of in a round trip of its own before
    /// it (an extension in a process of its own). ``IntentHandlerEndpoint/connect``
    /// then returns before it knows whether `handler(for:)` gave a handler,
    /// and the engine asks ``openFailure()``. False by default.
    var defersOpen: Bool { get }

    /// What `handler(for:)` gave, for a connection that ``defersOpen``:
    /// nil when the handler is there, else the error `connect` would have
    /// thrown (2003 for no handler, 3001 past its deadline, 5001 for a
    /// process that died in it). When no call has carried it yet, it is
    /// sent alone and its answer waited for. Until it is asked, every call
    /// made after a failed `handler(for:)` answers ``CallOutcome/failed(_:)``
    /// with that error, and none reaches a handler.
    ///
    /// The engine asks before the conversation says or asks anything and
    /// when it ends, and reports a failure as a `connect` that threw: no
    /// stage in the transcript, the request's values unchanged. Nil by
    /// default: a connection that does not defer knew at `connect`.
    func openFailure() -> IntentsError?
}

extension HandlerConnection {
    public var defersOpen: Bool { false }
    public func openFailure() -> IntentsError? { nil }
}

/// The outcome of calling one handler method.
public enum CallOutcome {
    /// The handler does not implement the method: apply the default.
    case notImplemented
    case completed(CompletionPayload)
    case timedOut
    /// The handler's process failed (an app that crashed, for instance).
    case failed(IntentsError)
}

/// Who handles an intent, as the engine sees it.
public struct IntentHandlerEndpoint {
    /// The definition that describes the intent. Setting it (a localised
    /// copy, say) drops the kept ``plans``: they describe the one before.
    public var definition: IntentDefinition {
        didSet { plans = nil }
    }
    /// Names the handler in messages: `extension com.example.x`, `app com.example.y`.
    public var label: String
    /// The identifier reported as the handler (`extension` in results).
    public var identifier: String
    /// The app to continue in when the handler asks for it.
    public var appIdentifier: String
    /// Opens a connection for one request (a handler object of an
    /// extension, an app's in-app handler), with the request's values in
    /// definition order: an extension's `handler(for:)` sees them, as on
    /// iOS. The connection starts with them: the engine calls
    /// ``HandlerConnection/setValue(_:parameterAt:)`` only for a value that
    /// changes during the request.
    package let connect: (_ intent: Intent, _ requestIdentifier: String, _ values: [IntentValue?]) throws(IntentsError) -> any HandlerConnection
    /// Opens a connection to the app that handles the intent when `handle`
    /// answers ``ResponseCode/handleInAppName`` (the handler's containing
    /// app, launched in the background); nil when no app can be reached.
    public var connectToApp: ((_ intent: Intent, _ requestIdentifier: String) throws(IntentsError) -> any HandlerConnection)?
    /// How long the handler took to come up, when it was loaded in this process.
    let loadTimings: () -> LoadTimings?
    /// The plans of the handler's intents, kept across requests; nil makes
    /// a plan for each conversation.
    var plans: ConversationPlans?
    /// The handler's definition in other languages, kept across requests
    /// (``speak(_:forIntent:)``); nil works it out for each request.
    public var spokenDefinitions: SpokenDefinitions?

    /// Creates an endpoint.
    ///
    /// - Parameters:
    ///   - definition: The definition that describes the intent.
    ///   - label: Names the handler in messages.
    ///   - identifier: The identifier reported as the handler.
    ///   - appIdentifier: The app to continue in.
    ///   - loadTimings: How long the handler took to come up, if measured.
    ///   - plans: The plans of the handler's intents, when the handler keeps
    ///     them across requests (a loaded extension); nil plans each
    ///     conversation anew.
    ///   - connect: Opens a connection for one request, given the
    ///     request's values in definition order.
    public init(
        definition: IntentDefinition,
        label: String,
        identifier: String,
        appIdentifier: String,
        loadTimings: @escaping () -> LoadTimings? = { nil },
        plans: ConversationPlans? = nil,
        connect: @escaping (_ intent: Intent, _ requestIdentifier: String, _ values: [IntentValue?]) throws(IntentsError) -> any HandlerConnection
    ) {
        self.definition = definition
        self.label = label
        self.identifier = identifier
        self.appIdentifier = appIdentifier
        self.loadTimings = loadTimings
        self.plans = plans
        self.connect = connect
    }
}

extension CallOutcome {
    /// Calls a parameter's options provider through `call`: the sectioned
    /// one (``HandlerSelector/optionSections(_:)``) when the handler has it,
    /// else the flat one (``HandlerSelector/options(_:)``), which every
    /// plugin before sections has.
    ///
    /// - Parameters:
    ///   - parameter: The parameter's name.
    ///   - element: The shape of one option.
    ///   - call: Calls a selector with the completion shape it answers in.
    /// - Returns: The selector called last and its outcome.
    static func ofOptionsProvider(
        _ parameter: String, element: ValueShape, _ call: (_ selector: String, _ shape: CompletionShape) -> CallOutcome
    ) -> (selector: String, outcome: CallOutcome) {
        let sectioned = HandlerSelector.optionSections(parameter)
        let outcome = call(sectioned, .optionSections(element))
        guard case .notImplemented = outcome else { return (sectioned, outcome) }
        let flat = HandlerSelector.options(parameter)
        return (flat, call(flat, .options(element)))
    }
}
