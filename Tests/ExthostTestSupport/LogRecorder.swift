import Logging
import Synchronization

/// A swift-log backend that keeps what it is given, for tests: make a
/// `Logger` with ``logger(label:level:)`` and read ``entries``.
public final class LogRecorder: Sendable {
    /// One line as it reached the backend.
    public struct Entry: Equatable, Sendable {
        public var label: String
        public var level: Logger.Level
        public var message: String
        public var metadata: Logger.Metadata

        public init(label: String, level: Logger.Level, message: String, metadata: Logger.Metadata) {
            self.label = label
            self.level = level
            self.message = message
            self.metadata = metadata
        }
    }

    private let recorded = Mutex<[Entry]>([])

    /// Everything logged so far, in order.
    public var entries: [Entry] { recorded.withLock { $0 } }

    public init() {}

    /// A logger whose lines this recorder keeps.
    public func logger(label: String, level: Logger.Level) -> Logger {
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

extension LogRecorder.Entry {
    /// What the fixture plugin built with `FIXTURE_LOGS_AT_INIT` logs from
    /// its `init`, as the host logs it: one line at each level it uses, and
    /// one at a level no host knows (logged as debug).
    ///
    /// - Parameter identifier: The extension's identifier (`FIXTURE_IDENTIFIER`).
    public static func fixtureInitLines(extension identifier: String) -> [LogRecorder.Entry] {
        let named: Logger.Metadata = ["extension": .string(identifier)]
        return [
            .init(label: "exthost.extension", level: .debug, message: "debug line", metadata: named),
            .init(label: "exthost.extension", level: .info, message: "info line", metadata: named),
            .init(label: "exthost.extension", level: .error, message: "error line", metadata: named),
            .init(label: "exthost.extension", level: .debug, message: "line at level 7", metadata: named),
        ]
    }
}
