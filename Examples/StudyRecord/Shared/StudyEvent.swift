import Foundation

/// Something the extension or the app logs for the backend's analytics,
/// e.g. `stopwatchStarted` with the material.
public struct StudyEvent: Codable, Equatable, Sendable {
    /// What happened, e.g. `studyRecorded`, `stopwatchStarted`.
    public var name: String
    /// When, in seconds since 1970.
    public var time: Double
    /// Where it was logged: `extension` or `app`.
    public var source: String
    /// Details, e.g. `material`.
    public var properties: [String: String]

    public init(name: String, time: Double = Date().timeIntervalSince1970, source: String, properties: [String: String] = [:]) {
        self.name = name
        self.time = time
        self.source = source
        self.properties = properties
    }
}
