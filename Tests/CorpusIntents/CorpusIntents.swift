/// The public corpus definitions (`../shared/corpus/intentdefinition`),
/// copied here and compiled through the IntentCodegenPlugin, so tests can
/// run the generated Swift for real: `SoupchefIntentDefinition`,
/// `NetnewswireIntentDefinition` and their intent classes. The copies must
/// stay identical to the corpus; a test checks it.
///
/// `AllTypes.intentdefinition.json` (exthost's JSON form) adds a definition
/// with every parameter type, so each one's generated code compiles and runs.
public enum CorpusIntents {
    /// The definition files compiled into this module.
    public static let files = ["netnewswire.intentdefinition", "soupchef.intentdefinition"]
}
