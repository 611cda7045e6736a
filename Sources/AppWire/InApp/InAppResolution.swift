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

    public init(kind: Kind, value: WireValue? = nil, options: [WireValue] = [], reason: String? = nil) {
        self.kind = kind
        self.value = value
        self.options = options
        self.reason = reason
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
}
