import ArgumentParser
import Foundation
import IntentCodegen
import IntentDefinition

/// `exthost generate FILE --output DIR [--language swift|c]`: the code an
/// extension is written against, from its intent definition.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generates Swift intent classes or a C header from an intent definition.",
        discussion: """
            Reads FILE (Xcode's .intentdefinition property list, or exthost's JSON form; the \
            format is recognised from the content) and writes into DIR:

              --language swift  <Stem>.swift: what Xcode's "Intent Classes" generates \
            (<Name>Intent, <Name>IntentResponse, <Name>IntentResponseCode, \
            <Name>IntentHandling, <Name><Param>ResolutionResult, enums, custom types) plus \
            <Stem>IntentDefinition, which embeds the definition and exports the handlers \
            through the plugin ABI; pass it to ExtensionExport.descriptor.
              --language c      <Stem>.h: the intent and response structs, codes, reasons and \
            method signatures a C plugin implements (see exthost.h).

            In a SwiftPM package, prefer the IntentCodegenPlugin build-tool plugin: it runs the \
            same generator on every .intentdefinition of a target at build time.

            Example: exthost generate StudyRecord.intentdefinition --output Sources/Generated
            """
    )

    @Argument(help: "The intent definition (.intentdefinition or exthost's JSON form).")
    var file: String

    @Option(name: .shortAndLong, help: "The directory to write into (created when missing).")
    var output: String

    @Option(help: "The language to generate: swift or c.")
    var language: String = "swift"

    @Option(help: "A class prefix for every generated type, overriding the definition's own.")
    var classPrefix: String?

    func run() throws {
        guard let language = CodegenLanguage(rawValue: language) else {
            throw ValidationError("unknown language '\(language)'; use swift or c")
        }
        let destination = try IntentCodegen.generate(
            fileAt: URL(fileURLWithPath: file), into: URL(fileURLWithPath: output, isDirectory: true),
            language: language, classPrefix: classPrefix)
        print("wrote \(destination.path)")
    }
}
