import ExthostABI

/// The result of resolving one parameter: the base of the resolution-result
/// family (`INStringResolutionResult`, `INIntegerResolutionResult`, …, and
/// the generated `<Name><Param>ResolutionResult` classes).
///
/// Make results with the class methods (`.success(with:)`, `.needsValue()`,
/// …); each returns an instance of the class it is called on.
///
/// For a parameter that supports multiple values, `resolve<Param>` answers
/// an array of results (one per value) as on iOS; exthost reports it to the
/// host as one result: when every item succeeded (or the array is empty and
/// nothing is needed), success with the list of values; otherwise the first
/// item that did not succeed decides (its kind, its value as a one-item list
/// for confirmation, its alternatives for disambiguation, its reason for
/// unsupported).
open class INIntentResolutionResult: @unchecked Sendable {
    /// How the parameter was resolved.
    public internal(set) var outcome: ResolutionKind = .notRequired
    /// For `unsupported`, the 1-based index of the reason among the
    /// parameter's unsupported reasons in the definition; 0 = no reason.
    public internal(set) var unsupportedReason: Int = 0
    /// For `confirmationRequired`, the 1-based index of the reason among the
    /// parameter's confirmation reasons in the definition; 0 = no reason.
    public internal(set) var confirmationReason: Int = 0

    /// Creates a result; use the class methods instead.
    public required init() {}

    /// The parameter needs a value: the user is asked, with the definition's
    /// prompt.
    ///
    /// - Returns: A result of the receiving class.
    public class func needsValue() -> Self {
        make(.needsValue)
    }

    /// The parameter needs no value: resolution moves on.
    ///
    /// - Returns: A result of the receiving class.
    public class func notRequired() -> Self {
        make(.notRequired)
    }

    /// The value is not supported, without a reason.
    ///
    /// - Returns: A result of the receiving class.
    public class func unsupported() -> Self {
        make(.unsupported)
    }

    /// The value is not supported, for a reason of the definition.
    /// Generated results wrap it as `unsupported(forReason:)`.
    ///
    /// - Parameter reason: The reason's raw value: its 1-based index among
    ///   the parameter's unsupported reasons.
    /// - Returns: A result of the receiving class.
    public class func unsupported(withReason reason: Int) -> Self {
        let result = make(.unsupported)
        result.unsupportedReason = reason
        return result
    }

    /// Gives a confirmation its reason. Generated results wrap it as
    /// `confirmationRequired(with:forReason:)`.
    ///
    /// - Parameter reason: The reason's raw value: its 1-based index among
    ///   the parameter's confirmation reasons.
    /// - Returns: This result.
    public func _exthostConfirming(forReason reason: Int) -> Self {
        confirmationReason = reason
        return self
    }

    /// Copies another result's outcome, reason and values into this one
    /// (what the generated `init(<kind>ResolutionResult:)` initialisers do).
    ///
    /// - Parameter other: The result to copy.
    open func adopt(_ other: INIntentResolutionResult) {
        outcome = other.outcome
        unsupportedReason = other.unsupportedReason
        confirmationReason = other.confirmationReason
    }

    /// The resolved value, whatever its type (for an app answering in-app).
    open var _exthostResolvedValue: Any? { nil }
    /// The values to choose from, whatever their type.
    open var _exthostAlternatives: [Any] { [] }

    static func make(_ outcome: ResolutionKind) -> Self {
        let result = Self()
        result.outcome = outcome
        return result
    }
}

/// A resolution result that carries values of one type: the common base of
/// the value-specific results. You use its subclasses.
open class TypedResolutionResult<Value>: INIntentResolutionResult, @unchecked Sendable {
    /// The value, for `success` and `confirmationRequired`.
    public internal(set) var resolvedValue: Value?
    /// The values to choose from, for `disambiguation`.
    public internal(set) var alternatives: [Value] = []

    /// Creates a result; use the class methods instead.
    public required init() {}

    /// The parameter is resolved to a value (which may differ from the one
    /// the user gave).
    ///
    /// - Parameter resolvedValue: The value.
    /// - Returns: A result of the receiving class.
    public class func success(with resolvedValue: Value) -> Self {
        let result = make(.success)
        result.resolvedValue = resolvedValue
        return result
    }

    /// The user picks one of several values.
    ///
    /// - Parameter valuesToDisambiguate: The values offered.
    /// - Returns: A result of the receiving class.
    public class func disambiguation(with valuesToDisambiguate: [Value]) -> Self {
        let result = make(.disambiguation)
        result.alternatives = valuesToDisambiguate
        return result
    }

    /// The user confirms a value.
    ///
    /// - Parameter valueToConfirm: The value, or `nil` to confirm that no
    ///   value is wanted.
    /// - Returns: A result of the receiving class.
    public class func confirmationRequired(with valueToConfirm: Value?) -> Self {
        let result = make(.confirmationRequired)
        result.resolvedValue = valueToConfirm
        return result
    }

    open override var _exthostResolvedValue: Any? { resolvedValue.map { $0 as Any } }
    open override var _exthostAlternatives: [Any] { alternatives.map { $0 as Any } }

    /// Copies another result's outcome, reason and values into this one.
    ///
    /// - Parameter other: The result to copy.
    open override func adopt(_ other: INIntentResolutionResult) {
        super.adopt(other)
        if let other = other as? TypedResolutionResult<Value> {
            resolvedValue = other.resolvedValue
            alternatives = other.alternatives
        }
    }
}
