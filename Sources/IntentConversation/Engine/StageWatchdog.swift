import ExthostPosix
import Foundation

/// Watches for a plugin method that does not return.
///
/// A method that returns without calling its completion is handled by the
/// engine's own wait. One that never returns holds the engine's thread, and
/// nothing in-process can take it back: as iOS does with an extension, the
/// only remedy is ending the process that holds it. The watchdog notices
/// and calls `onStuck` (the command line prints the timeout and exits).
public final class StageWatchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var deadline: UInt64 = 0
    private var stage = ""
    private var started = false
    private var stopped = false
    private let onStuck: @Sendable (_ stage: String) -> Void
    private let pollInterval: TimeInterval

    /// - Parameters:
    ///   - pollInterval: How often it looks, in seconds.
    ///   - onStuck: Called once, on the watchdog's thread, with the stage
    ///     that overran its deadline while still inside plugin code.
    public init(pollInterval: TimeInterval = 0.02, onStuck: @escaping @Sendable (_ stage: String) -> Void) {
        self.pollInterval = pollInterval
        self.onStuck = onStuck
    }

    /// Starts watching a stage that must return by `deadline`.
    func arm(stage: String, deadline: UInt64) {
        lock.lock()
        self.deadline = deadline
        self.stage = stage
        let start = !started
        started = true
        lock.unlock()
        if start {
            let thread = Thread { [self] in watch() }
            thread.name = "exthost.watchdog"
            thread.start()
        }
    }

    /// The stage returned.
    func disarm() {
        lock.lock()
        deadline = 0
        lock.unlock()
    }

    /// Stops watching for good: its thread ends. For a watchdog per
    /// conversation in a process that outlives it (the service).
    public func stop() {
        lock.lock()
        stopped = true
        deadline = 0
        lock.unlock()
    }

    private func watch() {
        while true {
            Thread.sleep(forTimeInterval: pollInterval)
            lock.lock()
            if stopped {
                lock.unlock()
                return
            }
            let overdue = deadline != 0 && Posix.monotonicNanoseconds() > deadline
            let name = stage
            if overdue { deadline = 0 }
            lock.unlock()
            if overdue { onStuck(name) }
        }
    }
}
