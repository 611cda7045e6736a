import Foundation
import ExthostPosix
#if canImport(Glibc)
import Glibc
#endif

/// The system records of a process that serves many requests
/// (`exthost serve`), written down before their answers and committed
/// after them, in batches, on a thread of the journal's own.
///
/// ``append(_:since:)`` writes the record as one line at the end of a
/// journal file (one `write`) and queues it; the request is answered
/// then. The journal's thread takes every record waiting, commits them in
/// one transaction (``DonationStore/recordRuns(_:)``, each record a
/// savepoint of its own), in the order they were appended, and removes
/// them from the journal: a file whose records are all committed is emptied
/// (`ftruncate`) while it is the one appended to, removed once it is not.
///
/// Journal files are ``PendingRecord``'s kind of file, in the same folder
/// beside the store, named `<journal>.<segment>.journal` and `flock`ed by
/// their writer while it lives. Whoever opens the store
/// (``DonationStore/init(path:connections:flushesCommits:)``) records
/// every line of every journal, in order: a dead writer's journal is then
/// removed, a living writer's left to it. So a record answered for is in
/// the store after a `SIGKILL` of the writer at any moment, and a reader
/// in another process (`exthost donations list`) sees every record
/// answered before it opened the store. Recording is idempotent by the
/// request's identifier: a record committed twice (by its writer and by a
/// reader) is there once.
///
/// Not flushed to the disk (no `fsync`): a journal survives its process,
/// not a power cut; a writer that must survive one records before its
/// answers (``GroupCommit``, `EXTHOST_FLUSH_DONATIONS=1`).
public final class DonationJournal: @unchecked Sendable {
    /// The folder of the journal's files (``PendingRecord/folder(forStore:)``).
    public let folder: String
    /// Opens (on first use) the store the records are committed to.
    private let store: () throws(DonationStoreError) -> DonationStore
    /// Told of each transaction and each record not committed; called on
    /// the journal's thread, outside the lock.
    private let observer: Observer
    /// The journal's own name: its files are `<name>.<segment>.journal`.
    private let name = UUID().uuidString

    /// Guards everything below; flushers and the journal's thread wait on it.
    private let condition = NSCondition()
    /// Records appended and not yet taken by a commit, in append order.
    private var waiting: [(run: DonationStore.Run, segment: Segment)] = []
    /// The file appended to; nil until the next append makes one.
    private var current: Segment?
    /// Files whose records are not all committed yet, besides ``current``.
    private var closed: [Segment] = []
    private var nextSegment = 0
    /// Records appended, and records done with (committed, or refused by
    /// the store), since the journal began: a flush waits for the second to
    /// reach the first.
    private var appended = 0
    private var done = 0
    /// Whether the last transaction failed as a whole (its records wait in
    /// the journal and are tried again): a flush does not wait while it
    /// did. A flush waiting when one fails returns, as this is set; were it
    /// to wake only after a later transaction committed (and cleared this),
    /// that one held every record the flush waits for.
    private var failing = false
    private var stopping = false
    private var thread: Thread?

    /// How long the journal's thread lets records gather before it commits
    /// them, unless ``gatheredBatch`` are already waiting or it is stopping:
    /// 2 ms, or `EXTHOST_DONATION_GATHERING_MS` (0–100) in the service's
    /// environment (0 commits at once, as each record comes).
    static let gatheringMilliseconds = ProcessInfo.processInfo.environment["EXTHOST_DONATION_GATHERING_MS"]
        .flatMap { Int($0) }.map { min(max($0, 0), 100) } ?? 2
    static let gatheredBatch = 64

    /// What the journal tells of its commits.
    public struct Observer: Sendable {
        /// A transaction committed with this many records in it.
        public var committed: @Sendable (_ records: Int) -> Void
        /// The store refused a record (it is not recorded and not tried again).
        public var refused: @Sendable (_ error: DonationStoreError) -> Void
        /// A transaction failed as a whole: its `records` stay in the journal
        /// and are tried again after `retry` seconds, or by the store's next opener.
        public var failed: @Sendable (_ error: DonationStoreError, _ records: Int, _ retry: TimeInterval) -> Void

