import Foundation
import IntentDefinition

extension Relationship {
    /// Whether the relationship holds for the values resolved so far, i.e.
    /// whether its parameter is asked at all (`INIntentParameterRelationship`).
    ///
    /// - Parameters:
    ///   - values: The values so far, by parameter name.
    ///   - intent: The intent both parameters belong to.
    ///   - definition: Its definition (for the parent's enum cases).
    func holds(for values: [String: IntentValue], in intent: Intent, of definition: IntentDefinition) -> Bool {
        let parentValue = values[parent]
        switch predicate {
        case .hasAnyValue: return parentValue != nil
        case .hasNoValue: return parentValue == nil
        case .isTrue: return parentValue == .boolean(true)
        case .isFalse: return parentValue == .boolean(false)
        case .isEqualTo, .isNotEqualTo:
            let names = parentValue.map { caseNames(of: $0, in: intent, of: definition) } ?? []
            let equal = !Set(names).isDisjoint(with: self.values)
            return predicate == .isEqualTo ? equal : !equal
        case .isGreaterThan, .isGreaterThanOrEqualTo, .isLessThan, .isLessThanOrEqualTo, .isWithinRange:
            guard let number = parentValue.flatMap(Self.numeric) else { return false }
            let bounds = self.values.compactMap(Double.init)
            guard let first = bounds.first else { return false }
            switch predicate {
            case .isGreaterThan: return number > first
            case .isGreaterThanOrEqualTo: return number >= first
            case .isLessThan: return number < first
            case .isLessThanOrEqualTo: return number <= first
            default: return bounds.count >= 2 && number >= first && number <= bounds[1]
            }
        case .contains, .doesNotContain:
            let text = parentValue.map { value -> String in
                if case .object(let object) = value { return (object.identifier ?? "") + " " + object.displayString }
                return value.spoken()
            } ?? ""
            let found = self.values.contains { text.localizedCaseInsensitiveContains($0) }
            return predicate == .contains ? found : !found
        }
    }

    /// How the relationship reads in the transcript: `activity isEqualTo run,ride`.
    var summary: String {
        "\(parent) \(predicate.rawValue) \(values.joined(separator: ","))"
    }

    private static func numeric(_ value: IntentValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .decimal(let number): number
        default: nil
        }
    }

    /// The ways the parent's value may be named: its case name for an enum,
    /// its text otherwise.
    private func caseNames(of value: IntentValue, in intent: Intent, of definition: IntentDefinition) -> [String] {
        if case .enumeration(let raw) = value,
           let parameter = intent.parameter(named: parent),
           case .enumeration(let typeName) = parameter.type,
           let type = definition.enumType(named: typeName),
           let match = type.cases.first(where: { $0.value == Int(raw) }) {
            return [match.name, String(raw)]
        }
        return [value.spoken()]
    }
}
