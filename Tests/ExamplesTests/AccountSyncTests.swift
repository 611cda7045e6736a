import ExthostTestSupport
import Foundation
import SharedContainer
import Testing

/// Account sync: the extension through `exthost run --json`, and the app
/// through `exthost open --json`, sharing the app group's container.
@Suite("Account sync, end to end")
struct AccountSyncTests {
    static let group = "group.com.example.accountsync"
    static let intent = #"{"intent": "SyncAccounts"}"#

    /// A system whose accounting service (a folder) has `transactions`.
    private func system(transactions: [(String, String, Int, String)]? = [("t1", "Checking", -350, "Coffee beans"), ("t2", "Savings", 1200, "Interest")]) throws -> ExampleSystem {
        var system = try ExampleSystem(plugins: ["AccountSyncExtension"], apps: [ExampleApp.accountSync])
        let server = system.root.appendingPathComponent("server")
        system.environment["ACCOUNTSYNC_SERVER"] = server.path
        if let transactions {
            try FileManager.default.createDirectory(at: server, withIntermediateDirectories: true)
            let list = transactions.map { ["identifier": $0.0, "account": $0.1, "amount": $0.2, "memo": $0.3] as [String: Any] }
            try JSONSerialization.data(withJSONObject: list).write(to: server.appendingPathComponent("transactions.json"))
        }
        return system
    }

    /// The notifications waiting in the app group's queue (one JSON object a line).
    private func notifications(_ system: ExampleSystem) throws -> [[String: Any]] {
        let queue = try SharedContainer(appGroup: Self.group, baseDirectory: system.sharedContainers).queue(named: "notifications")
        let text = (try? String(contentsOfFile: queue.path, encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
    }

    @Test("the user is asked to confirm; without an answer nothing is synced")
    func asksToConfirm() throws {
        let system = try system()
        defer { system.tearDown() }
        let result = try system.run(Self.intent)
        #expect(result.status == 3, "\(result.both)")
        let question = try #require(try result.question())
        #expect(question["kind"] as? String == "confirmIntent")
        #expect(question["prompt"] as? String == "Sync Accounts?")
        #expect(try notifications(system).isEmpty)
    }

    @Test("confirmed: handle syncs, answers success, and the sync's notification reaches the app")
    func confirmedSuccess() throws {
        let system = try system()
        defer { system.tearDown() }
        let result = try system.run(Self.intent, answers: ["confirm=yes"])
        #expect(result.status == 0, "\(result.both)")
        let json = try result.json()
        #expect(json["code"] as? String == "success")
        #expect(json["message"] as? String == "Your accounts are synced: 2 new transactions.")
        #expect((json["response"] as? [String: Any])?["newTransactions"] as? Int == 2)

        // The notification waits in the app group's queue until the app is on screen.
        #expect(try notifications(system).map { $0["title"] as? String } == ["Sync finished"])
        let opened = try system.open(#"{"activityType": "com.example.accountsync.showLedger"}"#)
        #expect(opened.status == 0, "\(opened.both)")
        let shown = try #require(try opened.json()["shown"] as? [String])
        #expect(shown.first == "🔔 Sync finished: 2 new transactions")
        #expect(shown.contains("ledger: 2 transactions"))
        #expect(try notifications(system).isEmpty)

        // The system recorded the request it handled, as iOS does.
        let recorded = try system.donations(ofApp: "com.example.accountsync")
        #expect(recorded.contains {
            $0["source"] as? String == "system" && ($0["shortcut"] as? [String: Any])?["intent"] as? String == "SyncAccounts"
        }, "\(recorded)")

        // A second sync finds nothing new.
        let again = try system.run(Self.intent, answers: ["confirm=yes"])
        #expect(try again.json()["message"] as? String == "Your accounts are synced: 0 new transactions.")
    }

    @Test("declined: cancelled, handle never runs, nothing synced")
    func declined() throws {
        let system = try system()
        defer { system.tearDown() }
        let result = try system.run(Self.intent, answers: ["confirm=no"])
        #expect(result.status == 1)
        #expect(try result.json()["outcome"] as? String == "cancelled")
        #expect(!(try result.transcript()).contains { $0["stage"] as? String == "handle" })
        #expect(try notifications(system).isEmpty)
    }

    @Test("the service cannot be reached: failure with the reason, and a 'failed' notification")
    func confirmedFailure() throws {
        let system = try system(transactions: nil)
        defer { system.tearDown() }
        let result = try system.run(Self.intent, answers: ["confirm=yes"])
        #expect(result.status == 1, "\(result.both)")
        let json = try result.json()
        #expect(json["outcome"] as? String == "failure")
        #expect(json["code"] as? String == "failure")
        #expect(json["message"] as? String == "Sorry, your accounts could not be synced: the accounting service cannot be reached.")
        let posted = try notifications(system)
        #expect(posted.map { $0["title"] as? String } == ["Sync failed"])
    }

    @Test("the app's own Sync now syncs, shows the notification and donates the intent")
    func appSyncDonates() throws {
        let system = try system()
        defer { system.tearDown() }
        let opened = try system.open(#"{"activityType": "com.example.accountsync.syncNow"}"#)
        #expect(opened.status == 0, "\(opened.both)")
        let shown = try #require(try opened.json()["shown"] as? [String])
        #expect(shown.prefix(2) == ["synced: 2 new transactions", "🔔 Sync finished: 2 new transactions"])
        #expect(shown.last == "donated Sync Accounts")
        // The donation is in the system's store, in its group, ready to be suggested.
        let donations = try system.donations(ofApp: "com.example.accountsync")
        let donated = try #require(donations.first { $0["source"] as? String == "donated" }, "\(donations)")
        #expect((donated["shortcut"] as? [String: Any])?["intent"] as? String == "SyncAccounts")
        #expect(donated["groupIdentifier"] as? String == "account-sync")
    }
}
