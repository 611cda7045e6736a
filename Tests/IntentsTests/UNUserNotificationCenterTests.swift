import CExthost
import Foundation
@testable import Intents
import Testing
import UserNotifications

/// What `UNUserNotificationCenter.add` sends through
/// `exthost_host_api.donations` (the host table of
/// ``INInteractionDonationTests``; the real store and `exthost
/// notifications` are exercised by `AccountSyncTests`, in real processes).
extension CThunkTests {
@Suite(.serialized)
struct UNUserNotificationCenterTests {
    typealias Host = INInteractionDonationTests

    private func content(title: String = "", body: String = "") -> UNMutableNotificationContent {
        let content = UNMutableNotificationContent()
        content.title = title
        content.body = body
        content.threadIdentifier = "account-sync"
        content.sound = .default
        return content
    }

    @Test func addSendsTheNotificationInTheAppsName() throws {
        let table = Host.host()
        ExtensionHost.connect(table, app: "com.example.accountsync")
        defer { ExtensionHost.connect(nil) }
        Host.received.withLock { $0 = [] }
        Host.answer = 0
        var result: (any Error)? = CocoaError(.featureUnsupported)
        let request = UNNotificationRequest(identifier: "sync-1", content: content(title: "Sync finished", body: "2 new transactions"), trigger: nil)
        UNUserNotificationCenter.current().add(request) { result = $0 }
        #expect(result == nil)
        let sent = Host.received.withLock { $0 }
        #expect(sent.map(\.0) == [Int32(EXTHOST_DONATION_POST_NOTIFICATION)])
        let fields = try #require(sent.first?.1)
        #expect(fields["app"] as? String == "com.example.accountsync")
        #expect(fields["identifier"] as? String == "sync-1")
        #expect(fields["title"] as? String == "Sync finished")
        #expect(fields["body"] as? String == "2 new transactions")
        #expect(fields["threadIdentifier"] as? String == "account-sync")
    }

    @Test func aNotificationWithoutTextIsRefusedBeforeTheSystemIsAsked() async {
        let table = Host.host()
        ExtensionHost.connect(table, app: "com.example.accountsync")
        defer { ExtensionHost.connect(nil) }
        Host.received.withLock { $0 = [] }
        let request = UNNotificationRequest(identifier: "empty", content: content(), trigger: nil)
        await #expect(throws: UNError.self) { try await UNUserNotificationCenter.current().add(request) }
        var code: Int?
        UNUserNotificationCenter.current().add(request) { code = ($0 as? UNError)?.errorCode }
        #expect(code == 1401)
        #expect(Host.received.withLock { $0 }.isEmpty)
    }

    @Test func theSystemsRefusalReachesTheCompletionWithItsReason() {
        let table = Host.host()
        ExtensionHost.connect(table, app: "com.example.accountsync")
        defer { ExtensionHost.connect(nil) }
        Host.answer = 1901
        defer { Host.answer = 0 }
        var error: UNError?
        UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: "x", content: content(title: "t"), trigger: nil)) {
            error = $0 as? UNError
        }
        #expect(error?.code == .notificationsNotAllowed)
        #expect(error?.message.contains("nope") == true)
    }

    @Test func withoutASystemTheNotificationIsNotAllowed() {
        ExtensionHost.connect(nil)
        var error: UNError?
        UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: "x", content: content(body: "b"), trigger: nil)) {
            error = $0 as? UNError
        }
        #expect(error?.code == .notificationsNotAllowed)
        #expect(error?.message.contains("not started by exthost") == true)
    }
}
}
