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
        /// Read back by a reader of this shape, `JSONDecoder` for any other
        /// (``read(_:)``).
        /// A member added to ``Donation`` or ``Shortcut`` is added here too,
        /// and to the reader (``init(written:)``): `PendingRecordTests`
        /// compare this with `JSONEncoder`'s output, and
        /// `PendingRecordReaderTests` the reader with `JSONDecoder`.
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
        let name = Self.name()
        path = folder + "/" + name + ".json"
        let writing = folder + "/" + name + Self.writingSuffix
        var opened: Int32 = -1
        do {
            let bytes = Entry(donation: donation, runStart: runStart).json
            try Self.makeFolder(folder, ofStore: storePath)
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

    /// Makes `folder`, and the store's folder first when it is missing (a
    /// data folder no command has used yet), as opening the store does.
    private static func makeFolder(_ folder: String, ofStore storePath: String) throws {
        do {
            try Posix.makeDirectory(folder)
        } catch where error.errno == ENOENT {
            try FileManager.default.createDirectory(atPath: (storePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Posix.makeDirectory(folder)
        }
    }

    /// Commits the record to `store` and removes its file.
    ///
    /// - Throws: What the store threw; the file stays, for the store's next
    ///   opener to record.
    public func commit(to store: DonationStore) throws(DonationStoreError) {
        try store.recordRun(donation, since: runStart)
        remove()
    }

    /// Lets go of the file's lock and leaves the file: the record is not
    /// committed here, and the store's next opener
    /// (``DonationStore/recordPendingRecords()``) records it, as it would
    /// had this process died. Done before the answer that reports it, so
    /// that a command run as soon as the answer is read finds it unlocked.
    public func leave() {
        guard descriptor >= 0 else { return }
        Posix.close(descriptor)
        descriptor = -1
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
        leave()
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

    /// A new record's file name (without its suffix): the wall clock's
    /// nanoseconds in 16 hexadecimal digits, then a new UUID, so that names
    /// sort in the order their records were written and the store's next
    /// opener records them in that order.
    static func name() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let nanoseconds = UInt64(max(0, now.tv_sec)) &* 1_000_000_000 &+ UInt64(max(0, now.tv_nsec))
        let digits = String(nanoseconds, radix: 16)
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits + "-" + UUID().uuidString
    }

    /// How many records may wait in a store's folder before a command that
    /// defers its record (`exthost run`) commits them all itself instead of
    /// leaving its own there too (``SystemDonations``' rule): it keeps the
    /// folder small between the commands that open the store, and what the
    /// next opener has to record.
    public static let leftAtMost = 16

    /// Whether the folder of the store at `storePath` holds at least `limit`
    /// records (files named `….json`), counted with `readdir` (no
    /// Foundation: this is on `exthost run`'s path), stopping at `limit`.
    public static func holds(atLeast limit: Int, forStore storePath: String) -> Bool {
        guard let directory = opendir(folder(forStore: storePath)) else { return limit <= 0 }
        defer { closedir(directory) }
        var count = 0
        while count < limit, let entry = readdir(directory) {
            let isRecord = withUnsafeBytes(of: entry.pointee.d_name) { bytes -> Bool in
                guard let name = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) else { return false }
                let length = strnlen(name, bytes.count)
                return length > 5 && strcmp(name + length - 5, ".json") == 0
            }
            if isRecord { count += 1 }
        }
        return count >= limit
    }

    /// The suffix of a file still being written (never read as a record).
    static let writingSuffix = ".writing"

    /// How old an unlocked file still being written must be to be taken as
    /// left by a writer that died before renaming it (its record was never
    /// reported: the rename comes before the answer).
    static let abandonedAfter: TimeInterval = 60
}

extension DonationStore {
    /// What ``recordPendingRecords()`` did.
    public struct PendingReplay: Sendable {
        /// How many records were recorded (and their files removed).
        public var recorded = 0
        /// Per record the store did not take, why, and the file it still
        /// waits in (the next opener tries it again).
        public var notRecorded: [NotRecorded] = []
    }

    /// A pending record the store did not take.
    public struct NotRecorded: Sendable, CustomStringConvertible {
        /// The file it still waits in.
        public var file: String
        /// What the store answered.
        public var error: DonationStoreError

        /// The warning a command that opened the store shows for it.
        public var description: String {
            "a request answered earlier was not recorded yet: \(error.description); it waits in \(file), and the next command that opens the store records it"
        }
    }

    /// Records every pending record (``PendingRecord``) no living writer
    /// holds and removes its file; a file that cannot be recorded now (the
    /// store busy past its timeout) stays for the next opener. A file that
    /// is not a record is renamed `….unreadable`, kept for inspection and
    /// not read again. The records are taken in the order they were written
    /// (their files' names sort so) and committed in one transaction, each
    /// in a savepoint of its own: one the store refuses does not hold the
    /// others back.
    ///
    /// Done when the store is opened; done again before an operation that
    /// must find every record answered for so far (an extension's donation
    /// request, in a process that keeps its store open), since a living
    /// service's journal is read through too.
    @discardableResult
    public func recordPendingRecords() -> PendingReplay {
        var replay = PendingReplay()
        let folder = PendingRecord.folder(forStore: path)
        guard FileManager.default.fileExists(atPath: folder),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder).sorted() else { return replay }
        // A journal's files in the order they were written (their segment
        // numbers have a fixed width).
        for name in names where name.hasSuffix(DonationJournal.suffix) {
            replay.recorded += recordJournalFile(folder + "/" + name)
        }
        // Each taken file stays open, and so locked, until it is removed or
        // left: another opener at the same time skips it.
        var taken: [(file: String, descriptor: Int32, run: Run)] = []
        defer { for entry in taken { Posix.close(entry.descriptor) } }
        for name in names {
            let file = folder + "/" + name
            if name.hasSuffix(PendingRecord.writingSuffix) {
                Self.removeIfAbandoned(file)
                continue
            }
            guard name.hasSuffix(".json"), let descriptor = try? Posix.open(file, flags: O_RDONLY) else { continue }
            // Held: its writer is alive and commits it itself. Unlinked
            // once locked: another opener recorded it meanwhile.
            guard (try? Posix.tryLock(descriptor, path: file)) == true, Posix.isLinked(descriptor) else {
                Posix.close(descriptor)
                continue
            }
            guard let bytes = try? Posix.readToEnd(descriptor, path: file),
                  let entry = PendingRecord.Entry.read(bytes[...]) else {
                try? Posix.rename(file, to: file + ".unreadable")
                Posix.close(descriptor)
                continue
            }
            taken.append((file, descriptor, Run(entry.donation, since: entry.runStart)))
        }
        guard !taken.isEmpty else { return replay }
        let outcomes = recordRuns(taken.map(\.run))
        for (entry, outcome) in zip(taken, outcomes) {
            switch outcome {
            case .success:
                Posix.unlink(entry.file)
                replay.recorded += 1
            case .failure(let error):
                replay.notRecorded.append(NotRecorded(file: entry.file, error: error))
            }
        }
        return replay
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
