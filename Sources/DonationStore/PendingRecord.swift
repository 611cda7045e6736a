import Foundation
import ExthostPosix
import JSONText
#if canImport(Glibc)
import Glibc
#endif

/// A system record (``DonationStore/recordRun(_:since:)``) written down
/// before the answer that reports it, and committed to the store after:
/// `exthost run` answers without waiting for the store, and a process
/// killed between its answer and its commit does not lose the record.
///
/// Each pending record is one small file in the folder beside the store
/// (``folder(forStore:)``), named by a new UUID: written under a temporary
/// name, locked (`flock`) and then renamed, so a reader sees either nothing
/// or the whole record, already locked. Its writer holds the lock until it
/// has committed the record and removed the file, or until it dies, when
/// the kernel lets go of the lock. Whoever opens the store next
/// (``DonationStore/init(path:)``) takes every file no living writer
/// holds, records it and removes it. Recording is idempotent by the
/// interaction's identifier (a replay of a commit whose file was not yet
/// removed changes nothing), so a record is in the store exactly once.
///
/// By default the file is not flushed to disk (no `fsync`), as the store's
/// commits are not (`synchronous = NORMAL`): it survives the process
/// (`SIGKILL`), not a power cut. Written with `flushes` (as the store's
/// commits are with `EXTHOST_FLUSH_DONATIONS=1`), its data is flushed
/// (`fdatasync`) before the rename and the folder after it (`fsync`), so a
/// record answered for survives a power cut before the store's commit.
public final class PendingRecord: @unchecked Sendable {
    /// The record's file.
    public let path: String
    /// The record, as written.
    public let donation: Donation
    /// When its run began.
    public let runStart: Date
    /// Holds the file's lock while this process may still commit it.
    private var descriptor: Int32

    /// What a pending file holds.
    struct Entry: Codable {
        var donation: Donation
        var runStart: Date

