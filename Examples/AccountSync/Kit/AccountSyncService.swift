import Foundation
import Intents
import SharedContainer
import UserNotifications

/// A sync of every account: fetch the service's transactions, keep the new
/// ones in the app group's ledger, and post a notification saying how it
/// ended (`UNUserNotificationCenter`, which the system delivers at once:
/// `exthost notifications` shows it). The extension (for *Sync Accounts* from Siri) and the app (its
/// own "Sync now") run the same code: this module is the example's shared
/// framework.
public struct AccountSyncService: Sendable {
    /// The app group the app and its extension share.
    public static let appGroup = "group.com.example.accountsync"
    /// The thread the sync's notifications are grouped in.
    public static let notificationThread = "account-sync"
    /// The file of the transactions synced so far.
    public static let ledgerFile = "ledger.json"

    public let container: SharedContainer
    public let server: AccountingServer

    public init(container: SharedContainer, server: AccountingServer = .fromEnvironment()) {
        self.container = container
        self.server = server
    }

    /// The service for the app group's container.
    ///
    /// - Parameter containerPath: The container's folder as the system gives
    ///   it to an extension (`ExtensionHost.sharedContainerPath`); nil to
    ///   find it from the environment, as the app does.
    /// - Throws: ``SyncFailure/storage(_:)`` when the container cannot be made.
    public static func forAppGroup(containerPath: String? = nil, sharedContainersPath: String? = nil) throws(SyncFailure) -> AccountSyncService {
        do {
            if let containerPath {
                let url = URL(fileURLWithPath: containerPath)
                let container = try SharedContainer(appGroup: url.lastPathComponent, baseDirectory: url.deletingLastPathComponent().path)
                return AccountSyncService(container: container)
            }
            return AccountSyncService(container: try SharedContainer(appGroup: appGroup, baseDirectory: sharedContainersPath))
        } catch {
            throw .storage("\(error)")
        }
    }

    /// Syncs, then posts the notification that says how the sync ended.
    ///
    /// - Returns: How many transactions were new.
    /// - Throws: ``SyncFailure``.
    public func sync() throws(SyncFailure) -> Int {
        do throws(SyncFailure) {
            let fetched = try server.transactions()
            var ledger = self.ledger()
            let known = Set(ledger.map(\.identifier))
            let new = fetched.filter { !known.contains($0.identifier) }
            ledger.append(contentsOf: new)
            do {
                try container.write(try JSONEncoder().encode(ledger), toFileNamed: Self.ledgerFile)
            } catch {
                throw SyncFailure.storage("\(error)")
            }
            notify(title: "Sync finished", body: "\(new.count) new transactions")
            return new.count
        } catch {
            notify(title: "Sync failed", body: error.description)
            throw error
        }
    }

    /// The transactions synced so far.
    public func ledger() -> [Transaction] {
        container.contents(ofFileNamed: Self.ledgerFile).flatMap { try? JSONDecoder().decode([Transaction].self, from: $0) } ?? []
    }

    /// Posts the notification that says how a sync ended; a notification
    /// the system refuses is logged, and the sync's result stands.
    public func notify(title: String, body: String) {
        let content = UNMutableNotificationContent()
        content.title = title
        content.body = body
        content.threadIdentifier = Self.notificationThread
        let request = UNNotificationRequest(identifier: UUID().uuidString, content: content, trigger: nil)
        UNUserNotificationCenter.current().add(request) { error in
            if let error { ExtensionHost.log("the sync's notification was not posted: \(error)", level: .error) }
        }
    }
}
