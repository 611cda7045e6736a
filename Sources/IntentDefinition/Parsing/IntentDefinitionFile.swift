import Foundation

/// Loads and writes intent definitions in both forms: Xcode's
/// `.intentdefinition` property list and exthost's JSON form.
///
/// Every failure is an `IntentDefinitionError` naming the file and the element.
public enum IntentDefinitionFile {
    /// Loads a `.intentdefinition` (property list) or `.json` (exthost's JSON form), sniffing content, not just extension.
    ///
    /// - Parameter url: The file to read.
    /// - Returns: The definition.
    /// - Throws: `IntentDefinitionError` when the file cannot be read or is not a valid definition.
    public static func load(contentsOf url: URL) throws -> IntentDefinition {
        let file = url.lastPathComponent
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw IntentDefinitionError(
                .unreadableFile, file: file,
                message: "cannot read \(url.path): \(error.localizedDescription). Check the path and permissions."
            )
        }
        if FormatSniffer.looksLikeJSON(data) { return try parseJSON(data, file: file) }
        if FormatSniffer.looksLikePropertyList(data) { return try parsePropertyList(data, file: file) }
        if url.pathExtension.lowercased() == "json" { return try parseJSON(data, file: file) }
        return try parsePropertyList(data, file: file)
    }

    /// Parses Xcode's `.intentdefinition` property list.
    ///
    /// - Parameters:
    ///   - data: The file's bytes (XML or binary property list).
    ///   - file: The name used in error messages.
    /// - Returns: The definition, parameters ordered by display priority.
    /// - Throws: `IntentDefinitionError` naming the file and element at fault.
    public static func parsePropertyList(_ data: Data, file: String) throws -> IntentDefinition {
        try PropertyListReader.read(data, file: file)
    }

    /// Parses exthost's JSON form.
    ///
    /// - Parameters:
    ///   - data: The JSON bytes.
    ///   - file: The name used in error messages.
    /// - Returns: The definition, with defaults filled in for omitted keys.
    /// - Throws: `IntentDefinitionError` naming the file, the element and the key at fault.
    public static func parseJSON(_ data: Data, file: String) throws -> IntentDefinition {
        try JSONFormReader.read(data, file: file)
    }

    /// Parses the definition a plugin embeds (exthost.h, `definition`): the
    /// JSON form of one definition, or an array of the JSON forms of
    /// several (an extension whose target has several), merged as
    /// ``IntentDefinition/merging(_:)`` merges them.
    ///
    /// - Parameters:
    ///   - data: The JSON bytes.
    ///   - file: The name used in error messages.
    /// - Returns: The definition.
    /// - Throws: `IntentDefinitionError` naming the file (with the
    ///   definition's index in an array), the element and the key at fault.
    public static func parseEmbeddedJSON(_ data: Data, file: String) throws -> IntentDefinition {
        try JSONFormReader.readEmbedded(data, file: file)
    }

    /// Encodes a definition in the JSON form: pretty-printed, sorted keys, stable.
    ///
    /// - Parameter definition: The definition to encode.
    /// - Returns: UTF-8 JSON ending in a newline.
    /// - Throws: `IntentDefinitionError` when encoding fails.
    public static func encodeJSON(_ definition: IntentDefinition) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(definition) + Data("\n".utf8)
        } catch {
            throw IntentDefinitionError(.cannotEncode, file: "", message: "cannot encode JSON: \(error)")
        }
    }

    /// Encodes a definition as Xcode's `.intentdefinition` XML property list.
    ///
    /// - Parameter definition: The definition to encode.
    /// - Returns: The XML property list.
    /// - Throws: `IntentDefinitionError` when serialization fails.
    public static func encodePropertyList(_ definition: IntentDefinition) throws -> Data {
        try PropertyListWriter.write(definition)
    }
}
