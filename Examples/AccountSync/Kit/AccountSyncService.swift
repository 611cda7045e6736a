import Foundation
import SharedContainer

/// A sync of every account: fetch the service's transactions, keep the new
/// ones in the app group's ledger, and post a notification saying how it
/// ended. The extension (for *Sync Accounts* from Siri) and the app (its
/// own "Sync now") run the same code: this module is the example's shared
/// framework.
public struct AccountSyncService: Sendable {
    /// The app group the app and its extension share.
    public static let appGroup = "group.com.example.accountsync"
    /// The queue of notifications not yet shown.
    public static let notificationsQueue = "notifications"
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
    public func sync(now: Date = Date()) throws(SyncFailure) -> Int {
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
            post(SyncNotification(title: "Sync finished", body: "\(new.count) new transactions", finishedAt: now))
            return new.count
        } catch {
            post(SyncNotification(title: "Sync failed", body: error.description, finishedAt: now))
            throw error
        }
    }

    /// The transactions synced so far.
    public func ledger() -> [Transaction] {
        container.contents(ofFileNamed: Self.ledgerFile).flatMap { try? JSONDecoder().decode([Transaction].self, from: $0) } ?? []
    }

    /// Queues a notification for the app to show.
    public func post(_ notification: SyncNotification) {
        try? container.queue(named: Self.notificationsQueue).append(notification)
    }

    /// Takes the notifications not yet shown, oldest first.
    public func takeNotifications() -> [SyncNotification] {
        (try? container.queue(named: Self.notificationsQueue).drain(as: SyncNotification.self)) ?? []
    }
}
