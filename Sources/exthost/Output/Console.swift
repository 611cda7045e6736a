import Foundation

/// Where every exthost command writes what a person or a script reads.
///
/// Standard output carries the result: lines for people, or one JSON object
/// with `--json`. Standard error carries what went wrong, one line each, in
/// the shape compilers and `exthost lint` use: `error: message`,
/// `warning: message`, or `LOCATION: error: message` when the message is
/// about a place in a file. The argument parser's own messages (usage
/// errors, errors a command did not catch) carry the same `error: ` prefix
/// (``Exthost/_errorPrefix``). How the process ends is ``ExitStatus``.
enum Console {
    /// What starts an error line on standard error.
    static let errorLabel = "error"
    /// What starts a warning line on standard error.
    static let warningLabel = "warning"

    /// Writes an error line to standard error.
    ///
    /// - Parameters:
    ///   - message: What failed and what to do.
    ///   - location: The file (or file and place) the error is about, written first.
    static func error(_ message: String, at location: String? = nil) {
        writeLine(label: errorLabel, message, at: location)
    }

    /// Writes a warning line to standard error: the command goes on.
    ///
    /// - Parameter message: What is suspect and what to do.
    static func warning(_ message: String) {
        writeLine(label: warningLabel, message, at: nil)
    }

    /// Reports a failure the way the command was asked to: as one JSON
    /// object on standard output with `--json`, else as an error line.
    ///
    /// - Parameters:
    ///   - message: The error line's message.
    ///   - object: The JSON object to write instead, or nil when the output is for people.
    static func failure(_ message: String, json object: [String: Any]?) {
        if let object {
            writeJSON(object)
        } else {
            error(message)
        }
    }

    /// Writes one JSON object on standard output: indented, keys sorted,
    /// slashes as they are.
    ///
    /// - Parameter object: A JSON object made of Foundation values (`NSNull` for null).
    static func writeJSON(_ object: [String: Any]) {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: outputOptions)) ?? Data("{}".utf8)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    /// Writes a value as JSON on standard output, as ``writeJSON(_:)`` does.
    ///
    /// - Parameter value: The value to encode.
    /// - Throws: The encoder's error when the value cannot be encoded.
    static func writeJSON(encoding value: some Encodable) throws {
        FileHandle.standardOutput.write(try encodedJSON(value) + Data("\n".utf8))
    }

    /// A value as the JSON every command writes (indented, keys sorted,
    /// slashes as they are), for a file the command also writes.
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The JSON text, without a final newline.
    /// - Throws: The encoder's error when the value cannot be encoded.
    static func encodedJSON(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// Writes text to standard error as it is, without a newline: for a
    /// progress line that rewrites itself.
    ///
    /// - Parameter text: The text, terminal control sequences included.
    static func writeProgress(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    private static let outputOptions: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]

    private static func writeLine(label: String, _ message: String, at location: String?) {
        let line = (location.map { "\($0): " } ?? "") + "\(label): \(message)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
