import ExthostTestSupport
import Foundation
import Testing

/// The account sync (the freee extension of DESIGN §2): its interaction is
/// donated through the SDK and the host's donations entry, recorded by the
/// system too, deleted by group, and run again by phrase through the extension.
@Suite("Donations: account sync", .serialized)
struct DonationAccountSyncTests {
    @Test("donated by the extension and recorded by the system; deleted by group")
    func donateAndDeleteByGroup() throws {
        let system = try ExampleSystem.donations()
        defer { system.tearDown() }
        let request = try system.file("sync.json", #"{"intent": "FreeeFetchWalletableTransactions", "identifier": "request-1"}"#)
        let ran = try system.exthost(["run", "--json", request])
        #expect(ran.status <= 1, "\(ran.standardOutput)\(ran.standardError)")
        #expect(try ran.json()["extension"] as? String == "jp.co.freee.accounting.intents")

        let listed = try #require(try system.exthost(["donations", "list", "--json", "--app", DonatingApp.freee]).json()["donations"] as? [[String: Any]])
        #expect(listed.count == 2)
        let donated = try #require(listed.first { $0["source"] as? String == "donated" })
        #expect(donated["groupIdentifier"] as? String == "account-sync")
        #expect(donated["intentHandlingStatus"] as? String == "unspecified")
        let recorded = try #require(listed.first { $0["source"] as? String == "system" })
        #expect(recorded["identifier"] as? String == "request-1")

        let deleted = try system.exthost(["donations", "delete", "--json", "--app", DonatingApp.freee, "--group", "account-sync"])
        #expect(try deleted.json()["deleted"] as? Int == 1)
        let left = try #require(try system.exthost(["donations", "list", "--json"]).json()["donations"] as? [[String: Any]])
        #expect(left.map { $0["identifier"] as? String } == ["request-1"])
    }

    @Test("an intent shortcut said by phrase runs through its extension")
    func sayRunsTheExtension() throws {
        let system = try ExampleSystem.donations()
        defer { system.tearDown() }
        let add = try system.exthost(["shortcuts", "add", "Record thirty minutes", "--app", DonatingApp.studyRecord,
                                      "--intent", "PostStudyRecord", "--parameters", #"{"duration": 30, "memo": "chapter 3"}"#])
        #expect(add.status == 0, "\(add.standardError)")
        let said = try system.exthost(["say", "--json", "record thirty minutes"])
        let json = try said.json()
        #expect(json["extension"] as? String == "com.example.studyrecord.intents", "\(said.standardOutput)\(said.standardError)")
        let stages = (json["transcript"] as? [[String: Any]] ?? []).compactMap { $0["stage"] as? String }
        #expect(stages.contains("handle"))
        #expect((json["values"] as? [String: Any])?["duration"] as? Int == 30)
        // The request went through the system: it is recorded with its values.
        let donations = try #require(try system.exthost(["donations", "list", "--json"]).json()["donations"] as? [[String: Any]])
        let parameters = (donations.first?["shortcut"] as? [String: Any])?["parameters"] as? [String: Any]
        #expect(parameters?["duration"] as? Int == 30)
    }
}
