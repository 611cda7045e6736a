import ExthostABI
import ExthostPosix
import Foundation
import IntentSystem
import JSONText
import Synchronization

/// Reports an extension that ends the command's process while it runs a
/// request in-process, instead of letting the command end with the
/// extension's status (or signal) and no output.
///
/// While a request runs, two things are armed:
/// - an `atexit` handler: when the process ends through `exit` before the
///   request is over, nothing of exthost's asked for it, so the handler
///   reports the request as failed with 5001 (as `--isolated` reports an
///   extension process that ended), records it in the donation store as a
///   failed interaction (``SystemDonations/recordInterruptedRequest()``)
///   and ends with ``ExitStatus/systemError``;
/// - handlers for the fatal signals (`SIGSEGV`, `SIGBUS`, `SIGILL`, `SIGFPE`,
///   `SIGABRT`): a fault writes a report made in advance (only `write` and
///   `_exit` run in the handler) and ends with ``ExitStatus/systemError``.
///   The report names the signal and says it came while the extension ran;
///   a fault in exthost's own code at that moment would read the same.
///   Nothing is recorded there: opening and writing SQLite (locks, `malloc`)
///   is not async-signal-safe, and the process state the fault left may be
///   broken. The default path and `--isolated` record it.
///
/// What it cannot catch, and is documented as such: `_exit`, `SIGKILL`, and
/// a fault that corrupts the process before the handler runs. `--isolated`
/// runs the extension in a process of its own, where all of them are
/// reported.
enum ExtensionFaultGuard {
    private struct Armed: Sendable {
        var message: String
        var json: Data?
    }

    private static let armed = Mutex<Armed?>(nil)

    /// Registers the `atexit` handler once, on first use.
    private static let installed: Void = Posix.atExit { ExtensionFaultGuard.processIsEnding() }

    /// Runs `body` (the request's calls into the extension) with the guard armed.
    ///
    /// - Parameters:
    ///   - intent: The request's intent, for the message.
    ///   - json: The JSON object the command reports the error as with
    ///     `--json`, or nil when its output is for people.
    ///   - body: The request.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    static func guarding<Result, Failure: Error>(
        intent: String, json: (IntentsError) -> [String: Any]?, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        installed
        SystemDonations.trackRequestInProgress()
        let error = IntentsError(
            .extensionBringUpFailed,
            "the extension handling \(intent) ended exthost's process (it called exit) before the request was over; the request failed. An extension must return from its methods and call their completion; to keep exthost apart from an extension, run it with --isolated.")
        let report = Armed(message: error.description, json: json(error).map { Console.jsonText($0) })
        armed.withLock { $0 = report }
        let wantsJSON = report.json != nil
        // One report rendered for every signal, with a mark where the
        // signal goes, then the mark replaced per signal: rendering the
        // JSON report five times cost ~5.9 million instructions
        // (callgrind) before every request `exthost run --json` ran.
        // The mark (U+FFFF, a noncharacter) is in no intent's name nor in
        // the message, and JSON writes it as it is.
        func faultReport(_ signal: String) -> [UInt8] {
            let fault = IntentsError(
                .extensionBringUpFailed,
                "a fault (signal \(signal)) ended exthost's process while the extension handling \(intent) ran the request; the request failed. Look for the fault in the extension's code; to keep exthost apart from an extension, run it with --isolated.")
            if let object = json(fault) { return Array(Console.jsonText(object) + Data("\n".utf8)) }
            return Array("\(Console.errorLabel): \(fault.description)\n".utf8)
        }
        let template = faultReport(Self.signalMark)
        Posix.armFatalSignalReports(fd: wantsJSON ? StandardStreams.process.output : STDERR_FILENO,
                                    status: ExitStatus.systemError.rawValue) { signal, name in
            var replacement = Array("\(signal), \(name)".utf8)
            if wantsJSON {
                // Escaped as the rest of the report's text is (a quoted string, less its quotes).
                var quoted: [UInt8] = []
                JSONText.appendString("\(signal), \(name)", to: &quoted)
                replacement = Array(quoted.dropFirst().dropLast())
            }
            return Self.replacing(Array(Self.signalMark.utf8), in: template, with: replacement)
        }
        defer {
            Posix.disarmFatalSignalReports()
            armed.withLock { $0 = nil }
        }
        return try body()
    }

    /// Stands for the signal in the fault report made once for all of them.
    private static let signalMark = "\u{FFFF}signal\u{FFFF}"

    /// `bytes` with every `mark` in it replaced by `replacement`.
    private static func replacing(_ mark: [UInt8], in bytes: [UInt8], with replacement: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + replacement.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == mark[0], bytes.count - index >= mark.count, bytes[index..<index + mark.count].elementsEqual(mark) {
                out.append(contentsOf: replacement)
                index += mark.count
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    private static func processIsEnding() {
        guard let report = armed.withLock({ $0 }) else { return }
        if let json = report.json { Console.write(json + Data("\n".utf8)) } else { Console.error(report.message) }
        // Ordinary code at exit, unlike a signal handler: the request is
        // recorded as failed, as the default path and --isolated record it.
        if let warning = SystemDonations.recordInterruptedRequest().warning { Console.warning(warning) }
        Posix.exitImmediately(ExitStatus.systemError.rawValue)
    }
}
