import ExthostABI
import ExthostPosix
import Foundation
import RequestWire
import Synchronization

/// Where every exthost command writes what a person or a script reads.
///
/// Standard output carries the result: lines for people, or one JSON object
/// with `--json`. Standard error carries what went wrong, one line each, in
/// the shape compilers and `exthost lint` use: `error: message`,
/// `warning: message`, or `LOCATION: error: message` when the message is
/// about a place in a file. The argument parser's own messages (usage
/// errors, errors a command did not catch) carry the same `error: ` prefix
/// (``Exthost/_errorPrefix``). How the process ends is ``ExitStatus``.
///
/// Results are written through a descriptor of the console's own
/// (``StandardStreams``), never through descriptor 1 or stdio: plugin code
/// may be given descriptor 1, and `print` would go there. A result that
/// cannot be written (standard output closed, its reader gone, the disk
/// full) ends the command with ``ExitStatus/failure`` and says why on
/// standard error.
enum Console {
    /// What starts an error line on standard error.
    static let errorLabel = "error"
    /// What starts a warning line on standard error.
    static let warningLabel = "warning"
    /// What starts a note on standard error: something done on the user's behalf.
    static let noteLabel = "note"

    /// Makes the standard streams safe to use (``StandardStreams``); ends
    /// the process with ``ExitStatus/failure`` when standard output was
    /// closed, since the results would go nowhere (but for
    /// ``commandsWithoutResults``), and with
    /// ``ExitStatus/systemError`` when too few files may be open (below
    /// ``minimumDescriptors``, after raising the soft limit as far as the hard
    /// one allows). Called once, before the command is parsed.
    static func start(arguments: [String] = CommandLine.arguments) {
        let command = arguments.dropFirst().first { !$0.hasPrefix("-") }
        if StandardStreams.process.closedAtStart.contains(STDOUT_FILENO), !commandsWithoutResults.contains(command ?? "") {
            error("standard output is closed: exthost writes its results there (to discard them, redirect it to /dev/null)")
            Posix.exitImmediately(ExitStatus.failure.rawValue)
        }
        let descriptors = Posix.raiseDescriptorLimit(toAtLeast: minimumDescriptors)
        if descriptors < minimumDescriptors {
            error("exthost needs at least \(minimumDescriptors) open files and the limit is \(descriptors): raise it (ulimit -n \(minimumDescriptors))")
            Posix.exitImmediately(ExitStatus.systemError.rawValue)
        }
    }

    /// The commands that write no results on standard output, so may run
    /// with it closed (a service started by a supervisor that closes it):
    /// `serve` logs to standard error, an extension process talks over its
    /// socket.
    static let commandsWithoutResults: Set<String> = ["serve", "extension-process"]

    /// The open files a command may need at once: its streams, the store
    /// and its journal, a probe's or an app's pipes and sockets, the plugin
    /// being loaded, and what the runtime keeps open (exit via `_exit`, as
    /// the runtime's own clean-up needs a descriptor of its own).
    static let minimumDescriptors: UInt64 = 32

    /// Writes a line of the result on standard output.
    ///
    /// - Parameter text: The line, without its newline.
    static func line(_ text: String) {
        write(Data((text + "\n").utf8))
    }

    /// Writes part of the result on standard output as it is. When it cannot
    /// be written the command ends at once with ``ExitStatus/failure``.
    ///
    /// - Parameter data: The bytes.
    static func write(_ data: Data) {
        if let capture = ConsoleCapture.current {
            capture.append(data, to: STDOUT_FILENO)
            return
        }
        let failure: SystemCallError? = data.withUnsafeBytes { bytes in
            do throws(SystemCallError) {
                try Posix.write(StandardStreams.process.output, bytes, path: "standard output")
                return nil
            } catch {
                return error
            }
        }
        guard let failure else { return }
        error("the result could not be written to standard output: \(failure.reason)")
        // What was handled all the same is finished first (a request's record).
        beforeWriteFailureExit.withLock { $0 }?()
        Posix.exitImmediately(ExitStatus.failure.rawValue)
    }

    /// Run before the command ends because its result could not be written.
    private static let beforeWriteFailureExit = Mutex<(@Sendable () -> Void)?>(nil)

    /// Sets what to finish before the command ends because its result could
    /// not be written to standard output (``write(_:)``).
    static func onWriteFailure(_ body: @escaping @Sendable () -> Void) {
        beforeWriteFailureExit.withLock { $0 = body }
    }

