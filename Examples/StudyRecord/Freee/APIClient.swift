import Foundation
import Intents

/// The accounting app's API, as far as this example needs it: "start a
/// wallet sync" is writing a sync request into the app group's shared
/// container, which the app picks up when it next runs.
enum APIClient {
    /// Requests a sync of every wallet's transactions.
    ///
    /// - Parameter completion: Called once, with whether the request was
    ///   recorded (false when the app declares no shared container).
    static func callTheAPI(completion: @escaping (Bool) -> Void) {
        guard let container = ExtensionHost.sharedContainerPath else {
            completion(false)
            return
        }
        let request = URL(fileURLWithPath: container).appendingPathComponent("sync-requested")
        let stamp = ISO8601DateFormatter().string(from: Date())
        completion((try? Data(stamp.utf8).write(to: request, options: .atomic)) != nil)
    }
}
