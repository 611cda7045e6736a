import CExthost
import Foundation

/// The `exthost_host_api` table every extension's `init` receives: static,
/// owned by the host.
final class HostAPI: @unchecked Sendable {
    static let shared = HostAPI()

    let pointer: UnsafeMutablePointer<exthost_host_api>

    private init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(
            to: exthost_host_api(
                size: UInt32(MemoryLayout<exthost_host_api>.size),
                abi_version: EXTHOST_ABI_VERSION,
                log: hostLog,
                shared_container: nil,
                donations: hostDonations
            )
        )
    }
}

/// `exthost_host_api.log`: one line on standard error. [any-thread]
private func hostLog(level: Int32, message: UnsafePointer<CChar>?) {
    guard let message else { return }
    let label = switch level {
    case Int32(EXTHOST_LOG_ERROR): "error"
    case Int32(EXTHOST_LOG_INFO): "info"
    default: "debug"
    }
    if level == Int32(EXTHOST_LOG_DEBUG) && ProcessInfo.processInfo.environment["EXTHOST_DEBUG"] == nil {
        return
    }
    FileHandle.standardError.write(Data("[extension \(label)] \(String(cString: message))\n".utf8))
}
