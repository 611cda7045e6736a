import IntentConversation
import ExthostABI
import CExthost
import Foundation
import Logging

/// The `exthost_host_api` tables extensions' `init` receives: one per loaded
/// extension (each has its own shared container and its own log), owned by
/// the host and never freed, as the header promises ("static").
enum HostAPI {
    /// A table for one extension.
    ///
    /// - Parameters:
    ///   - sharedContainer: The directory of the extension's app group, or
    ///     nil when its app declares none.
    ///   - caller: The extension, for its donations function.
    ///   - services: The system's handlers the table's functions call.
    ///   - logger: Where the extension's `log` calls go, at the level
    ///     ``level(_:)`` gives; its handler decides what is shown.
    static func make(sharedContainer: String?, caller: DonatingExtension, services: HostServices, logger: Logger) -> UnsafeMutablePointer<exthost_host_api> {
        let pointer = UnsafeMutablePointer<exthost_host_api>.allocate(capacity: 1)
        pointer.initialize(
            to: exthost_host_api(
                size: UInt32(MemoryLayout<exthost_host_api>.size),
                abi_version: EXTHOST_ABI_VERSION,
                log: LogClosure.make(logger: logger),
                shared_container: sharedContainer.map { UnsafePointer(strdup($0)!) },
                donations: DonationsClosure.make(for: caller, services: services)
            )
        )
        return pointer
    }

    /// The swift-log level of a line logged through `exthost_host_api.log`:
    /// the one place the ABI's levels meet swift-log's. A level this host
    /// does not know (a newer plugin's) is taken as debug.
    static func level(_ raw: Int32) -> Logger.Level {
        switch LogLevel(rawValue: raw) {
        case .debug, nil: .debug
        case .info: .info
        case .error: .error
        }
    }
}
