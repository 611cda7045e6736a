import DonationStore
import ExthostABI
import ExthostTestSupport
import Foundation
import GRDB
import Testing

/// The store on a real file: donations, deletes with Apple's scopes, phrases.
struct DonationStoreTests {
    let app = "jp.co.freee.accounting"

    func store() throws -> DonationStore {
        try DonationStore(path: makeTemporaryDirectory("store").appendingPathComponent("donations.sqlite").path)
    }

    func sync(_ id: String, group: String? = "account-sync", app: String? = nil) -> Donation {
        Donation(identifier: id, shortcut: .intent(app: app ?? self.app, intent: "FreeeFetchWalletableTransactions"), groupIdentifier: group)
    }

    @Test func theDefaultLocationFollowsXDG() {
        #expect(StoreLocation.defaultPath(environment: ["EXTHOST_DATA_DIR": "/x", "XDG_DATA_HOME": "/y", "HOME": "/h"]) == "/x/donations.sqlite")
        #expect(StoreLocation.defaultPath(environment: ["XDG_DATA_HOME": "/y", "HOME": "/h"]) == "/y/exthost/donations.sqlite")
        #expect(StoreLocation.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]) == "/h/.local/share/exthost/donations.sqlite")
    }

    @Test func deletingByIdentifierGroupAndAllKeepsOtherAppsAndKinds() throws {
        let store = try store()
        try store.donate(sync("a"))
        try store.donate(sync("b"))
        try store.donate(sync("c", group: "other"))
        try store.donate(sync("d", app: "com.example.other"))
        try store.donate(Donation(identifier: "qr", shortcut: .userActivity(app: app, activityType: "t", persistentIdentifier: "p")))
        #expect(try store.deleteInteractions(app: app, identifiers: ["a", "d"]) == 1)
        #expect(try store.deleteInteractions(app: app, groupIdentifier: "account-sync") == 1)
        #expect(try store.deleteAllInteractions(app: app) == 1)
        #expect(Set(try store.donations().map(\.identifier)) == ["d", "qr"])
        #expect(try store.deleteActivities(app: app, persistentIdentifiers: ["p"]) == 1)
    }

    @Test func aDonationWithTheSameIdentifierReplacesTheEarlierOne() throws {
        let store = try store()
        try store.donate(sync("a"))
        try store.donate(sync("a", group: "new"))
        #expect(try store.donations().map(\.groupIdentifier) == ["new"])
    }

    @Test("a run the extension donated itself is recorded once, keeping the extension's identifier and group")
    func aRunCountsOnce() throws {
        let store = try store()
        let runStart = Date()
        var system = Donation(identifier: "request-1", shortcut: sync("x").shortcut, intentHandlingStatus: "success", source: .system)
        // Nothing donated during the run: the system's record is added.
        #expect(try store.recordRun(system, since: runStart) == ["request-1"])
        // The extension donates during the next run: that donation stands for it.
        let secondRun = Date()
        try store.donate(sync("from-extension"))
        system.identifier = "request-2"
        #expect(try store.recordRun(system, since: secondRun) == ["from-extension"])
        let donations = try store.donations()
        #expect(Set(donations.map(\.identifier)) == ["request-1", "from-extension"])
        let donated = try #require(donations.first { $0.identifier == "from-extension" })
        #expect(donated.groupIdentifier == "account-sync" && donated.source == .donated)
        #expect(donated.intentHandlingStatus == "success", "the system saw the response")
        #expect(try store.suggestions(app: app).map(\.count) == [2], "two runs count twice")
        // A run that failed: the extension's donation takes the failure and is not suggested.
        let thirdRun = Date()
        try store.donate(sync("failed-run"))
        system.identifier = "request-3"
        system.intentHandlingStatus = "failure"
        #expect(try store.recordRun(system, since: thirdRun) == ["failed-run"])
        #expect(try store.suggestions(app: app).map(\.count) == [2])
        // Another app's donation, or one from before the run, is not the run.
        try store.donate(sync("other-app", app: "com.example.other"))
        system.identifier = "request-4"
        #expect(try store.recordRun(system, since: Date()) == ["request-4"])
    }

