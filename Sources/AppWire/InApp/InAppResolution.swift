/// How a parameter resolved: the in-app counterpart of `INIntentResolutionResult`.
public struct InAppResolution: Codable, Hashable, Sendable {
    /// The kind of result.
    public enum Kind: String, Codable, Sendable {
        case success, disambiguation, confirmationRequired, needsValue, notRequired, unsupported
    }

    public var kind: Kind
    /// The resolved value (`success`) or the value to confirm (`confirmationRequired`).
    public var value: WireValue?
    /// The choices offered (`disambiguation`).
    public var options: [WireValue]
    /// The unsupported reason's name, as declared in the definition (`unsupported`).
    public var reason: String?
    /// The unsupported reason as its number: the 1-based index among the
    /// parameter's reasons in the definition (what a generated
    /// `unsupported(forReason:)` gives). The system takes it when there is
    /// no ``reason``.
    public var reasonNumber: Int?

    public init(kind: Kind, value: WireValue? = nil, options: [WireValue] = [], reason: String? = nil, reasonNumber: Int? = nil) {
        self.kind = kind
        self.value = value
        self.options = options
        self.reason = reason
        self.reasonNumber = reasonNumber
    }

    public static func success(with value: WireValue) -> InAppResolution { .init(kind: .success, value: value) }
    public static func disambiguation(with options: [WireValue]) -> InAppResolution {
        .init(kind: .disambiguation, options: options)
    }
    public static func confirmationRequired(with value: WireValue) -> InAppResolution {
        .init(kind: .confirmationRequired, value: value)
    }
    public static func needsValue() -> InAppResolution { .init(kind: .needsValue) }
    public static func notRequired() -> InAppResolution { .init(kind: .notRequired) }
    public static func unsupported(forReason reason: String? = nil) -> InAppResolution {
        .init(kind: .unsupported, reason: reason)
    }

    /// What a handler without a resolve method for `parameter` answers:
    /// success with the value the request has, else notRequired.
    public static func current(_ parameter: String, of request: InAppIntentRequest) -> InAppResolution {
        if let value = request.parameters[parameter], value != .null { return .success(with: value) }
        return .notRequired()
    }
}
