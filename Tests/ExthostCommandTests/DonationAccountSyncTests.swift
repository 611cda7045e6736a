import ExthostTestSupport
import Foundation
import Testing

/// The account sync (the freee extension of DESIGN §2): its interaction is
/// donated through the SDK and the host's donations entry, counted once
/// although the system records the run too, deleted by group, and run again
/// by phrase through the extension.
@Suite("Donations: account sync", .serialized)
struct DonationAccountSyncTests {
    @Test("donated by the extension during the run and recorded by the system: one donation per run; deleted by group")
    func donateAndDeleteByGroup() throws {
        let system = try ExampleSystem.donations()
        defer { system.tearDown() }
        let request = try system.file("sync.json", #"{"intent": "FreeeFetchWalletableTransactions", "identifier": "request-1"}"#)
        for _ in 1...2 {
            let ran = try system.exthost(["run", "--json", request])
            // This system installs no manifest for the accounting app, so the
            // extension has no shared container to write the sync request
            // to: the sync answers failure (after donating).
            #expect(ran.status == 1, "\(ran.standardOutput)\(ran.standardError)")
            #expect(try ran.json()["extension"] as? String == "jp.co.freee.accounting.intents")
        }

        // Two runs, two donations (not four): each the extension's own (its
        // group, so the app can delete it), with the status the system saw.
        let listed = try #require(try system.exthost(["donations", "list", "--json", "--app", DonatingApp.freee]).json()["donations"] as? [[String: Any]])
        #expect(listed.count == 2)
        #expect(listed.allSatisfy { $0["source"] as? String == "donated" && $0["groupIdentifier"] as? String == "account-sync" })
        #expect(listed.allSatisfy { $0["intentHandlingStatus"] as? String == "failure" })
        // Donated without a title: titled from the extension's definition.
        #expect(listed.allSatisfy { ($0["shortcut"] as? [String: Any])?["title"] as? String == "Sync wallet transactions" })
        // Failed syncs are not suggested.
        let suggested = try system.exthost(["suggest", "--json", "--app", DonatingApp.freee])
        #expect((try suggested.json()["suggestions"] as? [[String: Any]])?.isEmpty == true, "\(suggested.standardOutput)")

        let deleted = try system.exthost(["donations", "delete", "--json", "--app", DonatingApp.freee, "--group", "account-sync"])
        #expect(try deleted.json()["deleted"] as? Int == 2)
        let left = try system.exthost(["donations", "list", "--json"]).json()["donations"] as? [[String: Any]] ?? []
        #expect(left.isEmpty)
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
        let shortcut = donations.first?["shortcut"] as? [String: Any]
        #expect((shortcut?["parameters"] as? [String: Any])?["duration"] as? Int == 30)
        // Titled by the definition's summary for a duration.
        #expect(shortcut?["title"] as? String == "Record 30 minutes of study")
    }
}
