import ExthostABI
import ExthostPosix
import Foundation
import Synchronization

/// Reports an extension that ends the command's process while it runs a
/// request in-process (its code called `exit`), instead of letting the
/// command end with the extension's status and no output.
///
/// While a request runs, an `atexit` handler is armed: when the process ends
/// through `exit` before the request is over, nothing of exthost's asked for
/// it, so the handler reports the request as failed with 5001 (as
/// `--isolated` reports an extension process that ended) and ends the process
/// with ``ExitStatus/systemError``.
///
/// What it cannot catch, and is documented as such: `_exit`, and signals (a
/// crash, `abort`) end the process before any handler runs. `--isolated`
/// runs the extension in a process of its own, where all of them are
/// reported.
enum ExtensionExitGuard {
    private struct Armed: Sendable {
        var message: String
        var json: Data?
    }

    private static let armed = Mutex<Armed?>(nil)

    /// Registers the `atexit` handler once, on first use.
    private static let installed: Void = Posix.atExit { ExtensionExitGuard.processIsEnding() }

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
        let error = IntentsError(
            .extensionBringUpFailed,
            "the extension handling \(intent) ended exthost's process (it called exit) before the request was over; the request failed. An extension must return from its methods and call their completion; to keep exthost apart from an extension, run it with --isolated.")
        let report = Armed(message: error.description, json: json(error).map { Console.jsonText($0) })
        armed.withLock { $0 = report }
        defer { armed.withLock { $0 = nil } }
        return try body()
    }

    private static func processIsEnding() {
        guard let report = armed.withLock({ $0 }) else { return }
        if let json = report.json { Console.write(json + Data("\n".utf8)) } else { Console.error(report.message) }
        Posix.exitImmediately(ExitStatus.systemError.rawValue)
    }
}
