import ExthostABI
import Foundation
import CExthost

/// What the host offers the extension: its log and the app group's shared
/// container. A Linux addition (no `IN` prefix).
///
/// Set when the system starts the extension; before that (in unit tests
/// that drive an extension directly), logging goes to standard error and
/// there is no shared container.
public enum ExtensionHost {
    private static let api = Locked<UnsafePointer<exthost_host_api>?>(nil)
    private static let containingApp = Locked<String?>(nil)

    /// The size of the table's first version (`size` … `shared_container`):
    /// a host with a shorter table is not used at all; fields appended later
    /// (`donations`) are read only when the host's `size` reaches past them.
    static let baseTableSize = MemoryLayout<exthost_host_api>.offset(of: \exthost_host_api.donations)!

    /// Connects the SDK in an app process to the system through a table of
    /// the host API's shape (`IntentsConnection.connect(app:)` builds
    /// one), so `donate`, `becomeCurrent()` and the shortcut calls work in
    /// the app as they do in an extension.
    ///
    /// - Parameters:
    ///   - host: The table; static: it must outlive every call.
    ///   - app: The app's identifier.
    public static func connectApp(_ host: UnsafePointer<exthost_host_api>, app: String) {
        connect(host, app: app)
    }

    static func connect(_ host: UnsafePointer<exthost_host_api>?, app: String? = nil) {
        // A host whose table is shorter than this SDK's is not read past its end.
        let usable = host.flatMap { $0.pointee.size >= UInt32(baseTableSize) ? $0 : nil }
        api.withLock { $0 = usable }
        containingApp.withLock { $0 = app }
    }

    /// The identifier of the app containing this extension (the descriptor's
    /// `app`), once the system has started the extension.
    public static var appIdentifier: String? {
        containingApp.withLock { $0 }
    }

    /// Sends a request to the system's donation store
    /// (`exthost_host_api.donations`).
    ///
    /// - Returns: `nil` on success, else the INIntentErrorCode and message.
    package static func donations(_ operation: DonationOperation, _ request: [String: Any]) -> (code: Int32, message: String)? {
        let (code, message) = ask(operation, request)
        return code == 0 ? nil : (code, message.isEmpty ? "the system refused the donation" : message)
    }

    /// Asks the system something through `exthost_host_api.donations` and
    /// reads its answer: what the host wrote into the message buffer
    /// (`EXTHOST_DONATION_SIRI_AUTHORIZATION` answers there on success).
    ///
    /// - Returns: 0 and the answer, or the INIntentErrorCode and message.
    package static func ask(_ operation: DonationOperation, _ request: [String: Any]) -> (code: Int32, message: String) {
        guard let host = api.withLock({ $0 }) else {
            return (-1, "this extension was not started by exthost (no host API), so there is no donation store to reach")
        }
        let end = MemoryLayout<exthost_host_api>.offset(of: \exthost_host_api.donations)! + MemoryLayout<UnsafeRawPointer>.size
        guard host.pointee.size >= UInt32(end), let donations = host.pointee.donations else {
            return (-1, "this host's API table (\(host.pointee.size) bytes) has no donations entry; run the extension with an exthost that has one")
        }
        var request = request
        if request["app"] == nil { request["app"] = appIdentifier ?? "" }
        guard let data = try? JSONSerialization.data(withJSONObject: request, options: [.sortedKeys]) else {
            return (-1, "the donation cannot be written as JSON")
        }
        let text = String(decoding: data, as: UTF8.self)
        var buffer = [CChar](repeating: 0, count: 1024)
        let code = text.withCString { pointer in
            buffer.withUnsafeMutableBufferPointer { donations(operation.rawValue, pointer, $0.baseAddress, $0.count) }
        }
        return (code, buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
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
