import ArgumentParser
import Foundation
import IntentCodegenCommand

/// `intentgen`: generates code from an intent definition, like Xcode's
/// "Intent Classes". The SwiftPM build-tool plugin runs it.
@main
struct IntentGen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "intentgen",
        abstract: "Generates code from an intent definition (.intentdefinition or its JSON form).",
        discussion: """
            For --language swift (the default) it writes <Stem>.intentdefinition.swift: the intent, response, \
            response-code, handling-protocol, resolution-result, enum and custom-type classes \
            Xcode's "Intent Classes" would generate, plus <Stem>IntentDefinition, which embeds \
            the definition and exports the handlers through exthost's plugin ABI \
            (pass it to ExtensionExport.descriptor). For --language c it writes <Stem>.h for C plugins.

            Example: intentgen StudyRecord.intentdefinition --output Generated/
            """
    )

    @OptionGroup var options: GenerateOptions

    func run() throws {
        _ = try options.generate()
    }
}
