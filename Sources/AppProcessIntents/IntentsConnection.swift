import AppWire
import CExthost
import DonationStore
import Foundation
import Intents
import SharedContainer
import Synchronization

/// Connects the Intents SDK inside an app process to the system, so the
/// code an iOS app runs — `INInteraction(intent:response:).donate`,
/// `NSUserActivity.becomeCurrent()`, `INVoiceShortcutCenter`… — does its
/// work unchanged.
///
/// In an extension the SDK reaches the system through the table the host
/// passes to `init` (`exthost_host_api`). An app has no host: it is its own
/// process, and apps write the system's donation store themselves
/// (``AppDonations``). This gives the SDK a table of the same shape whose
/// `donations` entry writes through ``AppDonations``.
public enum IntentsConnection {
    /// Connects the SDK for the app `identifier`. Call it once, at launch
    /// (e.g. in `application(_:didFinishLaunchingWithOptions:)`).
    ///
    /// - Parameters:
    ///   - identifier: The app's identifier: the donations' app.
    ///   - storePath: The donation store; by default the system's.
    /// - Throws: ``DonationStoreError`` when the store cannot be opened.
    public static func connect(app identifier: String, storePath: String = StoreLocation.defaultPath()) throws(DonationStoreError) {
        let donations = try AppDonations(app: identifier, storePath: storePath)
        let table = UnsafeMutablePointer<exthost_host_api>.allocate(capacity: 1)  // static: the SDK keeps it
        table.initialize(to: exthost_host_api(
            size: UInt32(MemoryLayout<exthost_host_api>.size),
            abi_version: EXTHOST_ABI_VERSION,
            log: appLog,
            shared_container: launchContainer().map { UnsafePointer(strdup($0)!) },  // static, as the table
            donations: appDonations
        ))
        connection.withLock { $0 = donations }
        ExtensionHost.connectApp(table, app: identifier)
    }

    fileprivate static let connection = Mutex<AppDonations?>(nil)

    /// The container of the app group the system launched the app with
    /// (its manifest's `appGroup`), as an extension of the app is given it;
    /// nil when the app declares none.
    static func launchContainer(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        SharedContainer.path(appGroup: environment[LaunchEnvironment.appGroup], baseDirectory: environment[LaunchEnvironment.sharedContainers])
    }
}

/// `exthost_host_api.log` for an app: standard error.
private func appLog(level: Int32, message: UnsafePointer<CChar>?) {
    guard let message else { return }
    FileHandle.standardError.write(Data("[app] \(String(cString: message))\n".utf8))
}

/// `exthost_host_api.donations` for an app: the request, through the store
/// apps write.
private func appDonations(operation: Int32, request: UnsafePointer<CChar>?, message: UnsafeMutablePointer<CChar>?, capacity: Int) -> Int32 {
    let donations = IntentsConnection.connection.withLock { $0 }
    return DonationRequest.performEntry(
        operation: operation, request: request, message: message, capacity: capacity,
        store: { () throws(DonationStoreError) in
            guard let donations else {
                throw DonationStoreError(.donatingInteraction, "the app is not connected to the donation store (IntentsConnection.connect)")
            }
            return donations.store
        },
        declaredActivityTypes: { donations?.declaredActivityTypes(app: $0) }
    )
}
