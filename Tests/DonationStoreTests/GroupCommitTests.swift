import DonationStore
import ExthostTestSupport
import Foundation
import GRDB
import Synchronization
import Testing

/// Records of concurrent requests committed together (``GroupCommit``) on a
/// real SQLite file.
struct GroupCommitTests {
    private func record(_ identifier: String, app: String = "com.example.lights") -> Donation {
        Donation(identifier: identifier, shortcut: .intent(app: app, intent: "SetLights"), intentHandlingStatus: "success", source: .system)
    }

    private func storePath() throws -> String {
        try makeTemporaryDirectory("group-commit").appendingPathComponent("donations.sqlite").path
    }

    /// A trigger that refuses every insert of `app`'s records, as a store
    /// that cannot take one record would.
    private func refuse(app: String, in path: String) throws {
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                CREATE TRIGGER refuse_app BEFORE INSERT ON donation WHEN NEW.app = '\(app)'
                BEGIN SELECT RAISE(ABORT, 'refused by the test''s trigger'); END
                """)
        }
    }

    @Test("eight threads recording at once: every record once, each thread's in the order it recorded them")
    func concurrentThreads() throws {
        let path = try storePath()
        let writer = GroupCommit(store: try DonationStore(path: path))
        let threads = 8, records = 40
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for number in 0..<records {
                do {
                    let identifiers = try writer.record(record("t\(thread)-\(number)"), since: Date())
                    if identifiers != ["t\(thread)-\(number)"] { failures.withLock { $0.append("t\(thread)-\(number): \(identifiers)") } }
                } catch {
                    failures.withLock { $0.append("t\(thread)-\(number): \(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let committed = try DatabaseQueue(path: path).read { try String.fetchAll($0, sql: "SELECT identifier FROM donation ORDER BY rowid") }
        #expect(committed.count == threads * records)
        #expect(Set(committed).count == committed.count)
        for thread in 0..<threads {
            #expect(committed.filter { $0.hasPrefix("t\(thread)-") } == (0..<records).map { "t\(thread)-\($0)" })
        }
    }

    @Test("one record the store refuses in a batch fails alone, with its reason; the others are committed")
    func refusedRecordInBatch() throws {
        let path = try storePath()
        let store = try DonationStore(path: path)
        try refuse(app: "com.example.refused", in: path)
        let outcomes = store.recordRuns([
            DonationStore.Run(record("first"), since: Date()),
            DonationStore.Run(record("refused", app: "com.example.refused"), since: Date()),
            DonationStore.Run(record("third"), since: Date()),
        ])
        #expect(try outcomes[0].get() == ["first"])
        #expect(try outcomes[2].get() == ["third"])
        guard case .failure(let error) = outcomes[1] else {
            Issue.record("the refused record was committed")
            return
        }
        #expect(error.code == .donatingInteraction)
        #expect(error.message.contains("refused by the test's trigger"), "\(error)")
        #expect(error.message.contains(path), "\(error)")
        #expect(Set(try store.donations().map(\.identifier)) == ["first", "third"])
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test("through the writer, concurrently: each refused record throws to its own caller, every other is recorded")
    func refusedRecordsConcurrently() throws {
        let path = try storePath()
        let writer = GroupCommit(store: try DonationStore(path: path))
        try refuse(app: "com.example.refused", in: path)
        let thrown = Mutex<[String: String]>([:])
        DispatchQueue.concurrentPerform(iterations: 6) { thread in
            for number in 0..<20 {
                let refused = (thread + number) % 3 == 0
                let identifier = "t\(thread)-\(number)"
                do throws(DonationStoreError) {
                    try writer.record(record(identifier, app: refused ? "com.example.refused" : "com.example.lights"), since: Date())
                } catch {
                    thrown.withLock { $0[identifier] = error.message }
                }
            }
        }
        let expectedRefused = Set((0..<6).flatMap { thread in (0..<20).filter { (thread + $0) % 3 == 0 }.map { "t\(thread)-\($0)" } })
        let refusedByWriter = thrown.withLock { $0 }
        #expect(Set(refusedByWriter.keys) == expectedRefused)
        #expect(refusedByWriter.values.allSatisfy { $0.contains("refused by the test's trigger") })
        let stored = Set(try DonationStore(path: path).donations().map(\.identifier))
        #expect(stored.count == 120 - expectedRefused.count)
        #expect(stored.isDisjoint(with: expectedRefused))
    }
}
