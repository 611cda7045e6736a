/// `INIntentParameterRelationship`: the parameter is asked only when the
/// predicate holds on its parent.
public struct Relationship: Codable, Equatable, Sendable {
    /// `INIntentParameterRelationshipPredicateName`.
    public enum Predicate: String, Codable, Sendable, CaseIterable {
        /// Xcode's `HasAnyValue`: the parent has a value.
        case hasAnyValue = "HasAnyValue"
        /// The parent has no value (exthost only; Xcode has no such predicate).
        case hasNoValue = "HasNoValue"
        /// Xcode's `<Type>HasExactValue`: the parent equals one of `values`.
        case isEqualTo = "IsEqualTo"
        /// Xcode's `<Type>ValueIsNotEqual`: the parent equals none of `values`.
        case isNotEqualTo = "IsNotEqualTo"
        /// Xcode's `BooleanHasExactValue` with true.
        case isTrue = "IsTrue"
        /// Xcode's `BooleanHasExactValue` with false.
        case isFalse = "IsFalse"
        /// Xcode's `…ValueIsGreaterThan` (numbers).
        case isGreaterThan = "IsGreaterThan"
        /// Xcode's `…ValueIsGreaterThanOrEqual` (numbers).
        case isGreaterThanOrEqualTo = "IsGreaterThanOrEqualTo"
        /// Xcode's `…ValueIsLessThan` (numbers).
        case isLessThan = "IsLessThan"
        /// Xcode's `…ValueIsLessThanOrEqual` (numbers).
        case isLessThanOrEqualTo = "IsLessThanOrEqualTo"
        /// Xcode's `…ValueIsWithinRange`: `values` holds the lower and upper bound.
        case isWithinRange = "IsWithinRange"
        /// Xcode's `…ValueContains` (text, object identifiers).
        case contains = "Contains"
        /// Xcode's `…ValueDoesNotContain` (text, object identifiers).
        case doesNotContain = "DoesNotContain"
    }

    /// `INIntentParameterRelationshipParentName`.
    public var parent: String
    /// The condition on the parent.
    public var predicate: Predicate
    /// `INIntentParameterRelationshipPredicateValue(s)`, as text (enum case
    /// names for an enum parent).
    public var values: [String]

    /// Creates a relationship on `parent`.
    public init(parent: String, predicate: Predicate, values: [String] = []) {
        self.parent = parent
        self.predicate = predicate
        self.values = values
    }
}
