import ExthostTestSupport
import Foundation
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

    /// The notifications the system's log holds for the app (`exthost notifications --json`), oldest first.
    private func notifications(_ system: ExampleSystem) throws -> [[String: Any]] {
        let listed = try system.exthost(["notifications", "--json", "--app", "com.example.accountsync"])
        #expect(listed.status == 0, "\(listed.both)")
        return try listed.json()["notifications"] as? [[String: Any]] ?? []
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

        // The notification was delivered when the sync finished, in the
        // app's name, while the app was not running.
        let posted = try notifications(system)
        #expect(posted.map { $0["title"] as? String } == ["Sync finished"])
        #expect(posted.first?["body"] as? String == "2 new transactions")
        #expect(posted.first?["threadIdentifier"] as? String == "account-sync")
        let opened = try system.open(#"{"activityType": "com.example.accountsync.showLedger"}"#)
        #expect(opened.status == 0, "\(opened.both)")
        let shown = try #require(try opened.json()["shown"] as? [String])
        #expect(shown.first == "ledger: 2 transactions")

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
        let text = try system.exthost(["notifications"])
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("  com.example.accountsync  Sync failed: the accounting service cannot be reached"), "\(text.standardOutput)")
    }

    @Test("the app's own Sync now syncs, posts the notification and donates the intent")
    func appSyncDonates() throws {
        let system = try system()
        defer { system.tearDown() }
        let opened = try system.open(#"{"activityType": "com.example.accountsync.syncNow"}"#)
        #expect(opened.status == 0, "\(opened.both)")
        let shown = try #require(try opened.json()["shown"] as? [String])
        #expect(shown.first == "synced: 2 new transactions")
        // Posted from the app's own process, through the same SDK call.
        #expect(try notifications(system).map { $0["body"] as? String } == ["2 new transactions"])
        #expect(shown.last == "donated Sync Accounts")
        // The donation is in the system's store, in its group, ready to be suggested.
        let donations = try system.donations(ofApp: "com.example.accountsync")
        let donated = try #require(donations.first { $0["source"] as? String == "donated" }, "\(donations)")
        #expect((donated["shortcut"] as? [String: Any])?["intent"] as? String == "SyncAccounts")
        #expect(donated["groupIdentifier"] as? String == "account-sync")
    }

    @Test("notifications --follow prints the sync's notification when the sync finishes, not later")
    func followSeesTheNotificationAsItHappens() throws {
        let system = try system()
        defer { system.tearDown() }
        // A notification from before is listed first (the newest --limit),
        // then only what arrives.
        #expect(try system.run(Self.intent, answers: ["confirm=yes"]).status == 0)

        let follower = Process()
        follower.executableURL = BuiltProducts.executable("exthost")
        follower.arguments = ["notifications", "--follow", "--json", "--limit", "1", "--app", "com.example.accountsync"]
        follower.environment = system.environment
        follower.currentDirectoryURL = system.root
        let output = Pipe()
        follower.standardOutput = output
        follower.standardError = FileHandle.nullDevice
        try follower.run()
        defer {
            kill(follower.processIdentifier, SIGTERM)
            follower.waitUntilExit()
        }
        let lines = LineReader(output.fileHandleForReading)
        let earlier = try #require(lines.next(within: 10), "the follower printed nothing")
        #expect(try JSONSerialization.jsonObject(with: Data(earlier.utf8)) as? [String: Any] != nil)

        // While the follower runs, a second sync finds nothing new: its
        // notification is printed as soon as it is posted.
        #expect(try system.run(Self.intent, answers: ["confirm=yes"]).status == 0)
        let line = try #require(lines.next(within: 10), "the follower did not print the new notification")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["title"] as? String == "Sync finished")
        #expect(object["body"] as? String == "0 new transactions")
        #expect(object["app"] as? String == "com.example.accountsync")
        #expect(follower.isRunning, "--follow ended by itself")
    }
}

/// Reads lines from a pipe as a process writes them, waiting a bounded time for each.
private final class LineReader: @unchecked Sendable {
    private let lock = NSCondition()
    private var buffer = Data()
    private var ended = false

    init(_ handle: FileHandle) {
        handle.readabilityHandler = { [self] handle in
            let data = handle.availableData
            lock.lock()
            if data.isEmpty { ended = true; handle.readabilityHandler = nil } else { buffer.append(data) }
            lock.broadcast()
            lock.unlock()
        }
    }

    /// The next whole line, or nil when none comes within `seconds`.
    func next(within seconds: Double) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            if ended || !lock.wait(until: deadline) { return nil }
        }
    }
}
