// The accounting app of the freee example, as far as its extension needs
// one: the app whose manifest (`Freee.app.json`) declares the app group the
// extension's `APIClient.callTheAPI` writes its sync request into, and which
// picks that request up when it next comes on screen.
//
// Activity types (declared in Freee.app.json):
//   FreeeFetchWalletableTransactionsIntent  system-made, for a response that
//                                           asks for the app
import AppProcess
import Foundation
import OurPrivateFramework
import SharedContainer

@MainActor
final class FreeeAppDelegate: AppDelegate {
    /// The file `APIClient.callTheAPI` writes.
    static let syncRequestFile = APIClient.syncRequestFile

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        // Launched for an activity, it picks the request up as it continues it.
        if application.applicationState == .foreground, options.userActivities.isEmpty {
            pickUpSyncRequest(application)
        }
        return true
    }

    func application(
        _ application: Application,
        continue userActivity: UserActivityPayload,
        restorationHandler: @escaping ([any UserActivityRestoring]?) -> Void
    ) -> Bool {
        guard userActivity.activityType == "FreeeFetchWalletableTransactionsIntent" else { return false }
        pickUpSyncRequest(application)
        application.show("wallets: sync from Siri")
        return true
    }

    /// Shows and takes the sync the extension requested while the app was
    /// not running, if there is one.
    private func pickUpSyncRequest(_ application: Application) {
        guard let group = application.appGroup else {
            application.show("no app group in the manifest: the extension's sync requests cannot reach the app")
            return
        }
        do {
            let container = try SharedContainer(appGroup: group, baseDirectory: application.sharedContainersPath)
            guard let stamp = container.contents(ofFileNamed: Self.syncRequestFile) else {
                application.show("no sync requested")
                return
            }
            try FileManager.default.removeItem(at: container.url.appendingPathComponent(Self.syncRequestFile))
            application.show("picked up the wallet sync requested at \(String(decoding: stamp, as: UTF8.self))")
        } catch {
            application.show("cannot read the app group's container: \(error)")
        }
    }
}

AppMain.run(name: "freee", delegate: FreeeAppDelegate())
