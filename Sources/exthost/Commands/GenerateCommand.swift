import ArgumentParser
import Foundation
import IntentCodegenCommand

/// `exthost generate FILE --output DIR [--language swift|c]`: the code an
/// extension is written against, from its intent definition (or, with
/// `--system-intents`, the SDK's system-intent classes).
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generates Swift intent classes or a C header from an intent definition.",
        discussion: """
            Reads FILE (Xcode's .intentdefinition property list, or exthost's JSON form; the \
            format is recognised from the content) and writes into DIR:

              --language swift  <Stem>.intentdefinition.swift: what Xcode's "Intent Classes" generates \
            (<Name>Intent, <Name>IntentResponse, <Name>IntentResponseCode, \
            <Name>IntentHandling, <Name><Param>ResolutionResult, enums, custom types) plus \
            <Stem>IntentDefinition, which embeds the definition and exports the handlers \
            through the plugin ABI; pass it to ExtensionExport.descriptor.
              --language c      <Stem>.h: the intent and response structs, codes, reasons and \
            method signatures a C plugin implements (see exthost.h).

            In a SwiftPM package, prefer the IntentCodegenPlugin build-tool plugin: it runs the \
            same generator on every .intentdefinition of a target at build time.

            With --system-intents (and no FILE) it writes SystemIntents.swift: the classes of the \
            system intents exthost defines (INSendMessageIntent, …), as the SDK compiles them, to \
            read what `import Intents` gives a handler of Apple's intents.

            Example: exthost generate StudyRecord.intentdefinition --output Sources/Generated
            """
    )

    @OptionGroup var options: GenerateOptions

    func run() throws {
        let destination = try options.generate()
        Console.line("wrote \(destination.path)")
    }
}
