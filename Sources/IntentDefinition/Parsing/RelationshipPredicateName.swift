/// Xcode's relationship predicate names and how they map to `Relationship.Predicate`.
///
/// Xcode writes a type prefix and a relation suffix, e.g. `HasAnyValue`,
/// `EnumHasExactValue`, `BooleanHasExactValue`, `IntegerValueIsGreaterThan`,
/// `ObjectIdentifierValueContains`; the Intents framework matches on the
/// suffix. The model keeps the relation; the prefix is derived from the
/// parent's type when writing.
enum RelationshipPredicateName {
    private static let suffixes: [(suffix: String, predicate: Relationship.Predicate)] = [
        ("HasAnyValue", .hasAnyValue),
        ("HasNoValue", .hasNoValue),
        ("HasExactValue", .isEqualTo),
        ("ValueIsNotEqual", .isNotEqualTo),
        ("ValueIsGreaterThanOrEqual", .isGreaterThanOrEqualTo),
        ("ValueIsGreaterThan", .isGreaterThan),
        ("ValueIsLessThanOrEqual", .isLessThanOrEqualTo),
        ("ValueIsLessThan", .isLessThan),
        ("ValueIsWithinRange", .isWithinRange),
        ("ValueContains", .contains),
        ("ValueDoesNotContain", .doesNotContain),
    ]

    /// The predicate and values for an Xcode predicate name (or exthost's own
    /// spelling, e.g. `IsTrue`).
    ///
    /// - Returns: nil when the name is not a predicate.
    static func predicate(named name: String, values: [String]) -> (Relationship.Predicate, [String])? {
        if let own = Relationship.Predicate(rawValue: name) { return (own, values) }
        if name == "BooleanHasExactValue" {
            return (values.first == "true" ? .isTrue : .isFalse, [])
        }
        guard let match = suffixes.first(where: { name.hasSuffix($0.suffix) }) else { return nil }
        return (match.predicate, values)
    }

    /// The type prefix Xcode uses for a parent of `type`.
    private static func prefix(for type: ParameterType?) -> String {
        switch type {
        case .enumeration?: "Enum"
        case .boolean?: "Boolean"
        case .custom?, .object?: "ObjectIdentifier"
        case .url?: "String"
        case let type?: XcodeTypeName.name(of: type)
        case nil: ""
        }
    }

    /// The Xcode predicate name and its value(s) for a relationship whose parent has `parentType`.
    ///
    /// - Returns: the name, and the value for `…PredicateValue` or the array for `…PredicateValues` (nil when none).
    static func name(for relationship: Relationship, parentType: ParameterType?) -> (name: String, value: Any?, isArray: Bool) {
        let prefix = prefix(for: parentType)
        let values = relationship.values.map { MetadataValue.typed($0, for: parentType) }
        let name: String
        switch relationship.predicate {
        case .hasAnyValue: name = "HasAnyValue"
        case .hasNoValue: name = "HasNoValue"
        case .isTrue: return ("BooleanHasExactValue", true, false)
        case .isFalse: return ("BooleanHasExactValue", false, false)
        case .isEqualTo: name = prefix + "HasExactValue"
        case .isNotEqualTo: name = prefix + "ValueIsNotEqual"
        case .isGreaterThan: name = prefix + "ValueIsGreaterThan"
        case .isGreaterThanOrEqualTo: name = prefix + "ValueIsGreaterThanOrEqual"
        case .isLessThan: name = prefix + "ValueIsLessThan"
        case .isLessThanOrEqualTo: name = prefix + "ValueIsLessThanOrEqual"
        case .isWithinRange: name = prefix + "ValueIsWithinRange"
        case .contains: name = prefix + "ValueContains"
        case .doesNotContain: name = prefix + "ValueDoesNotContain"
        }
        switch values.count {
        case 0: return (name, nil, false)
        case 1: return (name, values[0], false)
        default: return (name, values, true)
        }
    }
}
