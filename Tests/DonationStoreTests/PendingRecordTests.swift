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
}
