import ExthostTestSupport
import Foundation

/// `exthost serve` as a real process, on a socket of its own in an
/// ``ExampleSystem``: started by the test, stopped by its pid.
final class RunningService {
    let system: ExampleSystem
    private(set) var socket = ""
    let process = Process()
    private let log: URL

    /// Starts the service and waits until its socket answers.
    ///
    /// - Parameters:
    ///   - system: The plugins, apps and private folders it serves.
    ///   - arguments: More options for `exthost serve` (`--session-expiry 1`).
    ///   - defaultSocket: Whether it listens where commands of the system
    ///     find it by default (no `--socket` nor `--plugins`: the socket
    ///     named after the system's folders, its plugins `./Plugins`),
    ///     rather than at a socket of its own.
    init(_ system: ExampleSystem, arguments: [String] = [], defaultSocket: Bool = false) throws {
        self.system = system
        let ownSocket = system.root.appendingPathComponent("exthost.sock").path
        log = system.root.appendingPathComponent("serve.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = BuiltProducts.executable("exthost")
        process.arguments = ["serve"] + (defaultSocket ? [] : ["--socket", ownSocket, "--plugins", system.plugins.path]) + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(system.environment) { _, new in new }
        process.currentDirectoryURL = system.root
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        // The socket file exists from bind; the service says it listens once
        // it accepts connections.
        var listening: String?
        repeat {
            guard process.isRunning, Date() < deadline else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "exthost serve did not listen: \(log)"])
            }
            Thread.sleep(forTimeInterval: 0.02)
            let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            listening = said.split(separator: "\n").first { $0.contains("exthost serve listening") }
                .flatMap { Self.value("socket", in: $0) }
        } while listening.map { !FileManager.default.fileExists(atPath: $0) } ?? true
        socket = listening ?? ownSocket
    }

    /// The metadata value `key` of one line of the service's log, in
    /// either form (`EXTHOST_LOG_FORMAT`): ` key=value` in text, the
    /// object's `metadata` in JSON.
    static func value(_ key: String, in line: Substring) -> String? {
        if line.hasPrefix("{") {
            let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            return (object?["metadata"] as? [String: Any])?[key] as? String
        }
        return line.split(separator: " ").first { $0.hasPrefix("\(key)=") }.map { String($0.dropFirst(key.count + 1)) }
    }

    /// `exthost ARGUMENTS` in the system, talking to this service.
    func exthost(_ arguments: [String]) throws -> CommandRunner.Result {
        try system.exthost(arguments)
    }

    /// `exthost run --service --json` of an intent file with this content.
    func run(_ intent: String, answers: [String] = [], json: Bool = true, extra: [String] = []) throws -> CommandRunner.Result {
        try exthost(["run", "--service", "--socket", socket] + (json ? ["--json"] : []) + extra + intentArguments(intent, answers: answers))
    }

    /// The same request in-process, as `exthost run` runs it without a service.
    func runInProcess(_ intent: String, answers: [String] = [], json: Bool = true, extra: [String] = []) throws -> CommandRunner.Result {
        try exthost(["run", "--plugins", system.plugins.path] + (json ? ["--json"] : []) + extra + intentArguments(intent, answers: answers))
    }

    private func intentArguments(_ intent: String, answers: [String]) throws -> [String] {
        let file = try system.file("intent-\(UUID().uuidString.prefix(8)).json", intent)
        return [file] + answers.flatMap { ["--answer", $0] }
    }

    /// What the service wrote on standard error.
    var output: String {
        (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    }

    /// The process ids the fixture plugin's pings said they ran in
    /// (`FIXTURE_PING_MODE=15`), in order.
    var pingProcesses: [Int32] {
        output.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "ping from process ") else { return nil }
            return Int32(line[range.upperBound...].prefix { $0.isNumber })
        }
    }

    /// The service's child processes (zombies left out) for which
    /// `matches` holds.
    func children(_ matches: (Int32) -> Bool) -> [Int32] {
        let parent = process.processIdentifier
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.range(of: ") ", options: .backwards) else { return false }
            let fields = stat[close.upperBound...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent && fields[0] != "Z" && matches(pid)
        }
    }

    /// Sends SIGTERM to the service's pid and waits for it to exit.
    ///
    /// - Returns: Its exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        if process.terminationStatus != 0 || process.terminationReason == .uncaughtSignal {
            // What the service said before it ended, for the failing test's report.
            FileHandle.standardError.write(Data("exthost serve ended with \(process.terminationReason == .uncaughtSignal ? "signal" : "status") \(process.terminationStatus):\n\(output)\n".utf8))
        }
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
        system.tearDown()
    }
}

