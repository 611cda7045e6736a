import CExthost
import Foundation
@testable import Intents
import Testing

/// What the SDK sends through `exthost_host_api.donations`, against a host
/// table made here (the real host and store are exercised by
/// `DonationAccountSyncTests`, in real processes).
extension CThunkTests {
/// Serialized with the other suites that connect the SDK to a host table:
/// the connection is process-wide, so a test in another suite must not swap
/// it between a test's connect and its donation.
@Suite(.serialized)
struct INInteractionDonationTests {
    /// What the fake host received, and what it answers.
    final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var requests: [(Int32, [String: Any])] = []
        func withLock<R>(_ body: (inout [(Int32, [String: Any])]) -> R) -> R {
            lock.lock()
            defer { lock.unlock() }
            return body(&requests)
        }
    }

    static let received = Received()
    nonisolated(unsafe) static var answer: Int32 = 0

    static func host(size: Int = MemoryLayout<exthost_host_api>.size) -> UnsafeMutablePointer<exthost_host_api> {
        let table = UnsafeMutablePointer<exthost_host_api>.allocate(capacity: 1)
        table.initialize(to: exthost_host_api(
            size: UInt32(size), abi_version: EXTHOST_ABI_VERSION, log: { _, _ in }, shared_container: nil,
            donations: { operation, request, message, capacity in
                let text = request.map { String(cString: $0) } ?? "{}"
                let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
                INInteractionDonationTests.received.withLock { $0.append((operation, object)) }
                let code = INInteractionDonationTests.answer
                if code != 0, let message, capacity > 5 {
                    _ = "nope".withCString { strcpy(message, $0) }
                }
                return code
            }))
        return table
    }

    final class SyncIntent: INIntent, @unchecked Sendable {
        override class var intentName: String { "FreeeFetchWalletableTransactions" }
        var account: String? = "wallet-1"
        var count: NSNumber? = 3
    }

    @Test func donateSendsTheIntentItsValuesAndGroup() throws {
        let table = Self.host()
        ExtensionHost.connect(table, app: "jp.co.freee.accounting")
        defer { ExtensionHost.connect(nil) }
        Self.received.withLock { $0 = [] }
        Self.answer = 0
        let interaction = INInteraction(intent: SyncIntent(), response: nil)
        interaction.groupIdentifier = "account-sync"
        var error: (any Error)? = CocoaError(.featureUnsupported)
        interaction.donate { error = $0 }
        #expect(error == nil)
        INInteraction.delete(with: "account-sync")
        let sent = Self.received.withLock { $0 }
        #expect(sent.map(\.0) == [Int32(EXTHOST_DONATION_DONATE_INTERACTION), Int32(EXTHOST_DONATION_DELETE_INTERACTION_GROUP)])
        #expect(sent[0].1["app"] as? String == "jp.co.freee.accounting")
        #expect(sent[0].1["intent"] as? String == "FreeeFetchWalletableTransactions")
        #expect(sent[0].1["groupIdentifier"] as? String == "account-sync")
        let parameters = sent[0].1["parameters"] as? [String: Any]
        #expect(parameters?["account"] as? String == "wallet-1")
        #expect(parameters?["count"] as? Int == 3)
        #expect(sent.count == 2 && sent[1].1["groupIdentifier"] as? String == "account-sync")
    }

    @Test func anOptionSetIsSentAsItsOptionsNames() throws {
        let table = Self.host()
        ExtensionHost.connect(table, app: "com.example.messaging")
        defer { ExtensionHost.connect(nil) }
        Self.received.withLock { $0 = [] }
        Self.answer = 0
        let search = INSearchForMessagesIntent()
        search.attributes = [.unread, .flagged]
        INInteraction(intent: search, response: nil).donate()
        let sent = Self.received.withLock { $0 }
        let parameters = sent.first?.1["parameters"] as? [String: Any]
        #expect(parameters?["attributes"] as? [String] == ["unread", "flagged"], "\(sent)")
    }

