import ExthostTestSupport
import Foundation
import Testing

/// The study-record example's two screens: donated by the app when shown,
/// listed as shortcuts, given phrases and invoked by phrase, all through real
/// `exthost` processes, the real app and a real store file.
@Suite("Donations: study record shortcuts", .serialized)
struct DonationStudyRecordTests {
    let qrCode = #"{"activityType": "com.example.studyrecord.viewQRCode", "title": "View my QR code"}"#
    let barcode = #"{"activityType": "com.example.studyrecord.scanBarcode", "title": "Scan a book's barcode"}"#

    @Test("QR code and barcode: donated by the app, given phrases, invoked by phrase")
    func donatePhraseSay() throws {
        let system = try ExampleSystem.donations()
        defer { system.tearDown() }

        // The user opens the two screens; the app donates each.
        for activity in [qrCode, barcode] {
            let opened = try system.exthost(["open", "--json", try system.file("activity.json", activity)])
            #expect(opened.status == 0, "\(opened.standardError)")
        }
        let donations = try #require(try system.exthost(["donations", "list", "--json"]).json()["donations"] as? [[String: Any]])
        let types = Set(donations.compactMap { ($0["shortcut"] as? [String: Any])?["activityType"] as? String })
        #expect(types == ["com.example.studyrecord.viewQRCode", "com.example.studyrecord.scanBarcode"])

        // The shortcuts the app offers: both screens, and its extension's intent, by its title.
        let listed = try system.exthost(["shortcuts", "list", "--json", "--app", DonatingApp.studyRecord])
        let shortcuts = try #require(try listed.json()["shortcuts"] as? [[String: Any]])
        let titles = shortcuts.compactMap { $0["title"] as? String }
        #expect(titles.contains("View my QR code") && titles.contains("Scan a book's barcode") && titles.contains("Record study"))
        let barcodeReference = try #require(shortcuts.first { $0["title"] as? String == "Scan a book's barcode" }?["reference"] as? String)

        // "Add to Siri": the suggested phrase for one, the user's own for the other.
        let qrPhrase = try system.exthost(["shortcuts", "add", "--json", "--app", DonatingApp.studyRecord,
                                           "--activity-type", "com.example.studyrecord.viewQRCode"])
        #expect(qrPhrase.status == 0, "\(qrPhrase.standardOutput)\(qrPhrase.standardError)")
        #expect(try qrPhrase.json()["invocationPhrase"] as? String == "Show my QR code")
        let barcodePhrase = try system.exthost(["shortcuts", "add", "Scan a book", "--shortcut", barcodeReference, "--json"])
        #expect(barcodePhrase.status == 0, "\(barcodePhrase.standardOutput)")

        // Said, with other case, width and punctuation: the app opens the screen.
        let said = try system.exthost(["say", "--json", "SHOW my ＱＲ code!"])
        #expect(said.status == 0, "\(said.standardOutput)\(said.standardError)")
        let saidJSON = try said.json()
        #expect(saidJSON["outcome"] as? String == "continued")
        #expect(saidJSON["shown"] as? [String] == ["my QR code: studyrecord://friends/add?user=\(NSUserName())"])
        let scanned = try system.exthost(["say", "scan a book"])
        #expect(scanned.status == 0, "\(scanned.standardError)")
        #expect(scanned.standardOutput.contains("barcode scanner: point the camera at a book's barcode"))

        // Each continuation is performed again: the app donated it again.
        let after = try #require(try system.exthost(["donations", "list", "--json"]).json()["donations"] as? [[String: Any]])
        #expect(after.count == 4)

        // Edit, then delete, a phrase.
        let voice = try #require(try system.exthost(["shortcuts", "list", "--phrases", "--json"]).json()["voiceShortcuts"] as? [[String: Any]])
        #expect(voice.count == 2)
        let barcodeID = try #require(voice.first { $0["invocationPhrase"] as? String == "Scan a book" }?["identifier"] as? String)
        #expect(try system.exthost(["shortcuts", "edit", barcodeID, "--phrase", "Scan a barcode"]).status == 0)
        #expect(try system.exthost(["say", "scan a book"]).status == 1)
        #expect(try system.exthost(["say", "scan a barcode"]).standardOutput.contains("barcode scanner: point the camera at a book's barcode"))
        #expect(try system.exthost(["shortcuts", "delete", String(barcodeID.prefix(8))]).status == 0)
        let missing = try system.exthost(["say", "scan a barcode"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("no voice shortcut"))
    }

    @Test("an activity type the app does not declare is refused with 1901 and what to do")
    func undeclaredActivity() throws {
        let system = try ExampleSystem.donations()
        defer { system.tearDown() }
        let file = try system.file("secret.json", #"{"app": "com.example.studyrecord", "activityType": "com.example.studyrecord.secretScreen"}"#)
        let refused = try system.exthost(["donations", "add", "--json", file])
        #expect(refused.status == 4)
        let json = try refused.json()
        #expect((json["error"] as? [String: Any])?["code"] as? Int == 1901)
        #expect((json["message"] as? String)?.contains("NSUserActivityTypes") == true)
        let missingKey = try system.file("goal.json", #"{"app": "com.example.studyrecord", "activityType": "com.example.studyrecord.weekly-goal", "userInfo": {"weeklyMinutes": 30}, "requiredUserInfoKeys": ["weeklyMinutes", "weeklyGoalMinutes"]}"#)
        let refusedKey = try system.exthost(["donations", "add", missingKey])
        #expect(refusedKey.status == 4)
        #expect(refusedKey.standardError.contains("weeklyGoalMinutes"))
        #expect(try system.exthost(["donations", "list", "--json"]).json()["donations"] as? [Any] == nil
                || (try system.exthost(["donations", "list", "--json"]).json()["donations"] as? [Any])?.isEmpty == true)
    }

    @Test("a phrase another shortcut has is refused; one close to another app's draws a warning")
    func phraseConflict() throws {
        let system = try ExampleSystem.donations()
        defer { system.tearDown() }
        #expect(try system.exthost(["shortcuts", "add", "Show my QR code", "--app", DonatingApp.studyRecord,
                                    "--activity-type", "com.example.studyrecord.viewQRCode"]).status == 0)
        let clash = try system.exthost(["shortcuts", "add", "--json", "show my QR-code.", "--app", DonatingApp.studyRecord,
                                        "--activity-type", "com.example.studyrecord.scanBarcode"])
        #expect(clash.status == 1)
        let error = try #require(try clash.json()["error"] as? [String: Any])
        #expect(error["code"] as? Int == 1910)
        #expect((error["message"] as? String)?.contains("already used") == true)

        let close = try system.exthost(["shortcuts", "add", "Show my QR codes", "--app", DonatingApp.freee,
                                        "--intent", "FreeeFetchWalletableTransactions"])
        #expect(close.status == 0)
        #expect(close.standardError.contains("include the app's name"))
        #expect(close.standardError.contains("Show my QR codes in Accounting"))
    }
}
