import Foundation
import CExthost

/// What the host offers the extension: its log and the app group's shared
/// container. A Linux addition (no `IN` prefix).
///
/// Set when the system starts the extension; before that (in unit tests
/// that drive an extension directly), logging goes to standard error and
/// there is no shared container.
public enum ExtensionHost {
    /// Log levels of the host's log.
    public enum LogLevel: Int32, Sendable {
        /// Details for developers.
        case debug = 0
        /// Normal events.
        case info = 1
        /// Failures.
        case error = 2
    }

    private static let api = Locked<UnsafePointer<exthost_host_api>?>(nil)

    static func connect(_ host: UnsafePointer<exthost_host_api>?) {
        // A host whose table is shorter than this SDK's is not read past its end.
        let usable = host.flatMap { $0.pointee.size >= UInt32(MemoryLayout<exthost_host_api>.size) ? $0 : nil }
        api.withLock { $0 = usable }
    }

    /// Writes a line to the host's log.
    ///
    /// - Parameters:
    ///   - message: The line.
    ///   - level: Its level.
    public static func log(_ message: String, level: LogLevel = .info) {
        if let log = api.withLock({ $0 })?.pointee.log {
            message.withCString { log(level.rawValue, $0) }
        } else {
            FileHandle.standardError.write(Data("[exthost extension] \(message)\n".utf8))
        }
    }

    /// The shared container of the extension's app group: a directory the
    /// app and its extensions can both write; `nil` when the app declares none.
    public static var sharedContainerPath: String? {
        api.withLock { $0 }?.pointee.shared_container.map { String(cString: $0) }
    }
}
