import ArgumentParser
import Foundation
import IntentCodegen
import IntentDefinition

/// `intentgen`: generates code from an intent definition, like Xcode's
/// "Intent Classes". The SwiftPM build-tool plugin runs it.
@main
struct IntentGen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "intentgen",
        abstract: "Generates code from an intent definition (.intentdefinition or its JSON form).",
        discussion: """
            For --language swift (the default) it writes <Stem>.swift: the intent, response, \
            response-code, handling-protocol, resolution-result, enum and custom-type classes \
            Xcode's "Intent Classes" would generate, plus <Stem>IntentDefinition, which embeds \
            the definition and exports the handlers through exthost's plugin ABI \
            (pass it to ExtensionExport.descriptor). For --language c it writes <Stem>.h for C plugins.

            Example: intentgen StudyRecord.intentdefinition --output Generated/
            """
    )

    @Argument(help: "The intent definition: an Xcode .intentdefinition file, or exthost's JSON form (.json).")
    var file: String

    @Option(name: .shortAndLong, help: "The directory to write into (created when missing).")
    var output: String

    @Option(help: "The language to generate: swift or c.")
    var language: String = "swift"

    @Option(help: "A class prefix for every generated type, overriding the definition's own.")
    var classPrefix: String?

    mutating func run() throws {
        guard let language = CodegenLanguage(rawValue: language) else {
            throw ValidationError("unknown language '\(language)'; use swift or c")
        }
        try IntentCodegen.generate(
            fileAt: URL(fileURLWithPath: file), into: URL(fileURLWithPath: output, isDirectory: true),
            language: language, classPrefix: classPrefix)
    }
}
