import ExthostABI
import IntentDefinition
import Synchronization

/// What a conversation of one intent needs from its definition, worked out
/// once: the selectors and value shapes of every stage, the option sets, the
/// response's shapes and its templates already cut into pieces.
///
/// A conversation built from a plan copies no definition structs, builds no
/// selector strings and scans no templates for placeholders; a loaded
/// extension keeps one plan per intent (``ConversationPlans``), so only its
/// first request of an intent pays for them.
public final class ConversationPlan: Sendable {
    /// One parameter of the intent, in the definition's order.
    final class Step: Sendable {
        let parameter: Parameter
        /// `resolve<Param>`.
        let resolveSelector: String
        /// The shape of the parameter's value at the boundary.
        let shape: ValueShape
        /// Whether the definition gives the parameter a minimum or a
        /// maximum: only then is a value checked against them
        /// (``IntentValueReader/boundsViolation(_:for:)``) before a resolve.
        let bounded: Bool

        init(_ parameter: Parameter) {
            self.parameter = parameter
            resolveSelector = HandlerSelector.resolve(parameter.name)
            shape = ValueShape(parameter)
            bounded = parameter.metadata.minimum != nil || parameter.metadata.maximum != nil
        }
    }

    /// The templates of one response code of the intent, in pieces.
    final class Response: Sendable {
        /// The template said in full, nil when the definition gives none (or an empty one).
        let full: [FormatString.Piece]?
        /// The concise form, nil when the definition gives none (or an empty one).
        let concise: [FormatString.Piece]?

        init(_ code: ResponseCode) {
            full = code.formatString.flatMap { $0.isEmpty ? nil : FormatString.pieces(of: $0) }
            concise = code.conciseFormatString.flatMap { $0.isEmpty ? nil : FormatString.pieces(of: $0) }
        }
    }

    let definition: IntentDefinition
    let intent: Intent
    let reader: IntentValueReader
    let dialog: ConversationDialog
    let steps: [Step]
    let responseShapes: [ValueShape]
    /// The response's parameters, in definition order.
    let responseParameters: [ResponseParameter]
    let optionSets: (parameters: [String: EnumType], response: [String: EnumType])
    /// The response's properties whose text is a JSON object.
    let jsonObjects: Set<String>
    /// The intent's parameters' names, in definition order.
    let parameterNames: [String]
    /// Every code a handler of the intent may answer, as it crosses the ABI
    /// (``Intent/abiResponseCodes``), with its name, its raw value in the
    /// SDK's enum and its templates: a response is looked up by number in a
    /// short list, not by name in the definition.
    let codes: [Code]
    /// The codes of ``codes`` that `confirm` goes on to `handle` from
    /// (`ready` and `success`): what a run through `confirm` carries
    /// (``ResolveRun/Response``).
    let readyCodes: [Int32]

    /// One response code a handler may answer.
    struct Code: Sendable {
        let value: Int32
        let name: String
        let rawValue: Int
        /// How a conversation that ends with it ends.
        let outcome: ConversationOutcome
        let response: Response?
    }

    /// The code a handler answered, nil when the intent has no such code.
    func code(_ value: Int32) -> Code? {
        for code in codes where code.value == value { return code }
        return nil
    }

    /// Works out the plan of `intent`, described by `definition`.
    public init(definition: IntentDefinition, intent: Intent) {
        self.definition = definition
        self.intent = intent
        reader = IntentValueReader(definition: definition, intent: intent)
        dialog = ConversationDialog(definition: definition, intent: intent)
        steps = intent.parameters.map(Step.init)
        responseShapes = intent.response.parameters.map(ValueShape.init)
        responseParameters = intent.response.parameters
        optionSets = (definition.optionSets(of: intent.parameters), definition.optionSets(of: intent.response.parameters))
        jsonObjects = Set(intent.response.parameters.filter(\.isJSONObject).map(\.name))
        parameterNames = intent.parameters.map(\.name)
        // The templates of the first code of each name, as the definition lists them.
        var responses: [String: Response] = [:]
        for code in intent.response.codes where responses[code.name] == nil {
            responses[code.name] = Response(code)
        }
        codes = intent.abiResponseCodes.map { value, name in
            Code(value: value, name: name, rawValue: intent.responseCodeRawValue(named: name) ?? Int(value),
                 outcome: ConversationOutcome(responseCode: value, of: intent), response: responses[name])
        }
        readyCodes = codes.map(\.value).filter(Self.goesOnToHandle)
    }

    /// Whether the engine goes on from `confirm`'s answer `code` to
    /// `handle`: `ready`, or `success` (which some handlers answer).
    static func goesOnToHandle(_ code: Int32) -> Bool {
        let system = SystemResponseCode(rawValue: code)
        return system == .ready || system == .success
    }
}

/// The conversation plans of one handler's intents, made on first use and
/// kept: a loaded extension holds one for the life of the process.
///
/// Safe to use from any thread (the service's sessions share an extension).
public final class ConversationPlans: Sendable {
    private let definitionFor: @Sendable (String) -> IntentDefinition?
    private let plans = Mutex<[String: ConversationPlan]>([:])

    /// Plans for the intents whose definitions `definitionFor` gives: a
    /// definition with that intent (its part alone will do), nil when
    /// there is none. Asked once per intent, at its first plan.
    public init(definitionFor: @escaping @Sendable (String) -> IntentDefinition?) {
        self.definitionFor = definitionFor
    }

    /// The plan of the intent named `name`, or nil when the definition has
    /// no such intent.
    public func plan(for name: String) -> ConversationPlan? {
        if let known = plans.withLock({ $0[name] }) { return known }
        guard let definition = definitionFor(name), let intent = definition.intent(named: name) else { return nil }
        let made = ConversationPlan(definition: definition, intent: intent)
        return plans.withLock { plans in
            if let raced = plans[name] { return raced }
            plans[name] = made
            return made
        }
    }
}
