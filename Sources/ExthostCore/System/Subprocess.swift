import Foundation

/// Runs a child process to its end, with a deadline.
public enum Subprocess {
    /// How a child process ended.
    public enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
        /// Killed at the deadline.
        case timedOut
    }

    /// What a child process did.
    public struct Outcome: Sendable {
        public var ending: Ending
        public var standardOutput: Data
        public var standardError: Data
    }

    /// Runs `executable` with `arguments` and waits at most `deadline`
    /// seconds; past that the child is killed.
    public static func run(_ executable: String, _ arguments: [String], deadline: Double, environment: [String: String]? = nil) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return Outcome(ending: .exited(127), standardOutput: Data(), standardError: Data("cannot start \(executable): \(error)".utf8))
        }
        // Read both pipes while waiting, so a chatty child cannot block.
        let collected = CollectedOutput()
        let group = DispatchGroup()
        for (pipe, isError) in [(output, false), (errors, true)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.set(data, isError: isError)
                group.leave()
            }
        }
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        var timedOut = false
        if finished.wait(timeout: .now() + deadline) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
        }
        group.wait()
        let ending: Ending
        if timedOut {
            ending = .timedOut
        } else if process.terminationReason == .uncaughtSignal {
            ending = .signalled(process.terminationStatus)
        } else {
            ending = .exited(process.terminationStatus)
        }
        return Outcome(ending: ending, standardOutput: collected.output, standardError: collected.error)
    }

    private final class CollectedOutput: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: (Data, Data) = (Data(), Data())
        func set(_ data: Data, isError: Bool) {
            lock.lock()
            if isError { storage.1 = data } else { storage.0 = data }
            lock.unlock()
        }
        var output: Data { lock.lock(); defer { lock.unlock() }; return storage.0 }
        var error: Data { lock.lock(); defer { lock.unlock() }; return storage.1 }
    }
}
