extension IntentDefinition {
    /// Several definitions as the one an extension with several intent
    /// definitions (`Intents.intentdefinition` beside a widget's) exports:
    /// intents, enums and types one after the other in the definitions'
    /// order; each language's translations together, the first definition
    /// that has a text for a key giving it; the model version, namespace,
    /// class prefix and kept property-list keys of the first definition
    /// that has them.
    ///
    /// Each definition refers only to its own enums and types (each file is
    /// checked alone when its code is generated), so merging adds no
    /// reference and breaks none.
    ///
    /// - Parameter definitions: The definitions, in the extension's order.
    /// - Returns: One definition; empty when there are none.
    public static func merging(_ definitions: [IntentDefinition]) -> IntentDefinition {
        guard definitions.count > 1 else { return definitions.first ?? IntentDefinition() }
        var merged = IntentDefinition()
        for definition in definitions {
            merged.modelVersion = merged.modelVersion ?? definition.modelVersion
            merged.namespace = merged.namespace ?? definition.namespace
            merged.classPrefix = merged.classPrefix ?? definition.classPrefix
            merged.intents += definition.intents
            merged.enums += definition.enums
            merged.types += definition.types
            if let localizations = definition.localizations {
                var tables = merged.localizations ?? [:]
                for (language, table) in localizations {
                    tables[language, default: [:]].merge(table) { first, _ in first }
                }
                merged.localizations = tables
            }
            if merged.keptPropertyListKeys.isEmpty { merged.keptPropertyListKeys = definition.keptPropertyListKeys }
        }
        return merged
    }
}
