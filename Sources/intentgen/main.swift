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
        let input = URL(fileURLWithPath: file)
        let definition = try IntentDefinitionFile.load(contentsOf: input)
        let generated = try IntentCodegen.generate(definition, language: language, fileName: input.lastPathComponent, classPrefix: classPrefix)
        let directory = URL(fileURLWithPath: output, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let destination = directory.appendingPathComponent(generated.name)
        // Rewrite only on change, so the build does not recompile what did not change.
        if (try? String(contentsOf: destination, encoding: .utf8)) != generated.contents {
            try generated.contents.write(to: destination, atomically: true, encoding: .utf8)
        }
    }
}
