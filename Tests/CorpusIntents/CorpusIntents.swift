/// Intent definitions compiled through the code generator so that tests run
/// the generated Swift for real.
///
/// - Every `*.intentdefinition` in `../shared/corpus/intentdefinition`
///   (real files from public iOS apps, read in place and never copied),
///   through CorpusCodegenPlugin: ``compiled`` lists them. Where the folder is
///   absent the list is empty and the tests that need it are skipped.
/// - `AllTypes.intentdefinition.json` (exthost's JSON form, the project's
///   own), through IntentCodegenPlugin: a definition with every parameter
///   type, so each one's generated code compiles and runs.
public enum CorpusIntents {
    /// The corpus definitions compiled into this module, in file-name order.
    public static var definitions: [CorpusDefinition] { compiled }

    /// The folder they were read from when the module was built.
    public static var folder: String { compiledFolder }
}
