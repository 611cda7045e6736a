import ExthostTestSupport
import Foundation
import Testing

/// The freee example (DESIGN §2's handler, verbatim) run as it ships: its
/// request file and its app's manifest from the checkout, nothing written by
/// hand.
@Suite("freee account sync, as shipped")
struct FreeeAsShippedTests {
    static let shippedApps = TestPaths.packageRoot.appendingPathComponent("Examples/StudyRecord/FreeeApp")
    static let request = TestPaths.packageRoot.appendingPathComponent("Examples/StudyRecord/Requests/sync-wallets.json")

    @Test("the shipped request succeeds with the shipped manifest, and the app picks the sync up when it next runs")
    func runsAsShipped() throws {
        // The manifest names the app as `swift build` leaves it.
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.shippedApps.appendingPathComponent("Freee.app.json"))) as? [String: Any])
        let executable = Self.shippedApps.appendingPathComponent(try #require(manifest["executable"] as? String)).standardized
        try #require(FileManager.default.isExecutableFile(atPath: executable.path),
                     "the shipped manifest points at \(executable.path), which `swift build` makes; these tests need that build")

        let system = try ExampleSystem(plugins: ["FreeeExtension"])
        defer {
            // The app `exthost open` launched from the shipped folder.
            system.terminateApps(in: Self.shippedApps)
            system.tearDown()
        }
        let ran = try system.exthost(["run", "--json", "--plugins", system.plugins.path, "--apps", Self.shippedApps.path, Self.request.path])
        #expect(ran.status == 0, "\(ran.both)")
        #expect(try ran.json()["code"] as? String == "success")

        // APIClient.callTheAPI wrote the request into the app group the manifest declares.
        let requested = URL(fileURLWithPath: system.sharedContainers)
            .appendingPathComponent("group.jp.co.freee.accounting/sync-requested")
        #expect(FileManager.default.fileExists(atPath: requested.path))

        let activity = try system.file("activity.json", #"{"activityType": "FreeeFetchWalletableTransactionsIntent"}"#)
        let opened = try system.exthost(["open", "--json", "--apps", Self.shippedApps.path, activity])
        #expect(opened.status == 0, "\(opened.both)")
        let shown = try #require(try opened.json()["shown"] as? [String])
        #expect(shown.first?.hasPrefix("picked up the wallet sync requested at 20") == true, "\(shown)")
        #expect(shown.contains("wallets: sync from Siri"))
        #expect(!FileManager.default.fileExists(atPath: requested.path))
    }
}
