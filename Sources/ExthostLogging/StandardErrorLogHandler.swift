import Foundation
import Logging

/// The `LogHandler` of exthost's own processes (the `exthost` command and
/// `exthost serve`): one line per entry on standard error,
///
/// ```
/// [extension info] the workout is logged
/// [apps warning] the app did not answer pid=4242
/// [serve info] conversation ended intent=Ping outcome=success session=1c9e…
/// ```
///
/// The tag is the logger's label less its `exthost.` prefix, then the level;
/// then the message, then the metadata of the work the line was logged for
/// (``metadataProvider``: ``LogContext``, e.g. the session) and the metadata
/// given with that one entry (`key=value`, sorted by key; the entry's win).
/// A logger's own metadata (``metadata``, e.g. the name of the extension an
/// `exthost.extension` logger speaks for) says where lines come from and is
/// left to handlers that route them, so these lines read as they always
/// have.
///
/// In the ``LogFormat/json`` form each line is one JSON object instead:
/// `label`, `level`, `message`, `time` (ISO 8601, UTC, milliseconds) and
/// `metadata`, which holds all three (the logger's own, the work's, the
/// entry's, later ones winning).
///
/// Embedding applications bring their own handler; only exthost's entry
/// points call ``bootstrap(environment:)``.
public struct StandardErrorLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?

    /// What the lines of this handler are tagged with.
    let tag: String
    /// The logger's label, as the JSON form names it.
    let label: String
    /// The form of the lines.
    let format: LogFormat
    private let write: @Sendable (String) -> Void

    /// A handler for the logger `label`.
    ///
    /// - Parameters:
    ///   - label: The logger's label, e.g. `exthost.extension`.
    ///   - logLevel: The least severe level written.
    ///   - format: The form of the lines.
    ///   - metadataProvider: What the work a line is logged for adds to it
    ///     (``LogContext/metadataProvider``).
    public init(label: String, logLevel: Logger.Level = .info, format: LogFormat = .text, metadataProvider: Logger.MetadataProvider? = nil) {
        self.init(label: label, logLevel: logLevel, format: format, metadataProvider: metadataProvider) { line in
            // A closed or broken standard error loses the line; it never
            // ends the process (the non-throwing write would).
            try? FileHandle.standardError.write(contentsOf: Data(line.utf8))
        }
    }

    /// A handler writing its lines (each ending in a newline) to `write`.
    init(label: String, logLevel: Logger.Level, format: LogFormat = .text, metadataProvider: Logger.MetadataProvider? = nil,
         write: @escaping @Sendable (String) -> Void) {
        self.logLevel = logLevel
        self.format = format
        self.metadataProvider = metadataProvider
        self.label = label
        self.write = write
        tag = label.hasPrefix("exthost.") ? String(label.dropFirst("exthost.".count)) : label
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        // The work's metadata, then the entry's: an entry's own value wins.
        var context = metadataProvider?.get() ?? [:]
        if let given = event.metadata { context.merge(given) { $1 } }
        switch format {
        case .text:
            var line = "[\(tag) \(event.level)] \(event.message)"
            for (key, value) in context.sorted(by: { $0.key < $1.key }) {
                line += " \(key)=\(value)"
            }
            write(line + "\n")
        case .json:
            let object: [String: Any] = [
                "label": label, "level": event.level.rawValue, "message": "\(event.message)",
                "time": Date().formatted(Self.time),
                "metadata": Self.json(.dictionary(metadata.merging(context) { $1 })),
            ]
            // Every value is text, a list or an object of them: always JSON.
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
            write(String(decoding: data, as: UTF8.self) + "\n")
        }
    }

    /// The JSON form's `time`: UTC, with milliseconds.
    private static let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// A metadata value as JSON: text, a list, an object.
    private static func json(_ value: Logger.MetadataValue) -> Any {
        switch value {
        case .string(let text): text
        case .stringConvertible(let convertible): convertible.description
        case .array(let values): values.map(json)
        case .dictionary(let values): values.mapValues(json)
        }
    }

    /// Makes this the handler of every `Logger` the process creates from now
    /// on, at the level and in the form the environment asks for
    /// (``LogLevelSetting``, ``LogFormat``), with ``LogContext``'s metadata
    /// on every line. Call it once, first thing in `main`: swift-log allows
    /// one bootstrap per process.
    ///
    /// - Parameter environment: The process's environment.
    public static func bootstrap(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let setting = LogLevelSetting(environment: environment)
        let (format, formatProblem) = LogFormat.setting(environment: environment)
        LoggingSystem.bootstrap({ label, provider in
            StandardErrorLogHandler(label: label, logLevel: setting.level, format: format, metadataProvider: provider)
        }, metadataProvider: LogContext.metadataProvider)
        for problem in [setting.problem, formatProblem].compactMap({ $0 }) {
            Logger(label: "exthost").warning("\(problem)")
        }
    }
}
