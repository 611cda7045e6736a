import Foundation
import IntentDefinition

/// The languages code generation writes.
public enum CodegenLanguage: String, CaseIterable, Sendable {
    /// Swift, like Xcode's "Intent Classes", with the plugin-ABI bridge.
    case swift
    /// A C header for C plugins (exthost.h's generated structs and signatures).
    case c
}

/// One generated file.
public struct GeneratedFile: Equatable, Sendable {
    /// Its file name, e.g. `StudyRecord.swift`.
    public var name: String
    /// Its text.
    public var contents: String
}

/// Code generation failed.
public struct CodegenError: Error, CustomStringConvertible, Sendable {
    /// What failed and what to do.
    public var description: String
}

/// Code generation from intent definitions: model → render. The `intentgen`
/// CLI, `exthost generate` and the build-tool plugin are thin wrappers.
public enum IntentCodegen {
    /// The definition's JSON form, as embedded in generated code and read
    /// by the host (`IntentDefinitionFile.encodeJSON`: sorted keys, stable),
    /// without the property list's kept keys, which only a round trip to
    /// Xcode's form uses.
    ///
    /// - Parameter definition: The definition.
    /// - Returns: The JSON text, without a trailing newline.
    /// - Throws: An encoding error.
    public static func definitionJSON(_ definition: IntentDefinition) throws -> String {
        var embedded = definition
        embedded.keptPropertyListKeys = [:]
        var text = String(decoding: try IntentDefinitionFile.encodeJSON(embedded), as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Generates one language's file for a definition.
    ///
    /// - Parameters:
    ///   - definition: The definition.
    ///   - language: The language.
    ///   - fileName: The input's file name (names the output and the
    ///     definition type: `<Stem>.intentdefinition.swift`, `<Stem>IntentDefinition`).
    ///   - classPrefix: A class prefix overriding the definition's.
    /// - Returns: The file.
    /// - Throws: ``CodegenError`` when the language is not available.
    public static func generate(
        _ definition: IntentDefinition,
        language: CodegenLanguage,
        fileName: String,
        classPrefix: String? = nil
    ) throws -> GeneratedFile {
        let stem = IntentDefinitionFile.stem(of: fileName)
        switch language {
        case .swift:
            let text = SwiftRenderer.render(
                definition,
                definitionJSON: try definitionJSON(definition),
                options: .init(fileName: fileName, classPrefix: classPrefix)
            )
            // Not `<Stem>.swift`: a target may have a source of that name
            // beside its definition (`Widget.swift`, `Widget.intentdefinition`),
            // and one module cannot compile two files of one name.
            return GeneratedFile(name: stem + ".intentdefinition.swift", contents: text)
        case .c:
            var prefixed = definition
            if let classPrefix { prefixed.classPrefix = classPrefix }
            let text = CHeaderRenderer.render(prefixed, fileName: fileName, embeddedJSON: try definitionJSON(definition))
            return GeneratedFile(name: stem + ".h", contents: text)
        }
    }

    /// The SDK's classes of the system intents (``SystemIntents``), under
    /// Apple's names, with `SystemIntentDefinition` for the plugin ABI.
    ///
    /// - Returns: `SystemIntents.swift`, compiled into the `Intents` module.
    /// - Throws: An encoding error.
    public static func generateSystemIntents() throws -> GeneratedFile {
        let definition = SystemIntents.definition
        let text = SwiftRenderer.render(
            definition,
            definitionJSON: try definitionJSON(definition),
            options: .init(fileName: "SystemIntents", definitionTypeName: "SystemIntentDefinition", insideSDK: true)
        )
        return GeneratedFile(name: "SystemIntents.swift", contents: text)
    }

    /// Writes a generated file into a directory, only when its text changes,
    /// so a build does not recompile what did not change.
    ///
    /// - Returns: The path written (or already up to date).
    /// - Throws: A file-system error.
    @discardableResult
    public static func write(_ generated: GeneratedFile, into directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let destination = directory.appendingPathComponent(generated.name)
        if (try? String(contentsOf: destination, encoding: .utf8)) != generated.contents {
            try generated.contents.write(to: destination, atomically: true, encoding: .utf8)
        }
        return destination
    }

    /// Reads a definition file and writes its generated file into a
    /// directory: what `exthost generate` and `intentgen` do (``write(_:into:)``).
    ///
    /// - Parameters:
    ///   - input: The `.intentdefinition` or JSON-form file.
    ///   - directory: Where to write (created when missing).
    ///   - language: The language.
    ///   - classPrefix: A class prefix overriding the definition's.
    /// - Returns: The path written.
    /// - Throws: `IntentDefinitionError` for a file that does not load, or a
    ///   file-system error.
    @discardableResult
    public static func generate(
        fileAt input: URL,
        into directory: URL,
        language: CodegenLanguage,
        classPrefix: String? = nil
    ) throws -> URL {
        // Xcode's `<lang>.lproj/<Name>.strings` beside it travel embedded with it.
        let definition = try IntentDefinitionFile.loadWithTranslations(contentsOf: input)
        return try write(try generate(definition, language: language, fileName: input.lastPathComponent, classPrefix: classPrefix), into: directory)
    }
}
