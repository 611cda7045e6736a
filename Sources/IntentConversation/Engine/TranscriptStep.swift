import IntentDefinition
import ExthostABI

/// One step of a conversation, for the transcript.
public struct TranscriptStep: Sendable {
    /// What the system was doing.
    public enum Stage: String, Sendable {
        /// `handler(for:)`: getting the handler object.
        case handlerFor
        /// `resolve<Param>`, or the system's own check of a value's bounds.
        case resolve
        /// `provide<Param>OptionsCollection`.
        case provideOptions
        /// A question to the user.
        case ask
        /// `confirm`.
        case confirm
        /// `handle`.
        case handle
        /// A parameter not resolved: its relationship to its parent does not
        /// hold, or it does not support resolution.
        case skip
    }

    /// What came of it.
    public enum Result: Equatable, Sendable {
        /// `handler(for:)` gave a handler.
        case handler
        /// A resolution result of that kind.
        case resolution(ResolutionKind)
        /// The options a handler provided.
        case options(count: Int)
        /// The handler's options came with an error.
        case optionsError
        /// The user answered.
        case answered
        /// `confirm` or `handle` answered this response code (its name).
        case response(code: String)
        /// The relationship did not hold, so the parameter was skipped.
        case relationshipNotMet
        /// The parameter does not support resolution (`supportsResolution`
        /// false): its value is what a shortcut's configuration or the
        /// request gave, never asked for.
        case notResolvable
        /// The parameter is deprecated (``Parameter/deprecated``) and has no
        /// value: it is never asked for.
        case deprecated
        /// The stage's completion was not called before its deadline.
        case timedOut

        /// The result as the transcript's JSON names it.
        public var name: String {
            switch self {
            case .handler: "handler"
            case .resolution(let kind): "\(kind)"
            case .options(let count): "\(count) options"
            case .optionsError: "error"
            case .answered: "answered"
            case .response(let code): code
            case .relationshipNotMet: "relationshipNotMet"
            case .notResolvable: "notResolvable"
            case .deprecated: "deprecated"
            case .timedOut: "timeout"
            }
        }
    }

    public var stage: Stage
    public var parameter: String?
    public var result: Result
    public var value: IntentValue?
    /// What was said or asked, when something was.
    public var message: String?
    /// Wall time of the stage in milliseconds.
    public var milliseconds: Double
    /// True when the host applied the default because the handler has no such method.
    public var defaulted: Bool

    public var jsonObject: [String: Any] { jsonObject(enumType: nil) }

    /// The step as JSON, its value as ``IntentValue/jsonObject(enumType:)``
    /// gives it for the parameter's enum.
    public func jsonObject(enumType: EnumType?) -> [String: Any] {
        var result: [String: Any] = ["stage": stage.rawValue, "result": self.result.name, "milliseconds": milliseconds]
        if let parameter { result["parameter"] = parameter }
        if let value { result["value"] = value.jsonObject(enumType: enumType) }
        if let message { result["message"] = message }
        if defaulted { result["defaulted"] = true }
        return result
    }
}
