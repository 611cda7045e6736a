import IntentConversation
import ExthostABI
import CExthost
import Foundation

/// The `exthost_host_api` tables extensions' `init` receives: one per loaded
/// extension (each has its own shared container), owned by the host and
/// never freed, as the header promises ("static").
enum HostAPI {
    /// A table for one extension.
    ///
    /// - Parameters:
    ///   - sharedContainer: The directory of the extension's app group, or
    ///     nil when its app declares none.
    ///   - services: The system's entries the table points at.
    static func make(sharedContainer: String?, services: HostServices) -> UnsafeMutablePointer<exthost_host_api> {
        let pointer = UnsafeMutablePointer<exthost_host_api>.allocate(capacity: 1)
        pointer.initialize(
            to: exthost_host_api(
                size: UInt32(MemoryLayout<exthost_host_api>.size),
                abi_version: EXTHOST_ABI_VERSION,
                log: hostLog,
                shared_container: sharedContainer.map { UnsafePointer(strdup($0)!) },
                donations: services.donations
            )
        )
        return pointer
    }
}

/// `exthost_host_api.log`: one line on standard error. [any-thread]
private func hostLog(level: Int32, message: UnsafePointer<CChar>?) {
    guard let message else { return }
    let level = LogLevel(rawValue: level) ?? .debug
    let label = "\(level)"
    if level == .debug && ProcessInfo.processInfo.environment["EXTHOST_DEBUG"] == nil {
        return
    }
    FileHandle.standardError.write(Data("[extension \(label)] \(String(cString: message))\n".utf8))
}
