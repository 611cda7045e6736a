import ArgumentParser
import Foundation
import IntentCodegen

/// The arguments of `intentgen` and `exthost generate`, and what they do:
/// one definition in, one generated file out.
public struct GenerateOptions: ParsableArguments {
    @Argument(help: "The intent definition: an Xcode .intentdefinition file, or exthost's JSON form (the format is recognised from the content).")
    public var file: String?

    @Flag(help: "Generate the SDK's classes of the system intents (INSendMessageIntent, …) instead of a definition's.")
    public var systemIntents = false

    @Flag(help: "Generate SystemIntents+Tables.swift instead: the system intents as definition tables, compiled into exthost (write it into Sources/IntentDefinition/SystemIntents).")
    public var systemIntentsTables = false

    @Option(name: .shortAndLong, help: "The directory to write into (created when missing).")
    public var output: String

    @Option(help: "The language to generate: swift or c.")
    public var language: String = "swift"

    @Option(help: "A class prefix for every generated type, overriding the definition's own.")
    public var classPrefix: String?

    public init() {}

    /// Generates the code, writing the file only when its content changed.
    ///
    /// - Returns: The file written (or already up to date).
    /// - Throws: `ValidationError` for an unknown language; the reader's or
    ///   the generator's error, naming the file, for a definition that
    ///   cannot be used.
    public func generate() throws -> URL {
        guard let language = CodegenLanguage(rawValue: language) else {
            throw ValidationError("unknown language '\(language)'; use swift or c")
        }
        if systemIntentsTables {
            guard file == nil, !systemIntents, language == .swift else {
                throw ValidationError("--system-intents-tables takes no definition file, nor --system-intents, and generates Swift only")
            }
            return try IntentCodegen.write(IntentCodegen.generateSystemIntentTables(), into: URL(fileURLWithPath: output, isDirectory: true))
        }
        if systemIntents {
            guard file == nil, language == .swift else {
                throw ValidationError("--system-intents takes no definition file and generates Swift only")
            }
            return try IntentCodegen.write(try IntentCodegen.generateSystemIntents(), into: URL(fileURLWithPath: output, isDirectory: true))
        }
        guard let file else { throw ValidationError("name the intent definition to generate from, or pass --system-intents") }
        return try IntentCodegen.generate(
            fileAt: URL(fileURLWithPath: file), into: URL(fileURLWithPath: output, isDirectory: true),
            language: language, classPrefix: classPrefix)
    }
}
