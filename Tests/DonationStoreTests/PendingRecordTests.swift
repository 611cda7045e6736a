import DonationStore
import ExthostTestSupport
import Foundation
import Testing

/// System records written down before the answer and committed after
/// (``PendingRecord``): on real files, the writer's death stood for by
/// closing its descriptor (what the kernel does when a process dies: its
/// `flock` goes).
struct PendingRecordTests {
    let app = "com.example.lights"

    func storePath() throws -> String {
        try makeTemporaryDirectory("pending").appendingPathComponent("donations.sqlite").path
    }

    func record(_ identifier: String) -> Donation {
        Donation(identifier: identifier, shortcut: .intent(app: app, intent: "SetLights", parameters: #"{"room":"kitchen"}"#),
                 intentHandlingStatus: "success", source: .system)
    }

    func pendingFiles(_ store: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: PendingRecord.folder(forStore: store)).sorted()
    }

    @Test("a record whose writer died before committing it is recorded by the store's next opener, once")
    func writerDied() throws {
        let path = try storePath()
        _ = try DonationStore(path: path)
        var pending: PendingRecord? = try PendingRecord(record("r-1"), since: Date(), storePath: path)
        #expect(try pendingFiles(path).count == 1)
        pending = nil
        _ = pending

        let store = try DonationStore(path: path)
        #expect(try store.donations(app: app).map(\.identifier) == ["r-1"])
        #expect(try pendingFiles(path).isEmpty)
        #expect(try DonationStore(path: path).donations(app: app).count == 1)
    }

    @Test("the records waiting are counted up to a limit, files being written and set aside not among them; left records sort in the order written")
    func counted() throws {
        let path = try storePath()
        #expect(!PendingRecord.holds(atLeast: 1, forStore: path))
        #expect(PendingRecord.holds(atLeast: 0, forStore: path))
        for index in 1...3 { try PendingRecord(record("c-\(index)"), since: Date(), storePath: path).leave() }
        let folder = PendingRecord.folder(forStore: path)
        for name in ["x.writing", "y.json.unreadable", "z.jsonl"] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data()))
        }
        #expect(PendingRecord.holds(atLeast: 3, forStore: path))
        #expect(!PendingRecord.holds(atLeast: 4, forStore: path))

        let left = try pendingFiles(path).filter { $0.hasSuffix(".json") }
        let identifiers = try left.map { name in
            try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))) as? [String: Any])
        }.map { ($0["donation"] as? [String: Any])?["identifier"] as? String }
        #expect(identifiers == ["c-1", "c-2", "c-3"])
    }

    @Test("a record its writer still holds is left to it; its commit records it once and removes the file")
    func writerAlive() throws {
        let path = try storePath()
        let pending = try PendingRecord(record("r-2"), since: Date(), storePath: path)
        let store = try DonationStore(path: path)
        #expect(try store.donations(app: app).isEmpty)
        #expect(try pendingFiles(path).count == 1)

        try pending.commit(to: store)
        #expect(try pendingFiles(path).isEmpty)
        #expect(try DonationStore(path: path).donations(app: app).map(\.identifier) == ["r-2"])
    }

    @Test("a writer that died after its commit but before removing the file: the replay changes nothing")
    func diedAfterCommit() throws {
        let path = try storePath()
        let store = try DonationStore(path: path)
        var pending: PendingRecord? = try PendingRecord(record("r-3"), since: Date(), storePath: path)
        try store.recordRun(try #require(pending).donation, since: Date())
        pending = nil
        _ = pending

        let reopened = try DonationStore(path: path)
        #expect(try reopened.donations(app: app).map(\.identifier) == ["r-3"])
        #expect(try pendingFiles(path).isEmpty)
    }

    @Test("a file in the folder that is no record is set aside as unreadable; the store opens and the records beside it are recorded")
    func unreadableFile() throws {
        let path = try storePath()
        var pending: PendingRecord? = try PendingRecord(record("r-4"), since: Date(), storePath: path)
        pending = nil
        _ = pending
        let folder = PendingRecord.folder(forStore: path)
        try Data("{\"donation\": 3".utf8).write(to: URL(fileURLWithPath: folder + "/cut.json"))

        let store = try DonationStore(path: path)
        #expect(try store.donations(app: app).map(\.identifier) == ["r-4"])
        #expect(try pendingFiles(path) == ["cut.json.unreadable"])
    }

    @Test("a folder that cannot be written: the error names the file and what to do")
    func unwritableFolder() throws {
        let folder = try makeTemporaryDirectory("pending-ro")
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path) }
        guard getuid() != 0 else { return }
        let path = folder.appendingPathComponent("donations.sqlite").path
        #expect {
            _ = try PendingRecord(record("r-5"), since: Date(), storePath: path)
        } throws: { error in
            let message = (error as? DonationStoreError)?.description ?? ""
            return message.contains(PendingRecord.folder(forStore: path)) && message.contains("EXTHOST_DATA_DIR")
        }
    }

    /// A record whose every text needs escaping in JSON: quotes,
    /// backslashes, a slash, line breaks, a tab, control characters and
    /// characters beyond ASCII.
    func awkwardRecord() -> Donation {
        Donation(identifier: "r-\"6\"/\\", shortcut: .intent(app: app, intent: "SetLights",
                                                          parameters: #"{"room":"kit\"chen\\ \n\t\u0001 – 🏠"}"#,
                                                          title: "Lights\r\non \u{7}\u{1F} «cuisine»", suggestedInvocationPhrase: "Kitchen\\lights"),
                 groupIdentifier: "group\u{8}\u{C}\u{1B}", intentHandlingStatus: "success", source: .system,
                 startDate: Date(timeIntervalSinceReferenceDate: 785_730_123.456_789), endDate: Date(timeIntervalSinceReferenceDate: 785_730_123.9))
    }

    @Test("a pending file holds what JSONEncoder writes for the record: the same members with the same values")
    func fileAsEncoderWritesIt() throws {
        struct Entry: Encodable {
            var donation: Donation
            var runStart: Date
        }
        let path = try storePath()
        let (donation, runStart) = (awkwardRecord(), Date(timeIntervalSinceReferenceDate: 785_730_120.000_001))
        let pending = try PendingRecord(donation, since: runStart, storePath: path)
        // Both read and written again in one form (sorted keys), so that
        // only the members and their values are compared.
        func canonical(_ data: Data) throws -> String {
            let object = try JSONSerialization.jsonObject(with: data)
            return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }
        let written = try canonical(Data(contentsOf: URL(fileURLWithPath: pending.path)))
        #expect(written.contains("kit"))
        #expect(try written == canonical(JSONEncoder().encode(Entry(donation: donation, runStart: runStart))))
        pending.remove()
    }

    @Test("a record with text that needs escaping reaches the store as it was written, through the store's next opener")
    func escapedRoundTrip() throws {
        let path = try storePath()
        let donation = awkwardRecord()
        var pending: PendingRecord? = try PendingRecord(donation, since: Date(), storePath: path)
        pending = nil
        _ = pending

        let recorded = try #require(try DonationStore(path: path).donations(app: app).first)
        #expect(try pendingFiles(path).isEmpty)
        #expect(recorded.identifier == donation.identifier)
        #expect(recorded.shortcut == donation.shortcut)
        #expect(recorded.groupIdentifier == donation.groupIdentifier)
        #expect(recorded.intentHandlingStatus == "success" && recorded.source == .system)
        #expect(abs(recorded.startDate.timeIntervalSince(donation.startDate)) < 1e-6)
        #expect(abs(recorded.endDate.timeIntervalSince(donation.endDate)) < 1e-6)
    }
}
