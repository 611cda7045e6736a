import ExthostTestSupport
import Foundation
import Testing

/// A Japanese phrase said as a Japanese user types it — full-width or
/// half-width, the voiced mark apart, with or without punctuation — finds
/// its voice shortcut, through real `exthost` processes, the app and a store file.
@Suite("Donations: Japanese phrases", .serialized)
struct DonationJapanesePhraseTests {
    @Test("every way of typing 「QRコードを表示」 opens the QR screen; the same phrase half-width is taken")
    func halfWidthKatakanaFindsTheShortcut() throws {
        let system = try ExampleSystem.donations()
        defer { system.tearDown() }
        let added = try system.exthost(["shortcuts", "add", "QRコードを表示", "--app", DonatingApp.studyRecord,
                                        "--activity-type", "com.example.studyrecord.viewQRCode"])
        #expect(added.status == 0, "\(added.standardError)")

        for typed in ["QRコードを表示", "ＱＲコードを表示", "QRｺｰﾄﾞを表示", "ｑｒｺｰﾄﾞを表示｡", "ＱＲ　コート゛を　表示！"] {
            let said = try system.exthost(["say", "--json", typed])
            #expect(said.status == 0, "\(typed): \(said.standardOutput)\(said.standardError)")
            #expect(try said.json()["shown"] as? [String] == ["my QR code: studyrecord://friends/add?user=\(NSUserName())"], "\(typed)")
        }

        // Written differently, it is still the same phrase: refused for another shortcut.
        let clash = try system.exthost(["shortcuts", "add", "--json", "ＱＲｺｰﾄﾞを表示。", "--app", DonatingApp.studyRecord,
                                        "--activity-type", "com.example.studyrecord.scanBarcode"])
        #expect(clash.status == 1)
        #expect((try clash.json()["error"] as? [String: Any])?["code"] as? Int == 1910)
    }
}