    /// Standard input read to its end, for a file given as `-`.
    ///
    /// - Returns: The bytes.
    /// - Throws: ``ConsoleInputError`` when standard input was closed or cannot be read.
    static func readStandardInput() throws(ConsoleInputError) -> Data {
        if StandardStreams.process.closedAtStart.contains(STDIN_FILENO) {
            throw ConsoleInputError(message: "standard input is closed: give the file's path, or feed the file on standard input")
        }
        do {
            return Data(try Posix.readToEnd(STDIN_FILENO, path: "standard input"))
        } catch {
            throw ConsoleInputError(message: "standard input could not be read: \(error.reason)")
        }
    }

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

    /// Writes a note to standard error: something the command did on the
    /// user's behalf that they should know of (a service started).
    static func note(_ message: String) {
        writeLine(label: noteLabel, message, at: nil)
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

    /// The one JSON shape of a failure with `--json`: `outcome` "error",
    /// `message`, and `error` (`code`, `name`, `message`) when there is an
    /// iOS number. A command adds what else it knows (the intent, the
    /// transcript so far).
    ///
    /// - Parameters:
    ///   - message: What failed, as the error line says it.
    ///   - error: The failure's iOS error, when it has one.
    /// - Returns: The JSON object.
    static func errorObject(_ message: String, error: IntentsError? = nil) -> [String: Any] {
        var object: [String: Any] = ["outcome": "error", "message": message]
        if let error { object["error"] = error.jsonObject }
        return object
    }

    /// Writes one JSON object on standard output: indented, keys sorted,
    /// slashes as they are.
    ///
    /// - Parameter object: A JSON object made of Foundation values (`NSNull` for null).
    static func writeJSON(_ object: [String: Any]) {
        write(jsonText(object) + Data("\n".utf8))
    }

    /// A JSON object as ``writeJSON(_:)`` writes it, without the final newline.
    ///
    /// Written by `SortedJSONWriter`, byte for byte what
    /// `JSONSerialization` writes, without its first use in the process on
    /// a one-shot command's path; an object it does not vouch for is
    /// written by `JSONSerialization`.
    ///
    /// - Parameter object: A JSON object made of Foundation values.
    /// - Returns: The text (`{}` for an object that is not JSON).
    static func jsonText(_ object: [String: Any]) -> Data {
        if let text = SortedJSONWriter.indented(object) { return Data(text) }
        return (try? JSONSerialization.data(withJSONObject: object, options: outputOptions)) ?? Data("{}".utf8)
    }

    /// Writes a value as JSON on standard output, as ``writeJSON(_:)`` does.
    ///
    /// - Parameter value: The value to encode.
    /// - Throws: The encoder's error when the value cannot be encoded.
    static func writeJSON(encoding value: some Encodable) throws {
        write(try encodedJSON(value) + Data("\n".utf8))
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
        writeStandardError(text)
    }

    private static let outputOptions: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]

    private static func writeLine(label: String, _ message: String, at location: String?) {
        let line = (location.map { "\($0): " } ?? "") + "\(label): \(message)\n"
        writeStandardError(line)
    }

    /// Standard error takes what it can: a closed or broken standard error
    /// loses the text, and the exit status still says how the command ended.
    private static func writeStandardError(_ text: String) {
        if let capture = ConsoleCapture.current {
            capture.append(Data(text.utf8), to: STDERR_FILENO)
            return
        }
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            _ = try? Posix.write(STDERR_FILENO, UnsafeRawBufferPointer(buffer))
        }
    }
}

/// What a command run on this thread writes, kept instead of written: the
/// service runs the front's `exthost run` (``RunCommand/runForFront(_:socket:)``)
/// on a thread of its own and sends the front what it wrote.
final class ConsoleCapture {
    private static let key = "exthost.console.capture"
    private var output: [CommandOutput] = []

    /// The capture of this thread, if it captures.
    static var current: ConsoleCapture? {
        Thread.current.threadDictionary[key] as? ConsoleCapture
    }

    /// Runs `body`, capturing what ``Console`` writes on this thread.
    ///
    /// - Returns: What `body` returned, and what it wrote, in order; writes
    ///   to one stream in a row are joined.
    static func capturing<Result>(_ body: () -> Result) -> (Result, [CommandOutput]) {
        let capture = ConsoleCapture()
        Thread.current.threadDictionary[key] = capture
        defer { Thread.current.threadDictionary.removeObject(forKey: key) }
        let result = body()
        return (result, capture.output)
    }

    func append(_ data: Data, to stream: Int32) {
        let text = String(decoding: data, as: UTF8.self)
        if let last = output.indices.last, output[last].stream == stream {
            output[last].text += text
        } else {
            output.append(CommandOutput(stream: stream, text: text))
        }
    }
}
