import ExthostPosix
import Synchronization

/// Whether anyone is using the service: the connections open now, and when
/// the last one closed. What `--idle-exit` waits on.
///
/// Thread safety: every method may be called from any thread.
final class ServiceActivity: Sendable {
    private struct State {
        var connections = 0
        /// Monotonic nanoseconds of the last connection opened or closed.
        var lastChange = Posix.monotonicNanoseconds()
    }

    private let state = Mutex(State())

    func connectionOpened() {
        state.withLock {
            $0.connections += 1
            $0.lastChange = Posix.monotonicNanoseconds()
        }
    }

    func connectionClosed() {
        state.withLock {
            $0.connections -= 1
            $0.lastChange = Posix.monotonicNanoseconds()
        }
    }

    /// Returns once `seconds` have passed with no connection open and no
    /// session open (`sessions()` is 0), or when the task is cancelled.
    /// Looks every quarter of the period, at most every second.
    func waitUntilIdle(for seconds: Double, sessions: () -> Int) async {
        let period = Duration.milliseconds(Int(min(max(seconds / 4, 0.05), 1) * 1000))
        var idleSince: UInt64?
        while !Task.isCancelled {
            let (connections, lastChange) = state.withLock { ($0.connections, $0.lastChange) }
            if connections == 0 && sessions() == 0 {
                // Idle since first seen idle, or since a connection closed
                // between two looks.
                let since = max(idleSince ?? Posix.monotonicNanoseconds(), lastChange)
                idleSince = since
                if Posix.monotonicNanoseconds() >= Posix.deadline(after: seconds, from: since) { return }
            } else {
                idleSince = nil
            }
            try? await Task.sleep(for: period)
        }
    }
}