    final class FailedSync: INIntentResponse, @unchecked Sendable {
        override var _exthostCode: Int32 { 5 }
    }

    @Test func anInteractionWithAResponseSendsItsCodeForTheHostToJudge() {
        let table = Self.host()
        ExtensionHost.connect(table, app: "jp.co.freee.accounting")
        defer { ExtensionHost.connect(nil) }
        Self.received.withLock { $0 = [] }
        Self.answer = 0
        INInteraction(intent: SyncIntent(), response: FailedSync()).donate()
        INInteraction(intent: SyncIntent(), response: nil).donate()
        let sent = Self.received.withLock { $0 }
        #expect(sent.count == 2)
        #expect(sent.first?.1["responseCode"] as? Int == 5)
        #expect(sent.last?.1["responseCode"] == nil)
    }

    @Test func aRefusalComesBackWithItsCodeAndTheHostsReason() {
        let table = Self.host()
        ExtensionHost.connect(table, app: "com.example.studyrecord")
        defer { ExtensionHost.connect(nil) }
        Self.answer = 1901
        let activity = NSUserActivity(activityType: "com.example.studyrecord.secret")
        activity.isEligibleForPrediction = true
        var received: (any Error)?
        activity.becomeCurrent { received = $0 }
        let error = received as? INIntentError
        #expect(error?.errorCode == 1901)
        #expect(error?.message.contains("nope") == true)
        // Not eligible: nothing is sent.
        Self.received.withLock { $0 = [] }
        NSUserActivity(activityType: "x").becomeCurrent { received = $0 }
        #expect(Self.received.withLock { $0.isEmpty })
        Self.answer = 0
    }

    @Test func aHostTableWithoutTheFieldIsNotReadPastItsEnd() {
        let table = Self.host(size: ExtensionHost.baseTableSize)
        ExtensionHost.connect(table, app: "a")
        defer { ExtensionHost.connect(nil) }
        Self.received.withLock { $0 = [] }
        var received: (any Error)?
        INInteraction.deleteAll { received = $0 }
        #expect((received as? INIntentError)?.errorCode == 1902)
        #expect(Self.received.withLock { $0.isEmpty })
    }
}
}

/// Shortcut suggestions and relevant shortcuts cross as shortcut JSON.
extension CThunkTests.INInteractionDonationTests {
    @Test func suggestionsAndRelevantShortcuts() {
        let table = Self.host()
        ExtensionHost.connect(table, app: "com.example.studyrecord")
        defer { ExtensionHost.connect(nil) }
        Self.received.withLock { $0 = [] }
        Self.answer = 0
        let qr = NSUserActivity(activityType: "com.example.studyrecord.viewQRCode")
        qr.title = "View my QR code"
        INVoiceShortcutCenter.shared.setShortcutSuggestions([INShortcut(userActivity: qr)])
        let relevant = INRelevantShortcut(shortcut: INShortcut(intent: SyncIntent())!)
        relevant.relevanceProviders = [INDateRelevanceProvider(start: Date(timeIntervalSince1970: 100), end: Date(timeIntervalSince1970: 200))]
        var error: (any Error)? = CocoaError(.featureUnsupported)
        INRelevantShortcutStore.default.setRelevantShortcuts([relevant]) { error = $0 }
        #expect(error == nil)
        let sent = Self.received.withLock { $0 }
        #expect(sent.map(\.0) == [Int32(EXTHOST_DONATION_SET_SHORTCUT_SUGGESTIONS), Int32(EXTHOST_DONATION_SET_RELEVANT_SHORTCUTS)])
        let suggested = (sent.first?.1["shortcuts"] as? [[String: Any]])?.first
        #expect(suggested?["activityType"] as? String == "com.example.studyrecord.viewQRCode")
        let item = (sent.last?.1["shortcuts"] as? [[String: Any]])?.first
        #expect(item?["intent"] as? String == "FreeeFetchWalletableTransactions")
        #expect(item?["startDate"] as? Double == 100)
    }
}