    @Test("a phrase saved before normal forms were composed is found again once the store is reopened")
    func phrasesSavedEarlierAreRecomputed() throws {
        let path = try makeTemporaryDirectory("store").appendingPathComponent("donations.sqlite").path
        let qr = Shortcut.userActivity(app: "com.example.studyrecord", activityType: "com.example.studyrecord.viewQRCode")
        _ = try DonationStore(path: path).addVoiceShortcut(phrase: "QRｺｰﾄﾞを表示", shortcut: qr)
        // As an earlier exthost saved it: the half-width voiced mark apart from its kana.
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE voiceShortcut SET normalizedPhrase = ?", arguments: ["qrコート\u{3099}を表示"])
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v2 composed phrases'")
            // Earlier stores carry no schema version: the migrator checks them.
            try db.execute(sql: "PRAGMA user_version = 0")
        }
        #expect(try DonationStore(path: path).voiceShortcut(matching: "QRコードを表示")?.invocationPhrase == "QRｺｰﾄﾞを表示")
    }

    @Test("a store opened once carries its schema version; a newer version is left as it is")
    func schemaVersionAndDurability() throws {
        let path = try makeTemporaryDirectory("store").appendingPathComponent("donations.sqlite").path
        _ = try DonationStore(path: path)
        let version = try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") }
        #expect(version == 10)
        // A later store (a newer exthost's version) opens, and keeps its version.
        try DatabaseQueue(path: path).write { try $0.execute(sql: "PRAGMA user_version = 11") }
        try DonationStore(path: path).donate(sync("after-newer"))
        #expect(try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 11)
        #expect(try DonationStore(path: path).donations().map(\.identifier) == ["after-newer"])
    }

    @Test("one connection: a new store is still created in WAL mode and migrated; a current one is written and read; a damaged one is refused as a pool refuses it")
    func singleConnection() throws {
        let path = try makeTemporaryDirectory("store").appendingPathComponent("donations.sqlite").path
        try DonationStore(path: path, connections: .single).donate(sync("first"))
        #expect(try DatabaseQueue(path: path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        #expect(try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 10)
        let single = try DonationStore(path: path, connections: .single)
        try single.recordRun(sync("second"), since: Date())
        #expect(Set(try single.donations().map(\.identifier)) == ["first", "second"])
        #expect(try single.integrityCheck() == ["ok"])

        let damaged = try makeTemporaryDirectory("store").appendingPathComponent("donations.sqlite").path
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: damaged))
        #expect {
            _ = try DonationStore(path: damaged, connections: .single)
        } throws: { error in
            (error as? DonationStoreError)?.description.contains("cannot open the donation store \(damaged)") == true
        }
    }

    @Test func activityRules() throws {
        let shortcut = Shortcut.userActivity(app: "com.example.studyrecord", activityType: "com.example.studyrecord.secret")
        #expect(throws: DonationStoreError.self) {
            try ActivityDonationRules.check(shortcut, declaredActivityTypes: ["com.example.studyrecord.viewQRCode"], requiredUserInfoKeys: [])
        }
        do {
            let needs = Shortcut.userActivity(app: "a", activityType: "t", userInfo: #"{"book": 1}"#)
            try ActivityDonationRules.check(needs, declaredActivityTypes: ["t"], requiredUserInfoKeys: ["book", "page"])
            Issue.record("a missing required key was accepted")
        } catch {
            #expect(error.code == .donatingInteraction)
            #expect(error.message.contains("page"))
        }
    }

    @Test func phrasesConflictAfterNormalisingAndWarnAcrossApps() throws {
        let store = try store()
        let qr = Shortcut.userActivity(app: "com.example.studyrecord", activityType: "com.example.studyrecord.viewQRCode")
        let sync = Shortcut.intent(app: app, intent: "FreeeFetchWalletableTransactions")
        let added = try store.addVoiceShortcut(phrase: "Show my QR code", shortcut: qr)
        #expect(added.warnings.isEmpty)
        #expect(throws: DonationStoreError.self) { try store.addVoiceShortcut(phrase: "ＳＨＯＷ my qr-code!", shortcut: sync) }
        let close = try store.addVoiceShortcut(phrase: "Show my QR codes", shortcut: sync)
        #expect(close.warnings.count == 1)
        #expect(close.warnings.first?.contains("Accounting") == true)
        // Editing to another shortcut's phrase is refused; to its own, accepted.
        #expect(throws: DonationStoreError.self) {
            try store.editVoiceShortcut(identifier: close.voiceShortcut.identifier, phrase: "show my QR code")
        }
        _ = try store.editVoiceShortcut(identifier: added.voiceShortcut.identifier, phrase: "Show my QR code, please")
        #expect(try store.voiceShortcut(matching: "show my qr code please")?.shortcut == qr)
        try store.deleteVoiceShortcut(identifier: added.voiceShortcut.identifier)
        #expect(try store.voiceShortcut(matching: "show my qr code please") == nil)
        #expect(throws: DonationStoreError.self) { try store.deleteVoiceShortcut(identifier: "nope") }
    }

    @Test func requestsInTheABIForm() throws {
        let store = try store()
        let declared: (String) -> [String]? = { $0 == "com.example.studyrecord" ? ["com.example.studyrecord.viewQRCode"] : nil }
        try DonationRequest.perform(.donateInteraction, json: #"{"app": "jp.co.freee.accounting", "intent": "FreeeFetchWalletableTransactions", "groupIdentifier": "account-sync", "parameters": {}}"#,
                                    store: store, declaredActivityTypes: declared)
        try DonationRequest.perform(.donateActivity, json: #"{"app": "com.example.studyrecord", "activityType": "com.example.studyrecord.viewQRCode", "title": "View my QR code"}"#,
                                    store: store, declaredActivityTypes: declared)
        #expect(throws: DonationStoreError.self) {
            try DonationRequest.perform(.donateActivity, json: #"{"app": "com.example.studyrecord", "activityType": "undeclared"}"#,
                                        store: store, declaredActivityTypes: declared)
        }
        do {
            try DonationRequest.perform(.deleteInteractionGroup, json: #"{"app": "x"}"#, store: store, declaredActivityTypes: declared)
            Issue.record("a group delete without a group was accepted")
        } catch {
            #expect(error.code.rawValue == 1904)
        }
        #expect(try DonationRequest.perform(.deleteInteractionGroup, json: #"{"app": "jp.co.freee.accounting", "groupIdentifier": "account-sync"}"#,
                                            store: store, declaredActivityTypes: declared) == 1)
        #expect(try store.donations().map(\.shortcut.title) == ["View my QR code"])
        try DonationRequest.perform(.setShortcutSuggestions, json: #"{"app": "com.example.studyrecord", "shortcuts": [{"intent": "PostStudyRecord", "parameters": {"duration": 30}}]}"#,
                                    store: store, declaredActivityTypes: declared)
        #expect(try store.suggestions(app: "com.example.studyrecord").map(\.shortcut.intent).contains("PostStudyRecord"))
    }

    @Test("a notification is logged in its app's name; the same identifier replaces it, and one without text is refused")
    func notificationsInTheABIForm() throws {
        let store = try store()
        let none: (String) -> [String]? = { _ in nil }
        try DonationRequest.perform(.postNotification, json: #"{"app": "com.example.accountsync", "identifier": "sync", "title": "Sync finished", "body": "2 new transactions", "threadIdentifier": "account-sync"}"#,
                                    store: store, declaredActivityTypes: none)
        try DonationRequest.perform(.postNotification, json: #"{"app": "com.example.studyrecord", "title": "Goal reached"}"#,
                                    store: store, declaredActivityTypes: none)
        try DonationRequest.perform(.postNotification, json: #"{"app": "com.example.accountsync", "identifier": "sync", "title": "Sync finished", "body": "5 new transactions"}"#,
                                    store: store, declaredActivityTypes: none)
        let logged = try store.notifications()
        #expect(logged.map(\.summary) == ["Goal reached", "Sync finished: 5 new transactions"])
        #expect(try store.notifications(app: "com.example.accountsync").count == 1)
        #expect(try store.notifications(after: logged[0].sequence ?? 0).map(\.title) == ["Sync finished"])

        for (json, reason) in [(#"{"app": "com.example.accountsync", "identifier": "empty"}"#, "a title or a body"),
                               (#"{"app": "com.example.accountsync", "title": 12}"#, "\"title\" must be text")] {
            do {
                try DonationRequest.perform(.postNotification, json: json, store: store, declaredActivityTypes: none)
                Issue.record("accepted \(json)")
            } catch {
                #expect(error.code.rawValue == 1901)
                #expect(error.message.contains(reason), "\(error.message)")
            }
        }
        // An extension posts in its own app's name only.
        let requester = DonationRequester(name: "com.example.studyrecord.intents", app: "com.example.studyrecord", problemWithInteraction: { _, _ in nil })
        var refused: [String] = []
        let code = #"{"app": "com.example.accountsync", "title": "Forged"}"#.withCString {
            DonationRequest.performEntry(operation: DonationOperation.postNotification.rawValue, request: $0, message: nil, capacity: 0,
                                         store: { () throws(DonationStoreError) in store }, declaredActivityTypes: none,
                                         requester: requester, refused: { refused.append($0.message) })
        }
        #expect(code == 1901)
        #expect(refused.first?.contains("belongs to com.example.studyrecord") == true)
        #expect(try store.notifications().count == 2)
    }
}
