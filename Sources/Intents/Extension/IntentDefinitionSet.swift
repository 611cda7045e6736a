import ExthostABI

/// The definitions an extension exports: one per intent definition of its
/// target (an Xcode target may have several: `Intents.intentdefinition`
/// beside a widget's), their intents, and the one definition the host
/// reads (the descriptor's `definition` and `definition_tables`).
///
/// Names are unique across the definitions because their generated classes
/// share the extension's module: an intent, enum or type defined twice does
/// not compile, as in an Xcode target. The host does not check it again.
struct IntentDefinitionSet {
    let definitions: [any GeneratedIntentDefinition.Type]

    /// Every intent, in the definitions' order.
    var intentNames: [String] { definitions.flatMap { $0.intentNames } }

    /// The definition that defines `intent`, if one does.
    func owner(ofIntent intent: String) -> (any GeneratedIntentDefinition.Type)? {
        definitions.first { $0.intentNames.contains(intent) }
    }

    /// The definitions in the JSON form the descriptor's `definition`
    /// carries: one definition's as it is; several as a JSON array of
    /// theirs, which the host merges (intents, enums and types one after
    /// the other, each language's translations together, the first
    /// definition's `modelVersion` and `classPrefix`). Joined as text, not
    /// parsed: building the descriptor reads no JSON.
    var json: String {
        guard definitions.count > 1 else { return definitions.first?.definitionJSON ?? #"{"intents": []}"# }
        return "[\n" + definitions.map { $0.definitionJSON }.joined(separator: ",\n") + "\n]"
    }

    /// The definitions' tables for the descriptor's `definition_tables`:
    /// one definition's literal where it lies; several definitions' joined
    /// into one set (`DefinitionTablesFraming`, copied once, never freed);
    /// nil when a definition has none (code generated before tables) or
    /// there is no definition (system intents only).
    var tables: UnsafeRawBufferPointer? {
        // One definition (the common case) without the arrays below: their
        // metadata would be made at the host's first entry call.
        if definitions.count == 1 {
            return definitions[0].definitionTables.map { UnsafeRawBufferPointer(start: $0.utf8Start, count: $0.utf8CodeUnitCount) }
        }
        let literals = definitions.map { $0.definitionTables }
        guard !literals.isEmpty, literals.allSatisfy({ $0 != nil }) else { return nil }
        let members = literals.map { UnsafeRawBufferPointer(start: $0!.utf8Start, count: $0!.utf8CodeUnitCount) }
        guard members.count > 1 else { return members[0] }
        let joined = DefinitionTablesFraming.joining(members)
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: joined.count, alignment: 1)
        copy.copyBytes(from: joined)
        return UnsafeRawBufferPointer(copy)
    }
}
