import ExthostPosix
import Foundation

/// The Study record example's backend (`StudyRecordBackend`, built beside
/// exthost), started for a benchmark so the extension's `handle` posts its
/// record over loopback instead of failing offline: a real process on a
/// port of its own, stopped by its pid.
struct StudyRecordBackendProcess {
    /// The intent whose `handle` posts to the backend.
    static let intent = "PostStudyRecord"

    let process: ChildProcess
    /// The port it listens on (127.0.0.1).
    let port: UInt16

    /// What the extension's processes need in their environment to reach
    /// it: the port variable its `BackendClient` reads (`StudyRecordIdentity`;
    /// exthost does not link the example's own framework).
    var environment: [String: String] { ["STUDYRECORD_BACKEND_PORT": String(port)] }

    /// The backend beside `executable`, or nil when it was not built.
    static func executable(beside executable: String) -> String? {
        let path = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("StudyRecordBackend").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Starts the backend on a free port and waits until it listens.
    ///
    /// - Parameters:
    ///   - program: The `StudyRecordBackend` executable.
    ///   - data: Its data folder (bookshelf, account, banned words); nil
    ///     for its built-in defaults.
    ///   - log: The file its output goes to (where it says its port).
    /// - Throws: ``BenchmarkFailure`` when it cannot start or does not
    ///   listen within 10 s (it is then stopped).
    static func start(_ program: String, data: URL?, log: URL) throws -> StudyRecordBackendProcess {
        try? FileManager.default.removeItem(at: log)
        var arguments = ["--port", "0"]
        if let data { arguments += ["--data", data.path] }
        let process: ChildProcess
        do {
            process = try ChildProcess.spawn(program, arguments: arguments, standardOutput: .appending(toFile: log.path),
                                             standardError: .standardOutput, newProcessGroup: true)
        } catch {
            throw BenchmarkFailure("cannot start \(program): \(error)")
        }
        let deadline = Posix.deadline(after: 10)
        while Posix.monotonicNanoseconds() < deadline {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: "listening on 127.0.0.1:"),
               let port = UInt16(text[range.upperBound...].prefix { $0.isNumber }) {
                return StudyRecordBackendProcess(process: process, port: port)
            }
            if process.reapIfEnded() != nil { break }
            Posix.sleep(milliseconds: 10)
        }
        _ = process.wait(until: 0)
        let said = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").suffix(400)
        throw BenchmarkFailure("\(program) did not say it was listening within 10 s (its output, in \(log.path): \(said))")
    }

    /// Stops it (`SIGTERM`, then `SIGKILL` after 2 s) and reaps it.
    func stop() {
        Posix.sendSignal(SIGTERM, to: process.pid)
        _ = process.wait(until: Posix.deadline(after: 2))
    }
}
