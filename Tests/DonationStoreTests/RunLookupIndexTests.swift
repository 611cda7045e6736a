@testable import DonationStore
import ExthostTestSupport
import Foundation
import GRDB
import Testing

/// Recording a request asks whether the extension donated the same intent
/// during the run. That look-up must not read the app's earlier donations:
/// the service records every request it handles, and a store read whole
/// at each one slows every request as it grows.
struct RunLookupIndexTests {
    func donation(_ id: String, intent: String, source: Donation.Source, at date: Date) -> Donation {
        Donation(identifier: id, shortcut: .intent(app: "com.example.lights", intent: intent), source: source, startDate: date)
    }

    @Test("the run look-up is answered from the donation_run index, in a new store and in one migrated from v9")
    func lookUpUsesTheIndex() throws {
        let path = try makeTemporaryDirectory("run-lookup").appendingPathComponent("donations.sqlite").path
        let store = try DonationStore(path: path)
        let start = Date(timeIntervalSince1970: 1_000_000)
        try store.recordRuns((0..<200).map { .init(donation("run-\($0)", intent: "SetLights", source: .system, at: start), since: start) })
            .forEach { _ = try $0.get() }

        func plan() throws -> String {
            try DatabaseQueue(path: path).read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT identifier FROM donation WHERE \(DonationStore.donatedDuringRun)",
                                 arguments: ["com.example.lights", "intent", "SetLights", "donated", 0])
                    .map { $0["detail"] as String }.joined(separator: "; ")
            }
        }
        let newStore = try plan()
        #expect(newStore.contains("USING INDEX donation_run (app=? AND kind=? AND intent=? AND source=? AND startDate>?)"), "\(newStore)")

        // A store an earlier exthost left at v9 gets the index when opened.
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "DROP INDEX donation_run")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v10 run look-up'")
            try db.execute(sql: "PRAGMA user_version = 9")
        }
        #expect(try !plan().contains("donation_run"))
        _ = try DonationStore(path: path)
        #expect(try plan().contains("USING INDEX donation_run"))
        #expect(try DatabaseQueue(path: path).read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 10)
    }

    @Test("a run still takes over the extension's own donation made during it, and not an older one")
    func runTakesOverOnlyTheDonationsOfTheRun() throws {
        let path = try makeTemporaryDirectory("run-lookup").appendingPathComponent("donations.sqlite").path
        let store = try DonationStore(path: path)
        let earlier = Date(timeIntervalSince1970: 1_000_000)
        let runStart = earlier.addingTimeInterval(60)
        try store.donate(donation("before-the-run", intent: "SetLights", source: .donated, at: earlier))
        try store.donate(donation("during-the-run", intent: "SetLights", source: .donated, at: runStart.addingTimeInterval(1)))
        try store.donate(donation("other-intent", intent: "GetLights", source: .donated, at: runStart.addingTimeInterval(1)))
        let identifiers = try store.recordRun(donation("system", intent: "SetLights", source: .system, at: runStart), since: runStart)
        #expect(identifiers == ["during-the-run"])
        #expect(Set(try store.donations().map(\.identifier)) == ["before-the-run", "during-the-run", "other-intent"])
    }
}
