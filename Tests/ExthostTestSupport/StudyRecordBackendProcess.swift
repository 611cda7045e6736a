import Foundation

/// The Study record example's backend (`StudyRecordBackend`, built with the
/// tests) as a real process on a loopback port, its output in a log file;
/// stopped by its pid.
public final class StudyRecordBackendProcess: @unchecked Sendable {
    /// The backend's process.
    public let process = Process()
    /// Its standard output and error.
    public let log: URL
    /// The port it listens on (the one asked for, or the free one it chose).
    public private(set) var port: UInt16 = 0

    /// Starts the backend and waits (at most 10 s) until it listens.
    ///
    /// - Parameters:
    ///   - log: The file its output goes to (created).
    ///   - port: The port to listen on; 0 for a free one.
    ///   - data: The data folder (default: the example's own).
    ///   - loggedOut: Start with the user logged out.
    /// - Throws: When it cannot be started or does not listen in time, with its output.
    public init(log: URL, port: UInt16 = 0, data: URL? = nil, loggedOut: Bool = false) throws {
        self.log = log
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = BuiltProducts.executable("StudyRecordBackend")
        let folder = data ?? TestPaths.packageRoot.appendingPathComponent("Examples/StudyRecord/Backend/Data")
        process.arguments = ["--port", String(port), "--data", folder.path] + (loggedOut ? ["--logged-out"] : [])
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = process.standardOutput
        try process.run()
        let deadline = Date() + 10
        while Date() < deadline {
            if let range = output.range(of: "listening on 127.0.0.1:"), let chosen = UInt16(output[range.upperBound...].prefix { $0.isNumber }) {
                self.port = chosen
                return
            }
            if !process.isRunning { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        stop()
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the StudyRecordBackend did not listen within 10 s: \(output)"])
    }

    /// What it has written so far.
    public var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// Ends it: SIGTERM, then SIGKILL after 2 s.
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date() + 2
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
