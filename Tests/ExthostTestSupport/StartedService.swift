import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A service an `exthost` command started in the background (a client that
/// found none: `run --service`, or `run`, `say`, `open`, `list` on the
/// default path), found by the pid the command's note names and stopped by
/// it: the test that made it ends it.
public enum StartedService {
    /// The pid in a command's note that it started the service, or nil when
    /// it used one that was running.
    public static func processID(in result: CommandRunner.Result) -> Int32? {
        processID(in: result.standardError)
    }

    /// The pid in the note a command wrote in `text` (what a terminal
    /// showed, where standard error and output are one).
    public static func processID(in text: String) -> Int32? {
        guard let range = text.range(of: #"note: started exthost serve in the background \(pid (\d+),"#, options: .regularExpression)
        else { return nil }
        return Int32(text[range].filter(\.isNumber))
    }

    /// Whether a process with this pid is running.
    public static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0
    }

    /// Sends SIGTERM to the service's pid and waits (up to 10 s) until it
    /// is gone.
    ///
    /// - Returns: Whether it is gone.
    @discardableResult
    public static func stop(_ pid: Int32) -> Bool {
        kill(pid, SIGTERM)
        let gone = Date().addingTimeInterval(10)
        while isRunning(pid) && Date() < gone { Thread.sleep(forTimeInterval: 0.05) }
        return !isRunning(pid)
    }
}
