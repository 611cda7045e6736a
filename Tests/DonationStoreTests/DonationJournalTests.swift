@testable import DonationStore
import ExthostTestSupport
import Foundation
import GRDB
import Synchronization
import Testing

/// Records written down in a journal before their answers and committed
/// after them, in batches, on the journal's own thread (``DonationJournal``),
/// on a real SQLite file and real journal files.
struct DonationJournalTests {
    private func record(_ identifier: String) -> Donation {
        Donation(identifier: identifier, shortcut: .intent(app: "com.example.lights", intent: "SetLights"), intentHandlingStatus: "success", source: .system)
    }

    private func storePath() throws -> String {
        try makeTemporaryDirectory("journal").appendingPathComponent("donations.sqlite").path
    }

    /// The journal files beside the store, with their sizes.
    private func journals(_ store: String) -> [String: Int] {
        let folder = PendingRecord.folder(forStore: store)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".journal") }
        return Dictionary(uniqueKeysWithValues: names.map { name in
            (name, ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + name))?[.size] as? Int) ?? -1)
        })
    }

    /// The store's identifiers in the order their rows were written.
    private func committed(_ store: String) throws -> [String] {
        try DatabaseQueue(path: store).read { try String.fetchAll($0, sql: "SELECT identifier FROM donation ORDER BY rowid") }
    }

    /// What the journal told, counted.
    private final class Told: Sendable {
        let committed = Mutex(0)
        let failed = Mutex<[String]>([])
        let refused = Mutex<[String]>([])

        var observer: DonationJournal.Observer {
            .init(committed: { count in self.committed.withLock { $0 += count } },
                  refused: { error in self.refused.withLock { $0.append(error.description) } },
                  failed: { error, _, retry in self.failed.withLock { $0.append("\(error.description) (again in \(retry) s)") } })
        }
    }

    @Test("four threads appending at once: every record committed once, each thread's in its order; flushed, the journal is empty; closed, it is gone")
    func concurrentAppends() throws {
        let path = try storePath()
        let store = try DonationStore(path: path)
        let told = Told()
        let journal = DonationJournal(storePath: path, store: { store }, observer: told.observer)
        let threads = (0..<4).map { thread in
            Thread {
                for number in 0..<25 { try? journal.append(record("t\(thread)-\(number)"), since: Date()) }
            }
        }
        threads.forEach { $0.start() }
        while threads.contains(where: { !$0.isFinished }) { Thread.sleep(forTimeInterval: 0.005) }
        journal.flush()

        let order = try committed(path)
        #expect(order.count == 100 && Set(order).count == 100, "\(order)")
        for thread in 0..<4 {
            #expect(order.filter { $0.hasPrefix("t\(thread)-") } == (0..<25).map { "t\(thread)-\($0)" }, "\(order)")
        }
        #expect(told.committed.withLock { $0 } == 100)
        #expect(told.failed.withLock { $0 }.isEmpty && told.refused.withLock { $0 }.isEmpty)
        #expect(journals(path).values.allSatisfy { $0 == 0 }, "\(journals(path))")
        journal.close()
        #expect(journals(path).isEmpty, "\(journals(path))")
    }

    @Test("a living writer's journal is read through by the store's next opener, and by a store kept open when asked again, and left to its writer, whose own commit then changes nothing")
    func readThrough() throws {
        let path = try storePath()
        let store = try DonationStore(path: path)
        // The writer cannot commit until the gate opens.
        let gate = DispatchSemaphore(value: 0)
        let journal = DonationJournal(storePath: path, store: { gate.wait(); gate.signal(); return store }, observer: Told().observer)
        // A store opened before the records, as an extension process keeps
        // its own open: asked again, it reads them through.
        let keptOpen = try DonationStore(path: path)
        try journal.append(record("r-1"), since: Date())

        let reader = try DonationStore(path: path)
        #expect(try reader.donations(app: "com.example.lights").map(\.identifier) == ["r-1"])
        try journal.append(record("r-2"), since: Date())
        #expect(try keptOpen.donations(app: "com.example.lights").map(\.identifier) == ["r-1"])
        keptOpen.recordPendingRecords()
        #expect(try keptOpen.donations(app: "com.example.lights").map(\.identifier).sorted() == ["r-1", "r-2"])
        #expect(try committed(path) == ["r-1", "r-2"])
        #expect(journals(path).count == 1, "\(journals(path))")

        gate.signal()
        journal.flush()
        #expect(try committed(path) == ["r-1", "r-2"])
        journal.close()
        #expect(journals(path).isEmpty, "\(journals(path))")
        #expect(try DonationStore(path: path).donations(app: "com.example.lights").count == 2)
    }

    @Test("a dead writer's journal: its complete lines recorded in order, a half-written last line left out, and the file kept aside for the line that is not a record")
    func deadWriter() throws {
        let path = try storePath()
        _ = try DonationStore(path: path)
        let folder = PendingRecord.folder(forStore: path)
        func line(_ identifier: String) -> [UInt8] { PendingRecord.Entry(donation: record(identifier), runStart: Date()).json }
        var bytes = line("d-1") + Array("\n".utf8) + Array("not a record\n".utf8) + line("d-2") + Array("\n".utf8)
        bytes += line("d-3").prefix(40)
        let file = folder + "/dead.0000000000" + DonationJournal.suffix
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: file))

        _ = try DonationStore(path: path)
        #expect(try committed(path) == ["d-1", "d-2"])
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(FileManager.default.fileExists(atPath: file + ".unreadable"))
        _ = try DonationStore(path: path)
        #expect(try committed(path) == ["d-1", "d-2"])
    }

    @Test("a commit that fails after the answer is told, and tried again a second later: the record is committed then")
    func failedCommitRetried() throws {
        let path = try storePath()
        let store = try DonationStore(path: path)
        // Away until the test brings it back.
        let away = Mutex(true)
        let told = Told()
        let journal = DonationJournal(storePath: path, store: { () throws(DonationStoreError) in
            if away.withLock({ $0 }) { throw DonationStoreError(.storeUnavailable, "the test's store is away") }
            return store
        }, observer: told.observer)
        try journal.append(record("f-1"), since: Date())
        journal.flush()
        #expect(told.failed.withLock { $0 }.first == "\(DonationStoreError(.storeUnavailable, "the test's store is away").description) (again in 1.0 s)")
        #expect(journals(path).values.contains { $0 > 0 }, "the record is not in the journal: \(journals(path))")
        #expect(try committed(path).isEmpty)
        away.withLock { $0 = false }

        let deadline = Date().addingTimeInterval(30)
        while try committed(path).isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try committed(path) == ["f-1"])
        journal.close()
        #expect(journals(path).isEmpty, "\(journals(path))")
    }
}
