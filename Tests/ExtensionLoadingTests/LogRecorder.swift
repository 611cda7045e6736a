import Logging
import Synchronization

/// A swift-log backend that keeps what it is given, for tests: make a
/// `Logger` with ``logger(label:level:)`` and read ``entries``.
final class LogRecorder: Sendable {
    /// One line as it reached the backend.
    struct Entry: Equatable, Sendable {
        var label: String
        var level: Logger.Level
        var message: String
        var metadata: Logger.Metadata
    }

    private let recorded = Mutex<[Entry]>([])

    /// Everything logged so far, in order.
    var entries: [Entry] { recorded.withLock { $0 } }

    /// A logger whose lines this recorder keeps.
    func logger(label: String, level: Logger.Level) -> Logger {
        var logger = Logger(label: label) { Handler(label: $0, recorder: self) }
        logger.logLevel = level
        return logger
    }

    private struct Handler: LogHandler {
        let label: String
        let recorder: LogRecorder
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]
        var metadataProvider: Logger.MetadataProvider?

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let entry = Entry(
                label: label, level: event.level, message: event.message.description,
                metadata: metadata.merging(event.metadata ?? [:]) { $1 })
            recorder.recorded.withLock { $0.append(entry) }
        }
    }
}
