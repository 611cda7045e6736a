import Foundation

/// How metadata and predicate values, kept as text in the model, are written
/// back with the property-list type Xcode uses for them.
enum MetadataValue {
    /// A number in its shortest text form: `1440`, `2.5`.
    static func format(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// Metadata keys (without `INIntentParameterMetadata`) whose value is a boolean.
    static let booleanKeys: Set<String> = [
        "SupportsNegativeNumbers", "Multiline", "DisableSmartQuotes", "DisableSmartDashes", "DisableAutocorrect",
    ]

    /// Metadata keys (without `INIntentParameterMetadata`) whose value is an array of strings.
    static let arrayKeys: Set<String> = ["CurrencyCodes", "CustomUTIs"]

    /// The property-list value for `text` as a value of a parameter of `type`:
    /// an integer for Integer, a real for Decimal and Duration, a boolean for
    /// Boolean, a string otherwise (enum case names, text).
    static func typed(_ text: String, for type: ParameterType?) -> Any {
        switch type {
        case .integer?:
            if let int = Int(text) { return int }
        case .decimal?, .duration?:
            if let double = Double(text) { return double }
        case .boolean?:
            if text == "true" { return true }
            if text == "false" { return false }
        default:
            break
        }
        return text
    }

    /// The property-list value of an `other` metadata entry.
    static func other(_ text: String, key: String) -> Any {
        if booleanKeys.contains(key), text == "true" || text == "false" { return text == "true" }
        if arrayKeys.contains(key) { return text.isEmpty ? [String]() : text.split(separator: ",").map(String.init) }
        return text
    }
}
