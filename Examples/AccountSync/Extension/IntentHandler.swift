import AccountSyncKit
import Foundation
import Intents

/// The accounting app's extension: *Sync Accounts* from Siri.
///
/// The intent has no parameters; the definition requires the user's
/// confirmation, which the system asks before `handle`. `handle` runs the
/// sync (the app's shared code) and answers success with the number of new
/// transactions, or failure with the reason. The sync posts its "finished"
/// notification (`UNUserNotificationCenter`), which the system delivers at once.
final class IntentHandler: INExtension, SyncAccountsIntentHandling {
    override func handler(for intent: INIntent) -> Any {
        self
    }

    func confirm(intent: SyncAccountsIntent, completion: @escaping (SyncAccountsIntentResponse) -> Void) {
        do {
            _ = try AccountSyncService.forAppGroup(containerPath: ExtensionHost.sharedContainerPath)
            completion(SyncAccountsIntentResponse(code: .ready, userActivity: nil))
        } catch {
            completion(.failure(failureReason: error.description))
        }
    }

    func handle(intent: SyncAccountsIntent, completion: @escaping (SyncAccountsIntentResponse) -> Void) {
        do {
            let service = try AccountSyncService.forAppGroup(containerPath: ExtensionHost.sharedContainerPath)
            let count = try service.sync()
            completion(.success(newTransactions: NSNumber(value: count)))
        } catch {
            ExtensionHost.log("sync failed: \(error)", level: .error)
            completion(.failure(failureReason: error.description))
        }
    }
}