        /// The entry as `JSONEncoder` (its default strategies: a date is
        /// its `timeIntervalSinceReferenceDate`, a nil member is left out)
        /// writes it, written by hand: this is on the answer's path, where
        /// `JSONEncoder`'s first use in a process costs ~1.5 million
        /// instructions and these bytes ~30,000 (callgrind, release build).
        /// Read back with `JSONDecoder` (``DonationStore/recordPendingRecords()``).
        /// A member added to ``Donation`` or ``Shortcut`` is added here too
        /// (`PendingRecordTests` compare this with `JSONEncoder`'s output).
        var json: [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(512)
            func text(_ piece: String) { out.append(contentsOf: piece.utf8) }
            func string(_ key: String, _ value: String?) {
                guard let value else { return }
                text(key)
                JSONText.appendString(value, to: &out)
            }
            func date(_ key: String, _ value: Date) {
                text(key)
                JSONText.appendNumber(value.timeIntervalSinceReferenceDate, to: &out)
            }
            let shortcut = donation.shortcut
            string(#"{"donation":{"identifier":"#, donation.identifier)
            string(#","shortcut":{"kind":"#, shortcut.kind.rawValue)
            string(#","app":"#, shortcut.app)
            string(#","intent":"#, shortcut.intent)
            string(#","parameters":"#, shortcut.parameters)
            string(#","activityType":"#, shortcut.activityType)
            string(#","title":"#, shortcut.title)
            string(#","userInfo":"#, shortcut.userInfo)
            string(#","persistentIdentifier":"#, shortcut.persistentIdentifier)
            string(#","suggestedInvocationPhrase":"#, shortcut.suggestedInvocationPhrase)
            text("}")
            string(#","groupIdentifier":"#, donation.groupIdentifier)
            string(#","intentHandlingStatus":"#, donation.intentHandlingStatus)
            text(donation.eligibleForPrediction ? #","eligibleForPrediction":true"# : #","eligibleForPrediction":false"#)
            string(#","source":"#, donation.source.rawValue)
            date(#","startDate":"#, donation.startDate)
            date(#","endDate":"#, donation.endDate)
            date(#"},"runStart":"#, runStart)
            text("}")
            return out
        }
    }

    /// The folder of a store's pending records: `<store>.pending`.
    public static func folder(forStore storePath: String) -> String {
        storePath + ".pending"
    }

    /// Writes `donation` as pending for the store at `storePath`.
    ///
    /// - Parameter flushes: Whether the file and its name reach the disk
    ///   before this returns (a power cut then does not lose it).
    /// - Throws: ``DonationStoreError`` `storeUnavailable` naming the file,
    ///   when the folder cannot be made or the file written or flushed.
    public init(_ donation: Donation, since runStart: Date, storePath: String, flushes: Bool = false) throws(DonationStoreError) {
        self.donation = donation
        self.runStart = runStart
        let folder = Self.folder(forStore: storePath)
        let name = UUID().uuidString
        path = folder + "/" + name + ".json"
        let writing = folder + "/" + name + Self.writingSuffix
        var opened: Int32 = -1
        do {
            let bytes = Entry(donation: donation, runStart: runStart).json
            try Posix.makeDirectory(folder)
            opened = try Posix.open(writing, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
            try Posix.lock(opened, path: writing)
            let descriptor = opened
            try bytes.withUnsafeBytes { buffer in
                Result { () throws(SystemCallError) in try Posix.write(descriptor, buffer, path: writing) }
            }.get()
            if flushes { try Self.flush(descriptor, writing, data: true) }
            try Posix.rename(writing, to: path)
            if flushes { try Self.flushFolder(folder) }
        } catch {
            if opened >= 0 {
                Posix.unlink(writing)
                Posix.close(opened)
            }
            throw DonationStoreError(.storeUnavailable, "cannot write the pending record \(writing): \(error); set EXTHOST_DATA_DIR to a writable folder")
        }
        descriptor = opened
    }

    /// Commits the record to `store` and removes its file.
    ///
    /// - Throws: What the store threw; the file stays, for the store's next
    ///   opener to record.
    public func commit(to store: DonationStore) throws(DonationStoreError) {
        try store.recordRun(donation, since: runStart)
        remove()
    }

    /// Removes the file and lets go of its lock: the record is committed.
    public func remove() {
        guard descriptor >= 0 else { return }
        Posix.unlink(path)
        Posix.close(descriptor)
        descriptor = -1
    }

    deinit {
        // Not committed: the lock goes, the file stays for the next opener.
        if descriptor >= 0 { Posix.close(descriptor) }
    }

    /// `fdatasync(2)` (`data`) or `fsync(2)` of `descriptor`, open on `path`.
    private static func flush(_ descriptor: Int32, _ path: String, data: Bool) throws(SystemCallError) {
        if (data ? fdatasync(descriptor) : fsync(descriptor)) < 0 {
            throw SystemCallError(call: data ? "fdatasync" : "fsync", path: path, errno: errno)
        }
    }

    /// Flushes `folder`'s entries (the file's new name) to the disk.
    private static func flushFolder(_ folder: String) throws(SystemCallError) {
        let descriptor = try Posix.open(folder, flags: O_RDONLY | O_DIRECTORY)
        defer { Posix.close(descriptor) }
        try flush(descriptor, folder, data: false)
    }

    /// The suffix of a file still being written (never read as a record).
    static let writingSuffix = ".writing"

    /// How old an unlocked file still being written must be to be taken as
    /// left by a writer that died before renaming it (its record was never
    /// reported: the rename comes before the answer).
    static let abandonedAfter: TimeInterval = 60
}

extension DonationStore {
    /// Records every pending record (``PendingRecord``) no living writer
    /// holds and removes its file; a file that cannot be recorded now (the
    /// store busy past its timeout) stays for the next opener. A file that
    /// is not a record is renamed `….unreadable`, kept for inspection and
    /// not read again.
    ///
    /// Done when the store is opened; done again before an operation that
    /// must find every record answered for so far (an extension's donation
    /// request, in a process that keeps its store open), since a living
    /// service's journal is read through too.
    ///
    /// - Returns: How many records were recorded.
    @discardableResult
    public func recordPendingRecords() -> Int {
        let folder = PendingRecord.folder(forStore: path)
        guard FileManager.default.fileExists(atPath: folder),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
        var recorded = 0
        // A journal's files in the order they were written (`sorted`: their
        // segment numbers have a fixed width).
        for name in names.sorted() where name.hasSuffix(DonationJournal.suffix) {
            recorded += recordJournalFile(folder + "/" + name)
        }
        for name in names {
            let file = folder + "/" + name
            if name.hasSuffix(PendingRecord.writingSuffix) {
                Self.removeIfAbandoned(file)
                continue
            }
            guard name.hasSuffix(".json"), let descriptor = try? Posix.open(file, flags: O_RDONLY) else { continue }
            defer { Posix.close(descriptor) }
            // Held: its writer is alive and commits it itself. Unlinked
            // once locked: another opener recorded it meanwhile.
            guard (try? Posix.tryLock(descriptor, path: file)) == true, Posix.isLinked(descriptor) else { continue }
            guard let bytes = try? Posix.readToEnd(descriptor, path: file),
                  let entry = try? JSONDecoder().decode(PendingRecord.Entry.self, from: Data(bytes)) else {
                try? Posix.rename(file, to: file + ".unreadable")
                continue
            }
            guard (try? recordRun(entry.donation, since: entry.runStart)) != nil else { continue }
            Posix.unlink(file)
            recorded += 1
        }
        return recorded
    }

    /// Records the lines of the journal file `file` (``DonationJournal``):
    /// a file no living writer holds is removed once recorded (renamed
    /// `….unreadable` when a line was not a record); a living writer's is
    /// left to it, which commits the same records again (idempotent) and
    /// removes them.
    ///
    /// - Returns: How many records were recorded from a dead writer's file.
    private func recordJournalFile(_ file: String) -> Int {
        guard let descriptor = try? Posix.open(file, flags: O_RDONLY) else { return 0 }
        defer { Posix.close(descriptor) }
        guard let dead = try? Posix.tryLock(descriptor, path: file), Posix.isLinked(descriptor),
              let bytes = try? Posix.readToEnd(descriptor, path: file) else { return 0 }
        let (committed, records, readable) = recordJournal(bytes)
        guard dead, committed else { return 0 }
        if readable {
            Posix.unlink(file)
        } else {
            try? Posix.rename(file, to: file + ".unreadable")
        }
        return records
    }

    /// Removes a file still being written whose writer died before renaming
    /// it (unlocked, and older than ``PendingRecord/abandonedAfter``: a
    /// writer takes the lock just after creating it).
    private static func removeIfAbandoned(_ file: String) {
        guard let descriptor = try? Posix.open(file, flags: O_RDONLY) else { return }
        defer { Posix.close(descriptor) }
        guard (try? Posix.tryLock(descriptor, path: file)) == true,
              let modified = (try? FileManager.default.attributesOfItem(atPath: file))?[.modificationDate] as? Date,
              Date().timeIntervalSince(modified) > PendingRecord.abandonedAfter else { return }
        Posix.unlink(file)
    }
}