        public init(committed: @escaping @Sendable (_ records: Int) -> Void,
                    refused: @escaping @Sendable (_ error: DonationStoreError) -> Void,
                    failed: @escaping @Sendable (_ error: DonationStoreError, _ records: Int, _ retry: TimeInterval) -> Void) {
            self.committed = committed
            self.refused = refused
            self.failed = failed
        }
    }

    /// One journal file, open and locked.
    private final class Segment {
        let path: String
        var descriptor: Int32
        /// Records in it not yet committed.
        var pending = 0
        /// Whether anything was written to it since it was last emptied.
        var written = false

        init(path: String, descriptor: Int32) {
            self.path = path
            self.descriptor = descriptor
        }

        /// Removes the file, then lets go of its lock: a replayer that took
        /// the lock meanwhile finds it unlinked and leaves it.
        func remove() {
            Posix.unlink(path)
            Posix.close(descriptor)
            descriptor = -1
        }
    }

    /// - Parameters:
    ///   - storePath: The store's file; the journal is in its pending folder.
    ///   - store: The store, opened on the journal's thread at its first commit.
    ///   - observer: Told of each transaction and each record not committed.
    public init(storePath: String, store: @escaping () throws(DonationStoreError) -> DonationStore, observer: Observer) {
        folder = PendingRecord.folder(forStore: storePath)
        self.store = store
        self.observer = observer
    }

    /// Writes `donation`'s record at the end of the journal and queues it
    /// for the journal's next commit. Once this returns, the record
    /// survives the process (`SIGKILL`).
    ///
    /// - Throws: ``DonationStoreError`` `storeUnavailable` naming the file,
    ///   when the journal cannot be made or written: nothing was queued.
    public func append(_ donation: Donation, since runStart: Date) throws(DonationStoreError) {
        var line = PendingRecord.Entry(donation: donation, runStart: runStart).json
        line.append(UInt8(ascii: "\n"))
        condition.lock()
        defer { condition.unlock() }
        let segment: Segment
        do {
            segment = try current ?? openSegment()
            current = segment
            do {
                try line.withUnsafeBytes { bytes in
                    Result { () throws(SystemCallError) in try Posix.write(segment.descriptor, bytes, path: segment.path) }
                }.get()
            } catch {
                // A short line stays last in its file, where readers skip it:
                // the next append starts a new file.
                retire(segment)
                throw DonationStoreError(.storeUnavailable, "cannot write the journal: \(error); set EXTHOST_DATA_DIR to a writable folder with free space")
            }
        } catch let error as DonationStoreError {
            throw error
        } catch {
            throw DonationStoreError(.storeUnavailable, "cannot make a journal in \(folder): \(error); set EXTHOST_DATA_DIR to a writable folder")
        }
        segment.pending += 1
        segment.written = true
        waiting.append((DonationStore.Run(donation, since: runStart), segment))
        appended += 1
        if thread == nil { startThread() }
        condition.signal()
    }

    /// Waits until every record appended before this call is committed (or
    /// refused by the store), or a commit has failed meanwhile: a read made
    /// after it sees them. Returns at once when nothing waits, or while the
    /// last commit failed.
    public func flush() {
        condition.lock()
        defer { condition.unlock() }
        let target = appended
        while done < target && !failing { condition.wait() }
    }

    /// Commits what waits (``flush()``), stops the journal's thread and
    /// removes the journal's files, except those holding records not
    /// committed (a commit failed): the store's next opener records them.
    public func close() {
        flush()
        condition.lock()
        stopping = true
        condition.broadcast()
        let finished = waiting.isEmpty
        if finished {
            current.map(retire)
            current = nil
        }
        condition.unlock()
    }

    // MARK: The journal's files

    /// A new journal file, locked before it takes its name (a replayer never
    /// sees it unlocked while this process lives). [condition held]
    private func openSegment() throws(SystemCallError) -> Segment {
        try Posix.makeDirectory(folder)
        let path = folder + "/" + name + "." + String(format: "%010d", nextSegment) + Self.suffix
        nextSegment += 1
        let writing = path + PendingRecord.writingSuffix
        let descriptor = try Posix.open(writing, flags: O_WRONLY | O_CREAT | O_EXCL | O_APPEND, mode: 0o600)
        do {
            try Posix.lock(descriptor, path: writing)
            try Posix.rename(writing, to: path)
        } catch {
            Posix.unlink(writing)
            Posix.close(descriptor)
            throw error
        }
        return Segment(path: path, descriptor: descriptor)
    }

