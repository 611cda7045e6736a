import Foundation
import IntentDefinition

/// The title of an intent's shortcut, made from its definition as the
/// Shortcuts app makes it: the summary (`INIntentParameterCombinationTitle`)
/// of the parameter combination that fits the values, filled in with the
/// values said as the conversation says them (an enum case by its display
/// name, an object by its display string); else the intent's title.
public enum ShortcutTitle {
    /// The title of a shortcut of `intent` with `values`.
    ///
    /// The combination whose parameters are exactly the ones with a value
    /// wins; otherwise the one with the most placeholders that all have a
    /// value (so a title never shows an empty hole), the primary one first
    /// on a tie.
    ///
    /// - Parameters:
    ///   - intent: The intent, from `definition`.
    ///   - values: Its parameter values.
    ///   - definition: The definition (for enum display names).
    /// - Returns: The title, or nil when the definition has none for it.
    public static func of(_ intent: Intent, values: [String: IntentValue], in definition: IntentDefinition) -> String? {
        let given = Set(values.keys)
        let titled = intent.parameterCombinations.filter { !($0.title ?? "").isEmpty }
        let fitting = titled.first { Set($0.parameters) == given }
            ?? titled.filter { Set(FormatString.placeholders(in: $0.title)).isSubset(of: given) }
                .max { a, b in
                    let x = Set(FormatString.placeholders(in: a.title)).count, y = Set(FormatString.placeholders(in: b.title)).count
                    return x != y ? x < y : (!a.isPrimary && b.isPrimary)
                }
        guard let template = fitting?.title else {
            return intent.title.flatMap { $0.isEmpty ? nil : $0 }
        }
        let title = ConversationDialog(definition: definition, intent: intent).fill(template, values: values)
        return title.trimmingCharacters(in: .whitespaces)
    }
}
