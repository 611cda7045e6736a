/// The level of a line a plugin writes through `exthost_host_api.log`.
public enum LogLevel: Int32, CaseIterable, Sendable {
    /// `EXTHOST_LOG_DEBUG`.
    case debug = 0
    /// `EXTHOST_LOG_INFO`.
    case info = 1
    /// `EXTHOST_LOG_ERROR`.
    case error = 2
}
