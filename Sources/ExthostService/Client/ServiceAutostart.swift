import AppWire
import ExthostPosix
import Foundation

/// Starting `exthost serve` for a client that finds none, as `gpg` starts
/// its agent: the first client starts it in the background, later ones use
/// it, and it ends itself after ``idleExit`` seconds unused.
///
/// The service is started in a session of its own (no terminal: closing
/// the client's terminal or pressing Ctrl-C there does not stop it), with
/// the client's environment and working directory, so it finds the same
/// plugin and app folders the client would; it logs to `<socket>.log`.
/// Two clients starting at once take turns on `<socket>.start-lock`: the
/// second finds the first one's service.
public enum ServiceAutostart {
    /// Seconds with no client and no session after which a service started
    /// this way ends itself.
    public static let idleExit: Double = 300
    /// Seconds a client waits for the service it started to listen.
    public static let startBudget: Double = 10

    /// What a client that started the service is told.
    public struct Started: Sendable {
        /// The service's process id.
        public var processID: Int32
        /// Where it logs.
        public var logPath: String
    }

    /// Connects to the service at `path`, starting one when nothing listens
    /// there.
    ///
    /// - Parameters:
    ///   - path: The socket.
    ///   - executable: The `exthost` executable to start.
    ///   - serveArguments: More options for the `exthost serve` it starts
    ///     (the client's `--plugins` and `--apps`).
    ///   - started: Called once the service this call started listens.
    /// - Throws: ``ServiceClientError`` `startFailed` when the service could
    ///   not be started or did not listen within ``startBudget`` (its log
    ///   says why).
    public static func connect(to path: String, executable: String, serveArguments: [String] = [],
                               started: (Started) -> Void) throws(ServiceClientError) -> ServiceClient {
        if let client = try? ServiceClient.connect(to: path) { return client }
        let folder = (path as NSString).deletingLastPathComponent
        let lock: Int32
        do {
            try RuntimeDirectory(path: folder).create()
            lock = try Posix.open(path + ".start-lock", flags: O_RDWR | O_CREAT | O_CLOEXEC, mode: 0o600)
            try Posix.lock(lock, path: path + ".start-lock")
        } catch {
            throw failure(path, "cannot prepare \(folder) to start it: \(error)")
        }
        defer {
            Posix.unlock(lock)
            Posix.close(lock)
        }
        // Another client may have started it while this one waited.
        if let client = try? ServiceClient.connect(to: path) { return client }
        let log = path + ".log"
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(executable, arguments: ["serve", "--socket", path, "--idle-exit", "\(Int(idleExit))"] + serveArguments,
                                           standardOutput: .appending(toFile: log), standardError: .standardOutput,
                                           newSession: true)
        } catch {
            throw failure(path, "cannot start \(executable) serve: \(error)")
        }
        switch awaitListening(at: path, startedAs: child, budget: startBudget) {
        case .listening(let client):
            started(Started(processID: child.pid, logPath: log))
            return client
        case .ended(let ending):
            throw failure(path, "`exthost serve`, started for this request, ended at once (\(ending.termination)); \(lastLine(of: log))")
        case .silent:
            throw failure(path, "`exthost serve` (pid \(child.pid)), started for this request, did not listen within \(Int(startBudget)) s; \(lastLine(of: log))")
        }
    }

    /// How a service just started came up.
    package enum Startup {
        /// It listens: connected.
        case listening(ServiceClient)
        /// Its process ended first.
        case ended(ChildProcess.Ending)
        /// It did not listen within the budget.
        case silent
    }

    /// Waits until the service `child` runs listens at `path`, or ends, or
    /// `budget` seconds pass; the one wait of every process that starts a
    /// service (a client, the service benchmark).
    package static func awaitListening(at path: String, startedAs child: ChildProcess, budget: Double) -> Startup {
        let deadline = Posix.deadline(after: budget)
        while Posix.monotonicNanoseconds() < deadline {
            if let client = try? ServiceClient.connect(to: path) { return .listening(client) }
            if let ending = child.reapIfEnded() { return .ended(ending) }
            Posix.sleep(milliseconds: 10)
        }
        return .silent
    }

    private static func failure(_ path: String, _ message: String) -> ServiceClientError {
        ServiceClientError(kind: .startFailed, socketPath: path, message: "no exthost service answered at \(path), and \(message)")
    }

    /// The log's last line, to say why the service did not come up.
    private static func lastLine(of log: String) -> String {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").last else { return "its log \(log) is empty" }
        return "its log \(log) ends with: \(line)"
    }
}
