import DonationStore
import Foundation
import Testing

/// The documented scoring: frequency, recency (half-life 14 days), time of day.
struct SuggestionRankerTests {
    let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
    let now = ISO8601DateFormatter().date(from: "2026-11-21T08:00:00Z")!
    let qr = Shortcut.userActivity(app: "com.example.studyrecord", activityType: "com.example.studyrecord.viewQRCode", persistentIdentifier: "qr")
    let barcode = Shortcut.userActivity(app: "com.example.studyrecord", activityType: "com.example.studyrecord.scanBarcode", persistentIdentifier: "barcode")

    func donation(_ shortcut: Shortcut, daysAgo: Double, hour: Double = 8, eligible: Bool = true) -> Donation {
        let day = utc.startOfDay(for: now).addingTimeInterval(-daysAgo * 86_400)
        return Donation(shortcut: shortcut, eligibleForPrediction: eligible, startDate: day.addingTimeInterval(hour * 3600))
    }

    @Test("one donation now at the same hour scores 2; two weeks ago, 1; twelve hours away, 0")
    func formula() throws {
        let same = SuggestionRanker.rank(donations: [donation(qr, daysAgo: 0)], suggested: [], relevant: [], at: now, calendar: utc)
        #expect(abs(try #require(same.first).score - 2) < 1e-9)
        let old = SuggestionRanker.rank(donations: [donation(qr, daysAgo: 14)], suggested: [], relevant: [], at: now, calendar: utc)
        #expect(abs(try #require(old.first).score - 1) < 1e-9)
        let night = SuggestionRanker.rank(donations: [donation(qr, daysAgo: 1, hour: 20)], suggested: [], relevant: [], at: now, calendar: utc)
        #expect(abs(try #require(night.first).score) < 1e-9)
    }

    @Test func frequencyRecencyAndTimeOfDayOrderTheList() {
        // Barcode: three scans in the evening; QR: one this morning.
        let donations = [donation(barcode, daysAgo: 1, hour: 20), donation(barcode, daysAgo: 2, hour: 20), donation(barcode, daysAgo: 3, hour: 21),
                         donation(qr, daysAgo: 1, hour: 8)]
        let morning = SuggestionRanker.rank(donations: donations, suggested: [], relevant: [], at: now, calendar: utc)
        #expect(morning.map(\.shortcut.key) == [qr.key, barcode.key])
        let evening = SuggestionRanker.rank(donations: donations, suggested: [], relevant: [], at: now.addingTimeInterval(12 * 3600), calendar: utc)
        #expect(evening.map(\.shortcut.key) == [barcode.key, qr.key])
        #expect(evening.first?.count == 3)
    }

    @Test func ineligibleAndFutureDonationsAreLeftOut() {
        let donations = [donation(qr, daysAgo: 0, eligible: false), donation(barcode, daysAgo: -1)]
        #expect(SuggestionRanker.rank(donations: donations, suggested: [], relevant: [], at: now, calendar: utc).isEmpty)
    }

    @Test("a request that ended in an error response is not suggested; its successes still are")
    func failedRequestsAreLeftOut() {
        let record = Shortcut.intent(app: "com.example.studyrecord", intent: "PostStudyRecord", parameters: #"{"duration":30}"#)
        var failed = donation(record, daysAgo: 0)
        failed.intentHandlingStatus = "failure"
        #expect(SuggestionRanker.rank(donations: [failed], suggested: [], relevant: [], at: now, calendar: utc).isEmpty)
        var succeeded = donation(record, daysAgo: 1)
        succeeded.intentHandlingStatus = "success"
        let ranked = SuggestionRanker.rank(donations: [failed, succeeded], suggested: [], relevant: [], at: now, calendar: utc)
        #expect(ranked.map(\.count) == [1])
        #expect(ranked.first?.lastPerformed == succeeded.startDate)
    }

    @Test func suggestionsAndDateRelevance() {
        let record = Shortcut.intent(app: "com.example.studyrecord", intent: "PostStudyRecord")
        let relevant = [RelevantShortcut(shortcut: record, startDate: now.addingTimeInterval(-3600), endDate: now.addingTimeInterval(3600))]
        let ranked = SuggestionRanker.rank(donations: [donation(qr, daysAgo: 0)], suggested: [barcode], relevant: relevant, at: now, calendar: utc)
        #expect(ranked.map(\.shortcut.key) == [record.key, qr.key, barcode.key])
        #expect(ranked.first?.reasons == ["relevantShortcut"])
        // Outside its date relevance it counts for nothing.
        let later = SuggestionRanker.rank(donations: [], suggested: [], relevant: relevant, at: now.addingTimeInterval(86_400), calendar: utc)
        #expect(later.isEmpty)
    }

    @Test func tiesAreBrokenDeterministically() {
        let a = SuggestionRanker.rank(donations: [donation(qr, daysAgo: 0), donation(barcode, daysAgo: 0)], suggested: [], relevant: [], at: now, calendar: utc)
        let b = SuggestionRanker.rank(donations: [donation(barcode, daysAgo: 0), donation(qr, daysAgo: 0)], suggested: [], relevant: [], at: now, calendar: utc)
        #expect(a.map(\.shortcut.key) == b.map(\.shortcut.key))
    }
}
