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
    /// by the host (`IntentDefinitionFile.encodeJSON`: sorted keys, stable).
    ///
    /// - Parameter definition: The definition.
    /// - Returns: The JSON text, without a trailing newline.
    /// - Throws: An encoding error.
    public static func definitionJSON(_ definition: IntentDefinition) throws -> String {
        var text = String(decoding: try IntentDefinitionFile.encodeJSON(definition), as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// The stem of a definition file: `StudyRecord.intentdefinition` →
    /// `StudyRecord` (also for `.intentdefinition.json` and `.json`).
    ///
    /// - Parameter fileName: The file's name.
    /// - Returns: The stem.
    public static func stem(of fileName: String) -> String {
        var stem = fileName
        for suffix in [".json", ".intentdefinition"] where stem.hasSuffix(suffix) {
            stem = String(stem.dropLast(suffix.count))
        }
        return stem
    }

    /// Generates one language's file for a definition.
    ///
    /// - Parameters:
    ///   - definition: The definition.
    ///   - language: The language.
    ///   - fileName: The input's file name (names the output and the
    ///     definition type: `<Stem>.swift`, `<Stem>IntentDefinition`).
    ///   - classPrefix: A class prefix overriding the definition's.
    /// - Returns: The file.
    /// - Throws: ``CodegenError`` when the language is not available.
    public static func generate(
        _ definition: IntentDefinition,
        language: CodegenLanguage,
        fileName: String,
        classPrefix: String? = nil
    ) throws -> GeneratedFile {
        let stem = stem(of: fileName)
        switch language {
        case .swift:
            let text = SwiftRenderer.render(
                definition,
                definitionJSON: try definitionJSON(definition),
                options: .init(fileName: fileName, classPrefix: classPrefix)
            )
            return GeneratedFile(name: stem + ".swift", contents: text)
        case .c:
            var prefixed = definition
            if let classPrefix { prefixed.classPrefix = classPrefix }
            let text = CHeaderRenderer.render(prefixed, fileName: fileName, embeddedJSON: try definitionJSON(definition))
            return GeneratedFile(name: stem + ".h", contents: text)
        }
    }
}
