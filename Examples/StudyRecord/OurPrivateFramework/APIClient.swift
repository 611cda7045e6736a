import Foundation
import Intents

/// The accounting app's API, as far as this example needs it (in the app's
/// private framework, which its extension imports): "start a
/// wallet sync" is writing a sync request into the app group's shared
/// container, which the app picks up when it next runs.
public enum APIClient {
    /// The file in the app group's container a sync request is written to,
    /// which the app picks up.
    public static let syncRequestFile = "sync-requested"

    /// Requests a sync of every wallet's transactions.
    ///
    /// - Parameter completion: Called once, with whether the request was
    ///   recorded (false when the app declares no shared container).
    public static func callTheAPI(completion: @escaping (Bool) -> Void) {
        donateSync()
        guard let container = ExtensionHost.sharedContainerPath else {
            completion(false)
            return
        }
        let request = URL(fileURLWithPath: container).appendingPathComponent(syncRequestFile)
        let stamp = ISO8601DateFormatter().string(from: Date())
        completion((try? Data(stamp.utf8).write(to: request, options: .atomic)) != nil)
    }

    /// The group the sync donations belong to, deleted together when the
    /// user signs out.
    public static let syncDonationGroup = "account-sync"

    /// Tells the system the user synced their accounts, as the app does on
    /// iOS, so that the sync is suggested and can be given a phrase:
    /// `INInteraction(intent:response: nil).donate`.
    public static func donateSync() {
        let interaction = INInteraction(intent: FreeeFetchWalletableTransactionsIntent(), response: nil)
        interaction.groupIdentifier = syncDonationGroup
        interaction.donate { error in
            if let error { ExtensionHost.log("the account sync was not donated: \(error)", level: .error) }
        }
    }
}
