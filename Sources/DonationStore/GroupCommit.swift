import Foundation

/// The one writer of a store's system records in a process that serves
/// many requests at once (`exthost serve`): the records of requests that
/// end while a commit is under way are committed together, in one
/// transaction, by whichever of their threads comes first (group commit).
///
/// Each caller of ``record(_:since:)`` gets its own outcome, and only once
/// its record is committed: a request answered after it returns has its
/// record in the file, where a process killed at once (`SIGKILL`) leaves
/// it; a record that could not be written throws, for the answer to say
/// so. The records of one batch are committed in the order their callers
/// arrived, so a client that sends its requests one after the other finds
/// them recorded in that order.
///
/// No thread of its own: a caller that finds no commit under way takes the
/// records waiting (its own among them), commits them and wakes the others;
/// one that finds a commit under way waits for it and, if its record was
/// not in it, for the next, which it may make itself.
public final class GroupCommit: @unchecked Sendable {
    /// The store the records go to.
    public let store: DonationStore
    /// Guards everything below; callers wait on it.
    private let condition = NSCondition()
    private var waiting: [(ticket: UInt64, run: DonationStore.Run)] = []
    private var outcomes: [UInt64: Result<[String], DonationStoreError>] = [:]
    private var committing = false
    private var nextTicket: UInt64 = 0
    /// Told the size of each batch once its transaction has ended (the
    /// service's metrics); called on the committing thread, outside the lock.
    private let committed: (@Sendable (_ records: Int) -> Void)?

    /// - Parameters:
    ///   - store: The store the records go to.
    ///   - committed: Told how many records each transaction took, once it
    ///     has ended (committed or not).
    public init(store: DonationStore, committed: (@Sendable (_ records: Int) -> Void)? = nil) {
        self.store = store
        self.committed = committed
    }

    /// Records `donation` as ``DonationStore/recordRun(_:since:)`` does,
    /// committed with the records of the requests that end meanwhile.
    ///
    /// - Returns: The identifiers that stand for the run, once committed.
    /// - Throws: ``DonationStoreError`` 1901 when it could not be written.
    @discardableResult
    public func record(_ donation: Donation, since runStart: Date) throws(DonationStoreError) -> [String] {
        condition.lock()
        let ticket = nextTicket
        nextTicket += 1
        waiting.append((ticket, DonationStore.Run(donation, since: runStart)))
        while true {
            if let outcome = outcomes.removeValue(forKey: ticket) {
                condition.unlock()
                return try outcome.get()
            }
            if committing {
                condition.wait()
                continue
            }
            committing = true
            let batch = waiting
            waiting.removeAll(keepingCapacity: true)
            condition.unlock()
            let results = store.recordRuns(batch.map(\.run))
            committed?(batch.count)
            condition.lock()
            for (entry, result) in zip(batch, results) { outcomes[entry.ticket] = result }
            committing = false
            condition.broadcast()
        }
    }
}
