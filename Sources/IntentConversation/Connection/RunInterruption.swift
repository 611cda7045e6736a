import Foundation

/// How a conversation that is asked to stop (a session cancelled, a
/// service shutting down) reaches a run that is already in the handler's
/// hands (``ResolveRun``): the handler goes on from one call of a run to
/// the next without waiting for the engine, so `stopBeforeStage` alone,
/// asked by the engine before it hands the run over, cannot keep it from
/// calling `confirm` or `handle`.
///
/// The one who stops the conversation calls ``interrupt()`` after the
/// conversation's `stopBeforeStage` says so; the connection running a run
/// is told at once, on the interrupting thread, and tells its handler.
public final class RunInterruption: @unchecked Sendable {
    private let lock = NSLock()
    private var interrupted = false
    /// What tells the run in the handler's hands, while there is one.
    private var stopping: (@Sendable () -> Void)?

    public init() {}

    /// Asks the run in the handler's hands, if any, and any later one, to
    /// call neither `confirm` nor `handle`. The second call does nothing.
    public func interrupt() {
        lock.lock()
        defer { lock.unlock() }
        guard !interrupted else { return }
        interrupted = true
        // Under the lock: a run that ends is not told after it ended.
        stopping?()
    }

    /// Runs `body` (a run in the handler's hands) with `stop` as what
    /// tells it to stop: called once, from the thread that interrupts,
    /// when ``interrupt()`` is called while `body` runs; at once (here)
    /// when it was called before; never after `body` returned.
    public func during<Result>(stopping stop: @escaping @Sendable () -> Void, _ body: () -> Result) -> Result {
        lock.lock()
        let already = interrupted
        if !already { stopping = stop }
        lock.unlock()
        if already { stop() }
        defer {
            lock.lock()
            stopping = nil
            lock.unlock()
        }
        return body()
    }
}
