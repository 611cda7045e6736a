import Dispatch
import Intents

/// Tells a test that a C completion was called, for completions called
/// later from another thread (a handler's `async` form, a default that
/// bridges through a task). The suites using it are serialized, as for
/// ``CompletionRecorder``.
enum CompletionSignal {
    static let semaphore = DispatchSemaphore(value: 0)

    /// Forgets earlier signals and the last completion.
    static func reset() {
        while semaphore.wait(timeout: .now()) == .success {}
        CompletionRecorder.reset()
    }

    /// Waits up to thirty seconds for the next completion. A completion
    /// bridged through a task needs a thread of the cooperative pool, which
    /// other suites running at the same time may hold for seconds on a loaded
    /// 2-core machine; a late completion would then be counted in the next
    /// call's record. The wait ends as soon as the completion comes.
    ///
    /// - Returns: Whether one came.
    static func wait() -> Bool {
        semaphore.wait(timeout: .now() + 30) == .success
    }

    /// A response completion that records the code.
    static let recordResponse: @convention(c) (Int32, UnsafeRawPointer?) -> Void = { code, _ in
        CompletionRecorder.last.calls += 1
        CompletionRecorder.last.code = code
        semaphore.signal()
    }
}
