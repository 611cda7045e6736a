import ExthostPosix
import Foundation
import IntentSystem

/// Instructions per warm conversation, counted by valgrind's callgrind: a
/// figure that does not drift with the machine's load, so a regression of
/// the host's per-request cost shows even on a busy machine.
///
/// Each measure runs `exthost bench-child plugin` under callgrind twice, in
/// fresh processes that differ only in how many warm conversations they
/// run; the difference of the two totals over the difference of the counts
/// is the cost of one conversation, with the process's start, the load and
/// the first request cancelled out.
public struct InstructionBenchmark: Sendable {
    /// One conversation to count.
    public struct Target: Sendable {
        /// Names the figure: `synthetic (C)`, `StudyRecord, resolves and confirm`.
        public var name: String
        public var plugin: URL
        public var requestFile: URL
        public var sharedContainer: String?
        /// Stop each warm conversation before `handle`.
        public var withoutHandle: Bool

        public init(name: String, plugin: URL, requestFile: URL, sharedContainer: String? = nil, withoutHandle: Bool = false) {
            self.name = name
            self.plugin = plugin
            self.requestFile = requestFile
            self.sharedContainer = sharedContainer
            self.withoutHandle = withoutHandle
        }
    }

    /// What was counted for one target.
    public struct Figure: Codable, Sendable {
        public var name: String
        /// `whole`, or `withoutHandle` (resolves and confirm).
        public var part: String
        /// Instructions of one warm conversation (Ir, user space only).
        public var instructionsPerConversation: Double?
        /// The two runs' totals and warm counts.
        public var fewer: Run?
        public var more: Run?
        /// How the first request ended and how many stages it had.
        public var outcome: String?
        public var stages: Int?
        public var error: String?

        public struct Run: Codable, Sendable {
            public var conversations: Int
            public var instructions: UInt64
        }
    }

    /// The exthost run under valgrind (see ``withoutDebugInformation(_:in:)``).
    public var executable: String
    public var valgrind: String
    /// Preloaded into the counted process (``SyntheticPluginGenerator/sigsuspendShim()``).
    public var preload: URL?
    /// Warm conversations in the first run, and how many more in the second.
    public var baseConversations: Int
    public var extraConversations: Int
    /// Where callgrind's output files go.
    public var directory: URL
    public var environment: [String: String]

    public init(executable: String, valgrind: String, preload: URL?, baseConversations: Int = 20, extraConversations: Int,
                directory: URL, environment: [String: String]) {
        self.executable = executable
        self.valgrind = valgrind
        self.preload = preload
        self.baseConversations = baseConversations
        self.extraConversations = extraConversations
        self.directory = directory
        self.environment = environment
    }

    /// valgrind on the `PATH`, or nil.
    public static func findValgrind() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/valgrind" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A copy of `file` (exthost, a plugin) without its debug sections, in
    /// `directory`: valgrind's (3.19) reader gives up on some of the DWARF
    /// Swift emits, and the code it runs is the same. The file itself when
    /// `objcopy` (binutils) is missing or fails.
    public static func withoutDebugInformation(_ file: String, in directory: URL) -> String {
        let copy = directory.appendingPathComponent("without-debug-information")
            .appendingPathComponent(URL(fileURLWithPath: file).lastPathComponent).path
        try? FileManager.default.createDirectory(at: directory.appendingPathComponent("without-debug-information"), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: copy)
        guard let outcome = try? ChildProcess.run("/usr/bin/env", arguments: ["objcopy", "--strip-debug", file, copy], deadline: 120),
              outcome.termination == .exited(0), !outcome.timedOut else {
            return file
        }
        return copy
    }

    /// Counts every target, one after the other.
    public func run(_ targets: [Target], progress: (String) -> Void = { _ in }) -> [Figure] {
        targets.map { target in
            progress("counting instructions: \(target.name)…")
            return count(target)
        }
    }

    private func count(_ target: Target) -> Figure {
        var target = target
        target.plugin = URL(fileURLWithPath: Self.withoutDebugInformation(target.plugin.path, in: directory))
        var figure = Figure(name: target.name, part: target.withoutHandle ? "withoutHandle" : "whole")
        do {
            let (fewer, sample) = try callgrind(target, conversations: baseConversations)
            let (more, _) = try callgrind(target, conversations: baseConversations + extraConversations)
            figure.fewer = fewer
            figure.more = more
            figure.outcome = sample.outcome
            figure.stages = sample.stages
            figure.instructionsPerConversation = (Double(more.instructions) - Double(fewer.instructions)) / Double(extraConversations)
        } catch {
            figure.error = error.message
        }
        return figure
    }

    struct Failure: Error {
        var message: String
    }

    /// One run of bench-child under callgrind: its total instructions and
    /// the sample it printed.
    private func callgrind(_ target: Target, conversations: Int) throws(Failure) -> (Figure.Run, ColdStartSample) {
        let slug = target.name.map { $0.isLetter || $0.isNumber ? $0 : "-" }
        let outFile = directory.appendingPathComponent("callgrind.\(String(slug)).\(conversations).out")
        var arguments = [
            "--tool=callgrind", "--callgrind-out-file=\(outFile.path)", "--dump-instr=no", "--compress-strings=no",
            executable, "bench-child", "plugin", target.plugin.path,
            "--request", target.requestFile.path, "--warm", String(conversations),
        ]
        if let container = target.sharedContainer { arguments += ["--shared-container", container] }
        if target.withoutHandle { arguments.append("--warm-without-handle") }
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        if let preload { variables["LD_PRELOAD"] = preload.path }
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(valgrind, arguments: arguments, environment: variables, deadline: 600)
        } catch {
            throw Failure(message: "cannot start \(valgrind): \(error)")
        }
        let standardError = String(decoding: outcome.standardError, as: UTF8.self)
        if standardError.contains("debuginfo reader") {
            throw Failure(message: "valgrind cannot read the debug information of exthost or \(target.plugin.lastPathComponent), even without its debug sections (is objcopy installed?)")
        }
        guard outcome.termination.shellStatus == 0, !outcome.timedOut else {
            throw Failure(message: "valgrind exthost bench-child ended with status \(outcome.termination.shellStatus)\(outcome.timedOut ? " (timed out)" : ""): \(standardError.suffix(400))")
        }
        guard let sample = try? JSONDecoder().decode(ColdStartSample.self, from: StartupBenchmark.lastLine(Data(outcome.standardOutput))) else {
            throw Failure(message: "bench-child printed no sample under valgrind")
        }
        if let error = sample.error { throw Failure(message: error) }
        guard sample.warmRequests == conversations else {
            throw Failure(message: "bench-child ran \(sample.warmRequests) of \(conversations) warm conversations")
        }
        guard let text = try? String(contentsOf: outFile, encoding: .utf8), let total = Self.total(text) else {
            throw Failure(message: "no instruction total in \(outFile.path)")
        }
        try? FileManager.default.removeItem(at: outFile)
        return (Figure.Run(conversations: conversations, instructions: total), sample)
    }

    /// The `totals:` (or `summary:`) line of a callgrind output file: the
    /// first event, instructions.
    static func total(_ text: String) -> UInt64? {
        for line in text.split(separator: "\n").reversed() where line.hasPrefix("totals:") || line.hasPrefix("summary:") {
            if let first = line.split(separator: " ").dropFirst().first, let value = UInt64(first) { return value }
        }
        return nil
    }
}
