import ExthostTestSupport
import Foundation
import Testing

/// `exthost suggest` changes as donations accumulate, deterministically for a date.
@Suite("Donations: suggestions", .serialized)
struct DonationSuggestTests {
    func donate(_ system: ExampleSystem, _ type: String, at date: String, eligible: Bool = true, id: String? = nil) throws {
        var object: [String: Any] = ["app": DonatingApp.studyRecord, "activityType": type, "persistentIdentifier": type,
                                     "startDate": date, "eligibleForPrediction": eligible]
        if let id { object["identifier"] = id }
        let text = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        let result = try system.exthost(["donations", "add", try system.file("d.json", text)])
        #expect(result.status == 0, "\(result.standardError)")
    }

    func ranking(_ system: ExampleSystem, at date: String) throws -> [String] {
        let result = try system.exthost(["suggest", "--json", "--at", date])
        let list = try #require(try result.json()["suggestions"] as? [[String: Any]])
        return list.compactMap { ($0["shortcut"] as? [String: Any])?["activityType"] as? String }
    }

    @Test func suggestionsFollowFrequencyRecencyAndTimeOfDay() throws {
        let system = try ExampleSystem.donations()
        defer { system.tearDown() }
        let qr = "com.example.studyrecord.viewQRCode", barcode = "com.example.studyrecord.scanBarcode"
        #expect(try ranking(system, at: "2026-11-21T08:00:00Z").isEmpty)

        try donate(system, qr, at: "2026-11-20T08:00:00Z")
        #expect(try ranking(system, at: "2026-11-21T08:00:00Z") == [qr])

        // Barcode scans in the evening, more of them.
        for day in 17...20 { try donate(system, barcode, at: "2026-11-\(day)T20:00:00Z", id: "scan-\(day)") }
        #expect(try ranking(system, at: "2026-11-21T08:00:00Z") == [qr, barcode])
        #expect(try ranking(system, at: "2026-11-21T20:00:00Z") == [barcode, qr])

        // More QR views in the evening overtake.
        for day in 14...20 { try donate(system, qr, at: "2026-11-\(day)T19:30:00Z") }
        #expect(try ranking(system, at: "2026-11-21T20:00:00Z") == [qr, barcode])

        // Deleted donations and activities not eligible for prediction do not count.
        #expect(try system.exthost(["donations", "delete", "--identifier", "scan-17", "--identifier", "scan-18",
                                    "--identifier", "scan-19", "--identifier", "scan-20"]).status == 0)
        try donate(system, barcode, at: "2026-11-21T07:00:00Z", eligible: false)
        #expect(try ranking(system, at: "2026-11-21T20:00:00Z") == [qr])

        // The same date gives the same list.
        let first = try system.exthost(["suggest", "--json", "--at", "2026-11-21T20:00:00Z"]).standardOutput
        #expect(try system.exthost(["suggest", "--json", "--at", "2026-11-21T20:00:00Z"]).standardOutput == first)
    }
}
