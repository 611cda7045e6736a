import Foundation

/// Runs a built executable of the package as a real process.
public struct CommandRunner {
    /// What the process did.
    public struct Result {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String

        /// Standard output parsed as one JSON object.
        public func json() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: Data(standardOutput.utf8)) as? [String: Any] else {
                throw CocoaError(.coderReadCorrupt)
            }
            return object
        }

        /// ``json()`` without what differs from run to run (`timings`, each
        /// step's `milliseconds`, the service's `session` identifier): for
        /// comparing two ways of running one request.
        public func jsonWithoutTimings() throws -> NSDictionary {
            var json = try json()
            json["timings"] = nil
            json["session"] = nil
            json["transcript"] = (json["transcript"] as? [[String: Any]])?.map { step in
                step.filter { $0.key != "milliseconds" }
            }
            return json as NSDictionary
        }
    }

    public var executable: URL
    /// Added to the inherited environment.
    public var environment: [String: String]
    public var workingDirectory: URL?

    public init(_ name: String = "exthost", environment: [String: String] = [:], workingDirectory: URL? = nil) {
        self.executable = BuiltProducts.executable(name)
        self.environment = environment
        self.workingDirectory = workingDirectory
    }

    /// Runs another program (not a product of the package) the same way.
    public func runExternal(_ path: String, _ arguments: [String], input: String = "") throws -> Result {
        var other = self
        other.executable = URL(fileURLWithPath: path)
        return try other.run(arguments, input: input)
    }

    /// Runs with `arguments`, feeding `input` on standard input.
    public func run(_ arguments: [String], input: String = "") throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var inherited = ProcessInfo.processInfo.environment
        // Requests the system handles are recorded as donations: a test that
        // names no store gets one of its own, never the user's.
        if inherited["EXTHOST_DATA_DIR"] == nil { inherited["EXTHOST_DATA_DIR"] = Self.scratchDataDirectory }
        // Commands work in their own process unless a test is about the
        // service (``Self/defaultPath``): a service started by a command
        // would outlive the test.
        if inherited[Self.inProcessVariable] == nil { inherited[Self.inProcessVariable] = "1" }
        process.environment = inherited.merging(environment) { _, new in new }
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        let output = Pipe()
        let errors = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let collected = OutputCollector()
        let group = DispatchGroup()
        for (pipe, isError) in [(output, false), (errors, true)] {
            group.enter()
            DispatchQueue.global().async {
                collected.set(pipe.fileHandleForReading.readDataToEndOfFile(), isError: isError)
                group.leave()
            }
        }
        process.waitUntilExit()
        group.wait()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: collected.output, as: UTF8.self),
            standardError: String(decoding: collected.error, as: UTF8.self)
        )
    }

    /// The variable that makes `exthost run`, `say`, `open` and `list` work
    /// in their own process rather than through the service.
    public static let inProcessVariable = "EXTHOST_IN_PROCESS"

    /// The environment for a command that takes the default path, through
    /// the service, started in the background when none runs: the test
    /// must stop that service (``ServicePidFile``).
    public static let defaultPath = [inProcessVariable: "0"]

    /// The donation store folder of commands run without one, one per test process.
    static let scratchDataDirectory = FileManager.default.temporaryDirectory
        .appendingPathComponent("exthost-data-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path

    private final class OutputCollector: @unchecked Sendable {
        private let lock = NSLock()
        private var out = Data()
        private var err = Data()
        func set(_ data: Data, isError: Bool) {
            lock.lock()
            if isError { err = data } else { out = data }
            lock.unlock()
        }
        var output: Data { lock.lock(); defer { lock.unlock() }; return out }
        var error: Data { lock.lock(); defer { lock.unlock() }; return err }
    }
}

/// A temporary folder for one test.
public func makeTemporaryDirectory(_ label: String = "test") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("exthost-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
