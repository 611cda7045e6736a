import Foundation

/// A long-lived thread that starts extension processes for a supervisor
/// with many short-lived threads (the service's sessions).
///
/// An extension process asks to be killed when the thread that started it
/// ends (`PR_SET_PDEATHSIG` is tied to the parent *thread*): started from a
/// session's thread, it would die with the session, warm or not. Every
/// `posix_spawn` therefore runs here, on one thread that lives as long as
/// the supervisor, while the caller waits.
///
/// Thread safety: ``run(_:)`` may be called from any thread.
public final class LauncherThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var work: [() -> Void] = []

    /// Starts the thread; it lives until the process ends.
    public init() {
        let thread = Thread { [self] in serve() }
        thread.name = "exthost.launcher"
        thread.start()
    }

    /// Runs `body` on the launcher thread and waits for its result.
    func run<Value>(_ body: @escaping () -> Value) -> Value {
        let done = NSCondition()
        var result: [Value] = []
        condition.lock()
        work.append {
            let value = body()
            done.lock()
            result.append(value)
            done.signal()
            done.unlock()
        }
        condition.signal()
        condition.unlock()
        done.lock()
        defer { done.unlock() }
        while result.isEmpty { done.wait() }
        return result[0]
    }

    private func serve() {
        while true {
            condition.lock()
            while work.isEmpty { condition.wait() }
            let next = work.removeFirst()
            condition.unlock()
            next()
        }
    }
}
