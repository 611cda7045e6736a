import Foundation
import Logging

/// The `LogHandler` of exthost's own processes (the `exthost` command, and
/// the service to come): one line per entry on standard error,
///
/// ```
/// [extension info] the workout is logged
/// [apps warning] the app did not answer pid=4242
/// ```
///
/// The tag is the logger's label less its `exthost.` prefix, then the level;
/// then the message, then the metadata given with that one entry
/// (`key=value`, sorted by key). A logger's own metadata (``metadata``,
/// e.g. the name of the extension an `exthost.extension` logger speaks for)
/// says where lines come from and is left to handlers that route them, so
/// these lines read as they always have.
///
/// Embedding applications bring their own handler; only exthost's entry
/// points call ``bootstrap(environment:)``.
public struct StandardErrorLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?

    /// What the lines of this handler are tagged with.
    let tag: String
    private let write: @Sendable (String) -> Void

    /// A handler for the logger `label`.
    ///
    /// - Parameters:
    ///   - label: The logger's label, e.g. `exthost.extension`.
    ///   - logLevel: The least severe level written.
    public init(label: String, logLevel: Logger.Level = .info) {
        self.init(label: label, logLevel: logLevel) { line in
            // A closed or broken standard error loses the line; it never
            // ends the process (the non-throwing write would).
            try? FileHandle.standardError.write(contentsOf: Data(line.utf8))
        }
    }

    /// A handler writing its lines (each ending in a newline) to `write`.
    init(label: String, logLevel: Logger.Level, write: @escaping @Sendable (String) -> Void) {
        self.logLevel = logLevel
        self.write = write
        tag = label.hasPrefix("exthost.") ? String(label.dropFirst("exthost.".count)) : label
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var line = "[\(tag) \(event.level)] \(event.message)"
        for (key, value) in (event.metadata ?? [:]).sorted(by: { $0.key < $1.key }) {
            line += " \(key)=\(value)"
        }
        write(line + "\n")
    }

    /// Makes this the handler of every `Logger` the process creates from now
    /// on, at the level the environment asks for (``LogLevelSetting``). Call
    /// it once, first thing in `main`: swift-log allows one bootstrap per
    /// process.
    ///
    /// - Parameter environment: The process's environment.
    public static func bootstrap(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let setting = LogLevelSetting(environment: environment)
        LoggingSystem.bootstrap { StandardErrorLogHandler(label: $0, logLevel: setting.level) }
        if let problem = setting.problem {
            Logger(label: "exthost").warning("\(problem)")
        }
    }
}
