import CExthostPosix
import JSONText

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `exthost run FILE` and `exthost say PHRASE` through a running service,
/// without the full program's start (docs/service-protocol.md, `command`).
///
/// The socket comes from `$EXTHOST_SOCKET`, else from the index the full
/// program records when it reaches the service on the default path
/// (`cexthostposix_front_index_path`: the same raw inputs name the same
/// socket, so a service configured differently is never reached). The
/// service parses the command line with the full program's own types and
/// runs it as `exthost run` does through the service, capturing what it
/// writes; the front copies that to its standard output and error and ends
/// with its status.
///
/// The front hands the command line to the full program instead only while
/// nothing has run: not `run` or `say`, `$EXTHOST_IN_PROCESS` set, no socket known,
/// no service there, or the service declines it (an option the fast path
/// does not take, a file it cannot read, a terminal to ask questions in, a
/// service that does not know the message), and with standard output
/// closed (the full program says so). Once the service has taken the
/// command, its end is the command's end: nothing runs twice.
enum FastPath {
    /// The variables sent with the command: the ones `exthost run` reads
    /// for the request (its locale), as the service's own may differ.
    static let sentVariables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// Runs the command line through the service.
    ///
    /// - Returns: The exit status to end with, or nil to hand the command
    ///   line to the full program.
    static func run(_ arguments: [String]) -> Int32? {
        guard arguments.count >= 3, arguments[1] == "run" || arguments[1] == "say" else { return nil }
        // A closed standard output is the full program's to report.
        guard cexthostposix_is_open(1) == 1 else { return nil }
        if let inProcess = variable("EXTHOST_IN_PROCESS"), !inProcess.isEmpty, inProcess != "0" { return nil }
        guard let socket = variable("EXTHOST_SOCKET").flatMap({ $0.isEmpty ? nil : $0 }) ?? indexedSocket(),
              let directory = workingDirectory() else { return nil }
        let fd = cexthostposix_connect_unix(socket)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        // A reader that went away makes a write fail with EPIPE, reported
        // below as the full program reports it, rather than kill the front.
        // (Ignored stays ignored across exec; the full program ignores it too.)
        _ = signal(SIGPIPE, SIG_IGN)

        var environment: [(String, String)] = []
        for name in sentVariables {
            if let value = variable(name) { environment.append((name, value)) }
        }
        let message = "{\"version\":1,\"type\":\"command\",\"arguments\":["
            + arguments.dropFirst().map(JSONText.quoted).joined(separator: ",")
            + "],\"directory\":" + JSONText.quoted(directory)
            + ",\"environment\":{" + environment.map { JSONText.quoted($0.0) + ":" + JSONText.quoted($0.1) }.joined(separator: ",")
            + "},\"terminal\":" + (cexthostposix_is_terminal(0) == 1 ? "true" : "false") + "}\n"
        let sent = Array(message.utf8).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cexthostposix_send_all(fd, $0.baseAddress, $0.count) == 0 }
        }
        guard sent else { return nil }

        var reader = LineReader(fd: fd)
        var answered = false
        // The errno of a failed write to standard output: the rest of the
        // result is dropped, and the command ends with 1 once the service
        // has finished it (its record is the service's to write).
        var outputFailure: Int32?
        while let line = reader.next() {
            guard let object = FrontJSON.flatObject(line) else {
                return lost("the service sent a line that is not a message")
            }
            switch object["type"] {
            case .string("output")?:
                answered = true
                guard case .string(let text)? = object["text"], case .number(let stream)? = object["stream"] else {
                    return lost("the service sent output without its text")
                }
                if stream == 2 {
                    FrontText.write(text, to: 2)
                } else if outputFailure == nil, !FrontText.write(text, to: 1) {
                    outputFailure = errno
                }
            case .string("exit")?:
                guard case .number(let status)? = object["status"] else { return lost("the service sent an exit without its status") }
                if let failure = outputFailure {
                    let reason = FrontText.of(cexthostposix_error_text(failure)) ?? "error \(failure)"
                    FrontText.write("error: the result could not be written to standard output: \(reason)\n", to: 2)
                    return 1
                }
                return Int32(status)
            case .string("declined")?, .string("error")?:
                // Nothing ran: the full program does it (and says what is wrong).
                return answered ? lost("the service ended the command") : nil
            default:
                return lost("the service sent an unexpected message")
            }
        }
        return answered || reader.failed ? lost("the connection to the service was lost") : nil
    }

    /// Ends a command the service had taken but did not finish: it may have
    /// run, so it is not run again. Status 4, as the full program's own
    /// lost connection.
    private static func lost(_ what: String) -> Int32 {
        FrontText.write("error: \(what) before the command ended; it may have run: see `exthost donations list` before running it again\n", to: 2)
        return 4
    }

    /// The socket the index names for this process's raw inputs, if any.
    static func indexedSocket() -> String? {
        var path = [CChar](repeating: 0, count: 4096)
        guard cexthostposix_front_index_path(&path, path.count) == 0 else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cexthostposix_read(fd, $0.baseAddress, $0.count) }
        }
        guard count > 0, count < bytes.count else { return nil }
        return String(validating: bytes[0..<count], as: UTF8.self)
    }

    private static func variable(_ name: String) -> String? {
        getenv(name).flatMap { FrontText.of($0) }
    }

    private static func workingDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return buffer.withUnsafeBufferPointer { FrontText.of($0.baseAddress!) }
    }
}

/// The lines of a descriptor, read in blocks.
struct LineReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// Whether reading failed (rather than reaching the end).
    private(set) var failed = false

    init(fd: Int32) { self.fd = fd }

    /// The next line, without its newline; nil at the end (a last line
    /// without a newline is not a message and is dropped).
    mutating func next() -> [UInt8]? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                return line
            }
            buffer.removeSubrange(0..<start)
            start = 0
            var block = [UInt8](repeating: 0, count: 65536)
            let count = block.withUnsafeMutableBufferPointer { pointer in
                pointer.withMemoryRebound(to: CChar.self) { cexthostposix_read(fd, $0.baseAddress, $0.count) }
            }
            if count < 0 { failed = true }
            guard count > 0 else { return nil }
            buffer += block[0..<count]
        }
    }
}

/// Text in and out of C, without Foundation.
enum FrontText {
    /// A NUL-terminated C string as text, nil when it is not UTF-8.
    static func of(_ pointer: UnsafePointer<CChar>) -> String? {
        String(validatingCString: pointer)
    }

    /// Writes all of `text`; false when it could not.
    @discardableResult
    static func write(_ text: String, to fd: Int32) -> Bool {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cexthostposix_write_all(fd, $0.baseAddress, $0.count) == 0 }
        }
    }
}
