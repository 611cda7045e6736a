// The accounting app of the Account sync example.
//
// Activity types (declared in AccountSync.app.json):
//   com.example.accountsync.syncNow     the app's own "Sync now" button: syncs
//                                       and donates Sync Accounts, so the
//                                       system can suggest it
//   com.example.accountsync.showLedger  the synced transactions
//   SyncAccountsIntent                  system-made, for a response that asks
//                                       for the app: shows the ledger
//
// Notifications: a sync, in the extension or here, posts its "finished"
// notification with UNUserNotificationCenter; the system delivers it at once
// (`exthost notifications` shows it, `--follow` as it happens), whether or
// not this app is running.
import AccountSyncKit
import AppProcess
import AppProcessIntents
import Foundation
import Intents

@MainActor
final class AccountSyncAppDelegate: AppDelegate {
    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        // The SDK's donation calls reach the system's store from this process.
        do {
            try IntentsConnection.connect(app: application.identifier)
        } catch {
            application.show("donations unavailable: \(error)")
        }
        return true
    }

    func application(
        _ application: Application,
        continue userActivity: UserActivityPayload,
        restorationHandler: @escaping ([any UserActivityRestoring]?) -> Void
    ) -> Bool {
        switch userActivity.activityType {
        case "com.example.accountsync.syncNow":
            syncNow(application)
            return true
        case "com.example.accountsync.showLedger", "SyncAccountsIntent":
            showLedger(application)
            return true
        default:
            return false
        }
    }

    /// "Sync now": sync in the app (which posts the notification), donate the intent.
    private func syncNow(_ application: Application) {
        guard let service = service(application) else { return }
        do {
            let count = try service.sync()
            application.show("synced: \(count) new transactions")
        } catch {
            application.show("sync failed: \(error)")
        }
        donate(application)
    }

    /// Tells the system the person synced, so it can suggest *Sync Accounts*:
    /// `INInteraction(intent:response: nil).donate`, as the app does on iOS
    /// (the SDK reaches the store through ``IntentsConnection``).
    private func donate(_ application: Application) {
        let interaction = INInteraction(intent: SyncAccountsIntent(), response: nil)
        interaction.groupIdentifier = Self.syncDonationGroup
        interaction.donate { error in
            if let error {
                application.show("donation not recorded: \(error)")
            } else {
                application.show("donated Sync Accounts")
            }
        }
    }

    /// The group of the sync's donations, deleted together when the person signs out.
    static let syncDonationGroup = "account-sync"

    private func showLedger(_ application: Application) {
        guard let service = service(application) else { return }
        let ledger = service.ledger()
        application.show("ledger: \(ledger.count) transactions")
        for transaction in ledger.suffix(5) {
            application.show("  \(transaction.account): \(transaction.memo) \(String(format: "%.2f", Double(transaction.amount) / 100))")
        }
    }

    private func service(_ application: Application) -> AccountSyncService? {
        do {
            return try AccountSyncService.forAppGroup(sharedContainersPath: application.sharedContainersPath)
        } catch {
            application.show("cannot open the app group's container: \(error)")
            return nil
        }
    }
}

AppMain.run(name: "AccountSync", delegate: AccountSyncAppDelegate())
