import Logging

/// The level exthost's processes log at, read from the environment:
///
/// - `EXTHOST_LOG_LEVEL`: one of `trace`, `debug`, `info`, `notice`,
///   `warning`, `error`, `critical`;
/// - else `EXTHOST_DEBUG`, set to anything: `debug` (extensions' debug lines
///   are shown);
/// - else `info`.
public struct LogLevelSetting: Equatable, Sendable {
    /// The variable naming a level.
    public static let levelVariable = "EXTHOST_LOG_LEVEL"
    /// The variable that, set to anything, shows debug lines.
    public static let debugVariable = "EXTHOST_DEBUG"

    /// The level to log at.
    public var level: Logger.Level
    /// Why the environment's `EXTHOST_LOG_LEVEL` was not used, when it names
    /// no level.
    public var problem: String?

    /// Reads the setting.
    ///
    /// - Parameter environment: The process's environment.
    public init(environment: [String: String]) {
        let fallback: Logger.Level = environment[Self.debugVariable] == nil ? .info : .debug
        level = fallback
        guard let text = environment[Self.levelVariable], !text.isEmpty else { return }
        if let named = Logger.Level(rawValue: text.lowercased()) {
            level = named
        } else {
            let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            problem = "\(Self.levelVariable)=\(text) names no level (\(levels)); logging at \(fallback)"
        }
    }
}