    /// Stops appending to `segment`: removed now if all its records are
    /// committed, else once they are. [condition held]
    private func retire(_ segment: Segment) {
        if current === segment { current = nil }
        if segment.pending == 0 {
            segment.remove()
        } else if !closed.contains(where: { $0 === segment }) {
            closed.append(segment)
        }
    }

    /// The suffix of a journal file.
    static let suffix = ".journal"

    // MARK: The journal's thread

    private func startThread() {
        let thread = Thread { [self] in commitLoop() }
        thread.name = "exthost.journal"
        self.thread = thread
        thread.start()
    }

    /// Waits for records and commits them, a batch at a time, until stopped
    /// with nothing waiting; a transaction that fails is tried again after
    /// a back-off (1 s, doubling to 30 s).
    private func commitLoop() {
        var backOff: TimeInterval = 1
        condition.lock()
        commits: while true {
            while waiting.isEmpty && !stopping { condition.wait() }
            if waiting.isEmpty { break }
            if !stopping && Self.gatheringMilliseconds > 0 && waiting.count < Self.gatheredBatch {
                // No answer waits for the commit, so the records of the
                // requests that end in the next moment can join it: one
                // transaction instead of several when many clients are
                // answered at once (each costs its own log write).
                condition.unlock()
                Posix.sleep(milliseconds: Self.gatheringMilliseconds)
                condition.lock()
            }
            let batch = waiting
            waiting.removeAll(keepingCapacity: true)
            condition.unlock()

            let outcome: Result<[Result<[String], DonationStoreError>], DonationStoreError>
            do throws(DonationStoreError) {
                outcome = .success(try store().commitRuns(batch.map(\.run)))
                observer.committed(batch.count)
            } catch {
                outcome = .failure(error)
            }

            condition.lock()
            switch outcome {
            case .success(let results):
                backOff = 1
                failing = false
                for (entry, result) in zip(batch, results) {
                    entry.segment.pending -= 1
                    if case .failure(let error) = result {
                        condition.unlock()
                        observer.refused(error)
                        condition.lock()
                    }
                }
                done += batch.count
                sweep()
            case .failure(let error):
                // Tried again first, in the same order, before what came since.
                waiting = batch + waiting
                let retry = backOff
                backOff = min(backOff * 2, 30)
                condition.unlock()
                observer.failed(error, batch.count, retry)
                condition.lock()
                // Told before a flush waiting for it returns.
                failing = true
                condition.broadcast()
                // Appends signal the condition: the back-off is waited out.
                let again = Date().addingTimeInterval(retry)
                while !stopping && Date() < again { _ = condition.wait(until: again) }
                if stopping { break commits }
            }
            condition.broadcast()
        }
        thread = nil
        condition.unlock()
    }

    /// Removes what is committed from the journal: the file appended to is
    /// emptied when all its records are, and appended to by a new file when
    /// records came meanwhile (they follow committed ones in it); other files
    /// are removed once all theirs are. [condition held]
    private func sweep() {
        closed.removeAll { segment in
            guard segment.pending == 0 else { return false }
            segment.remove()
            return true
        }
        guard let segment = current, segment.written else { return }
        if segment.pending == 0 {
            if (try? Posix.truncate(segment.descriptor, path: segment.path)) != nil {
                segment.written = false
            } else {
                retire(segment)
            }
        } else {
            retire(segment)
        }
    }
}

extension DonationStore {
    /// Records every line of a journal file (``DonationJournal``) in `bytes`,
    /// in order, in one transaction; a last line without its end (being
    /// written) is left.
    ///
    /// - Returns: Whether the transaction committed, how many records it
    ///   held, and whether every complete line was a record.
    func recordJournal(_ bytes: [UInt8]) -> (committed: Bool, records: Int, readable: Bool) {
        var runs: [Run] = []
        var readable = true
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            defer { start = index + 1 }
            guard index > start else { continue }
            if let entry = PendingRecord.Entry.read(bytes[start..<index]) {
                runs.append(Run(entry.donation, since: entry.runStart))
            } else {
                readable = false
            }
        }
        guard !runs.isEmpty else { return (true, 0, readable) }
        return ((try? commitRuns(runs)) != nil, runs.count, readable)
    }
}
