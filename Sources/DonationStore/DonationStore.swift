import Foundation
import ExthostPosix
#if canImport(Glibc)
import Glibc
#endif
import GRDB
import Synchronization

/// The system's store of donations, voice shortcuts and suggestions: one
/// SQLite file (see ``StoreLocation``) that the host, apps and the command
/// line open at once.
///
/// Concurrency: the file is in write-ahead-log mode, so readers never block
/// the writer; every change is one `BEGIN IMMEDIATE` transaction, and a
/// writer that finds another writing waits for it (up to 10 s) instead of
/// failing. A process killed mid-write leaves its transaction uncommitted:
/// SQLite rolls it back from the log at the next open, so every donation
/// whose call returned is there and none is half written. Commits are
/// `synchronous = NORMAL` (GRDB's choice for a WAL pool): a committed
/// donation survives its process, killed or crashed; a power cut may lose
/// the last commits before a checkpoint, never corrupt the file (unless the
/// store is opened with `flushesCommits`, which flushes each commit).
/// A system record may wait outside the store, in a ``PendingRecord`` file
/// its writer commits later; opening the store records those whose writer
/// died first.
///
/// Implementation requirements for callers: check Apple's rules before
/// donating an activity (``ActivityDonationRules``); the store itself checks
/// only what it needs (unique identifiers, unique phrases).
public final class DonationStore: Sendable {
    /// The store file.
    public let path: String
    /// A pool (a writer and concurrent readers), or one connection.
    private let database: any DatabaseWriter
    /// What opening the store could not record of the pending records.
    private let notRecordedWhenOpened = Mutex<[NotRecorded]>([])

    /// The pending records (``PendingRecord``) that opening the store found
    /// but could not record, each saying why and which file it still waits
    /// in: a command that opens the store shows them as warnings, since the
    /// command that answered for them (`exthost run`) has ended.
    public var notRecordedAtOpen: [NotRecorded] { notRecordedWhenOpened.withLock { $0 } }

    /// How many connections a store opens.
    public enum Connections: Sendable {
        /// A writer and readers that run beside it: for a process that
        /// serves many requests (the service, an app).
        case pool
        /// One connection, for a command that makes one or two statements
        /// and ends: GRDB's pool set-up (switching to WAL mode, checking the
        /// log file) is skipped, which is most of an open's instructions.
        /// Taken only for a store already current and in WAL mode; a new
        /// or older store is opened as a pool, which creates and migrates it.
        case single
    }

    /// Opens the store, creating its folder and file when needed.
    ///
    /// - Parameters:
    ///   - path: The file; by default ``StoreLocation/defaultPath(environment:)``.
    ///   - connections: A pool by default.
    ///   - flushesCommits: Whether every commit is flushed to the disk
    ///     (`synchronous = FULL`, set after GRDB's set-up, which sets
    ///     NORMAL): a commit then survives a power cut too, at the cost of
    ///     an `fdatasync` of the log per commit.
    /// - Throws: ``DonationStoreError`` `storeUnavailable` naming the file.
    public init(path: String = StoreLocation.defaultPath(), connections: Connections = .pool,
                flushesCommits: Bool = false) throws(DonationStoreError) {
        self.path = path
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "exthost.donations"
        do {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            // Opening switches a new file to WAL mode and creates the schema;
            // SQLite answers "busy" at once, without waiting, to a second
            // process doing the same, so first opens take turns under a lock.
            if connections == .single, FileManager.default.fileExists(atPath: path),
               let queue = try? DatabaseQueue(path: path, configuration: configuration),
               (try? queue.writeWithoutTransaction({ db in
                   // As the pool's writer (GRDB's WAL set-up): SQLite's own
                   // default, FULL, would flush every commit.
                   try db.execute(sql: "PRAGMA synchronous = NORMAL")
                   return try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 >= Self.schemaVersion
                       && String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal"
               })) == true {
                database = queue
            } else {
                database = try Self.whileHoldingOpenLock(path + ".lock") {
                    let pool = try DatabasePool(path: path, configuration: configuration)
                    let version = try pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
                    // A store whose `user_version` says every migration is
                    // applied skips the migrator's checks (its table, the list
                    // of applied migrations): what every open but the first finds.
                    if version < Self.schemaVersion {
                        try Self.migrator.migrate(pool)
                        try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = \(Self.schemaVersion)") }
                    }
                    return pool
                }
            }
            if flushesCommits {
                try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
            }
        } catch {
            throw DonationStoreError(.storeUnavailable, "cannot open the donation store \(path): \(Self.describe(error)); set EXTHOST_DATA_DIR to a writable folder")
        }
        let replay = recordPendingRecords()
        notRecordedWhenOpened.withLock { $0 = replay.notRecorded }
    }

    /// Runs `body` holding an exclusive `flock` on `lockPath` (created when
    /// missing); the lock goes with the descriptor, even if the process dies.
    private static func whileHoldingOpenLock<T>(_ lockPath: String, _ body: () throws -> T) throws -> T {
        guard let descriptor = try? Posix.open(lockPath, flags: O_RDWR | O_CREAT) else { return try body() }
        defer { Posix.close(descriptor) }
        try? Posix.lock(descriptor, path: lockPath)
        defer { Posix.unlock(descriptor) }
        return try body()
    }

    // MARK: Donating

    /// Stores a donation; one with the same identifier is replaced (iOS keeps
    /// one interaction per identifier).
    ///
    /// - Throws: ``DonationStoreError`` 1901.
    public func donate(_ donation: Donation) throws(DonationStoreError) {
        try write(.donatingInteraction, "cannot donate \(donation.shortcut.displayTitle)") { db in
            try donation.save(db)
        }
    }

    /// Stores copies of one donation, one per identifier, in one
    /// transaction: all of them or, when one cannot be written, none (a
    /// large count is one commit, not one per copy). A copy whose identifier
    /// is already stored replaces that donation, as ``donate(_:)`` does.
    ///
    /// - Throws: ``DonationStoreError`` 1901.
    public func donate(_ donation: Donation, identifiers: [String]) throws(DonationStoreError) {
        guard !identifiers.isEmpty else { return }
        try write(.donatingInteraction, "cannot donate \(identifiers.count) × \(donation.shortcut.displayTitle)") { db in
            try Self.insertOrReplace(donation, identifiers: identifiers, db)
        }
    }

    /// Inserts copies of `donation`, one per identifier, replacing any
    /// stored with the same identifier: encoded once, one prepared
    /// statement, only the identifier changes. Written out rather than
    /// GRDB's `insert`, which reads the table's schema for its primary key
    /// on a connection's first insert (most of a one-shot commit's
    /// instructions, by callgrind).
    private static func insertOrReplace(_ donation: Donation, identifiers: [String], _ db: Database) throws {
        let values = try donation.databaseDictionary
        let columns = Array(values.keys)
        let statement = try db.makeStatement(sql: """
            INSERT OR REPLACE INTO \(Donation.databaseTableName) (\(columns.map { "\"\($0)\"" }.joined(separator: ", ")))
            VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
            """)
        var arguments = columns.map { values[$0] ?? .null }
        let slot = columns.firstIndex(of: Donation.Field.identifier.rawValue) ?? 0
        for identifier in identifiers {
            arguments[slot] = identifier.databaseValue
            try statement.execute(arguments: StatementArguments(arguments))
        }
    }

    /// Records a request the system handled (a ``Donation/Source/system``
    /// donation). A run counts once: when the app's extension donated the
    /// same intent during the run (on or after `runStart`), as the account
    /// sync does in its `handle`, no second record is added; that donation
    /// (keeping its identifier and group, which the app deletes it by) takes
    /// the system's handling status, since only the system saw the response.
    ///
    /// - Parameters:
    ///   - donation: The system's record of the run.
    ///   - runStart: When the run began.
    /// - Returns: The identifiers of the donations that stand for the run.
    /// - Throws: ``DonationStoreError`` 1901.
    @discardableResult
    public func recordRun(_ donation: Donation, since runStart: Date) throws(DonationStoreError) -> [String] {
        try write(.donatingInteraction, "cannot record \(donation.shortcut.displayTitle)") { db in
            try Self.recordRun(donation, since: runStart, db)
        }
    }

    /// One system record to commit with others (``recordRuns(_:)``).
    public struct Run: Sendable {
        public var donation: Donation
        public var runStart: Date

        public init(_ donation: Donation, since runStart: Date) {
            self.donation = donation
            self.runStart = runStart
        }
    }

    /// Records several runs, each as ``recordRun(_:since:)`` does, in one
    /// transaction: one commit (and, when commits are flushed, one flush)
    /// for all of them. Each run is a savepoint of its own, so one that
    /// cannot be written fails alone and the others are committed; a commit
    /// that fails fails them all.
    ///
    /// - Returns: Per run, in order, the identifiers that stand for it or
    ///   the ``DonationStoreError`` 1901 saying why it is not recorded.
    public func recordRuns(_ runs: [Run]) -> [Result<[String], DonationStoreError>] {
        do throws(DonationStoreError) {
            return try commitRuns(runs)
        } catch {
            return runs.map { _ in .failure(error) }
        }
    }

    /// Records several runs as ``recordRuns(_:)`` does, telling a
    /// transaction that failed as a whole from records the store refused.
    ///
    /// - Returns: Per run, in order, the identifiers that stand for it or
    ///   why the store refused it (the others are committed).
    /// - Throws: ``DonationStoreError`` 1901 when the transaction failed:
    ///   no run is recorded.
    public func commitRuns(_ runs: [Run]) throws(DonationStoreError) -> [Result<[String], DonationStoreError>] {
        var outcomes: [Result<[String], DonationStoreError>] = []
        outcomes.reserveCapacity(runs.count)
        try write(.donatingInteraction, "cannot record \(runs.count) \(runs.count == 1 ? "request" : "requests")") { db in
            outcomes.removeAll(keepingCapacity: true)
            for run in runs {
                do {
                    var identifiers: [String] = []
                    try db.inSavepoint {
                        identifiers = try Self.recordRun(run.donation, since: run.runStart, db)
                        return .commit
                    }
                    outcomes.append(.success(identifiers))
                } catch {
                    outcomes.append(.failure(DonationStoreError(
                        .donatingInteraction, "cannot record \(run.donation.shortcut.displayTitle): \(Self.describe(error)) (store \(path))")))
                }
            }
        }
        return outcomes
    }

    /// The extension's own donations of the run's intent made during the
    /// run: `app`, `kind`, `intent`, `source`, `startDate` bound in that order.
    static let donatedDuringRun = "app = ? AND kind = ? AND intent = ? AND source = ? AND startDate >= ?"

    /// ``recordRun(_:since:)``'s statements, in the caller's transaction.
    private static func recordRun(_ donation: Donation, since runStart: Date, _ db: Database) throws -> [String] {
        // SQL written out: on the one-shot path (`exthost run`), building
        // these from the query interface cost more than the commit's
        // statements themselves (callgrind).
        // Answered by the index `donation_run` (migration v10): without it
        // each record read every donation the app had for its intents, so
        // the service's writes slowed as the store grew.
        let donatedDuringRun = Self.donatedDuringRun
        let arguments: StatementArguments = [donation.shortcut.app, Shortcut.Kind.intent.rawValue, donation.shortcut.intent,
                                             Donation.Source.donated.rawValue, runStart.timeIntervalSince1970]
        let identifiers = try String.fetchAll(db, sql: "SELECT identifier FROM donation WHERE \(donatedDuringRun)", arguments: arguments)
        guard !identifiers.isEmpty else {
            try insertOrReplace(donation, identifiers: [donation.identifier], db)
            return [donation.identifier]
        }
        try db.execute(sql: "UPDATE donation SET intentHandlingStatus = ? WHERE \(donatedDuringRun)",
                       arguments: [donation.intentHandlingStatus] + arguments)
        return identifiers
    }

    // MARK: Deleting donations

    /// Deletes an app's interactions by identifier (`INInteraction.delete(with:)`).
    ///
    /// - Returns: How many were deleted.
    @discardableResult
    public func deleteInteractions(app: String, identifiers: [String]) throws(DonationStoreError) -> Int {
        try write(.deletingInteractionWithIdentifiers, "cannot delete interactions \(identifiers.joined(separator: ", "))") { db in
            try Donation.filter(Donation.Field.app == app && Donation.Field.kind == Shortcut.Kind.intent.rawValue
                                && identifiers.contains(Donation.Field.identifier)).deleteAll(db)
        }
    }

    /// Deletes an app's interactions of a group (`INInteraction.delete(with: groupIdentifier)`).
    @discardableResult
    public func deleteInteractions(app: String, groupIdentifier: String) throws(DonationStoreError) -> Int {
        try write(.deletingInteractionWithGroupIdentifier, "cannot delete the interactions of group \(groupIdentifier)") { db in
            try Donation.filter(Donation.Field.app == app && Donation.Field.kind == Shortcut.Kind.intent.rawValue
                                && Donation.Field.groupIdentifier == groupIdentifier).deleteAll(db)
        }
    }

    /// Deletes every interaction of an app (`INInteraction.deleteAll`).
    @discardableResult
    public func deleteAllInteractions(app: String) throws(DonationStoreError) -> Int {
        try write(.deletingAllInteractions, "cannot delete the interactions of \(app)") { db in
            try Donation.filter(Donation.Field.app == app && Donation.Field.kind == Shortcut.Kind.intent.rawValue).deleteAll(db)
        }
    }

    /// Deletes an app's saved activities by persistent identifier
    /// (`NSUserActivity.deleteSavedUserActivities(withPersistentIdentifiers:)`).
    @discardableResult
    public func deleteActivities(app: String, persistentIdentifiers: [String]) throws(DonationStoreError) -> Int {
        try write(.deletingInteractionWithIdentifiers, "cannot delete activities \(persistentIdentifiers.joined(separator: ", "))") { db in
            try Donation.filter(Donation.Field.app == app && Donation.Field.kind == Shortcut.Kind.userActivity.rawValue
                                && persistentIdentifiers.contains(Donation.Field.persistentIdentifier)).deleteAll(db)
        }
    }

    /// Deletes every saved activity of an app (`deleteAllSavedUserActivities`).
    @discardableResult
    public func deleteAllActivities(app: String) throws(DonationStoreError) -> Int {
        try write(.deletingAllInteractions, "cannot delete the activities of \(app)") { db in
            try Donation.filter(Donation.Field.app == app && Donation.Field.kind == Shortcut.Kind.userActivity.rawValue).deleteAll(db)
        }
    }

    /// Deletes donations by identifier, whatever their app or kind (for `exthost donations delete`).
    @discardableResult
    public func deleteDonations(identifiers: [String]) throws(DonationStoreError) -> Int {
        try write(.deletingInteractionWithIdentifiers, "cannot delete donations \(identifiers.joined(separator: ", "))") { db in
            try Donation.filter(identifiers.contains(Donation.Field.identifier)).deleteAll(db)
        }
    }

    // MARK: Reading donations

    /// Donations, newest first.
    ///
    /// - Parameter app: Only this app's, or all when `nil`.
    public func donations(app: String? = nil) throws(DonationStoreError) -> [Donation] {
        try donations(app: app, limit: nil).donations
    }

    /// The newest `limit` donations (all when `nil`), newest first, and how
    /// many there are in all, read in one transaction so both agree.
    ///
    /// - Parameter app: Only this app's, or all when `nil`.
    public func donations(app: String?, limit: Int?) throws(DonationStoreError) -> (donations: [Donation], total: Int) {
        try read { db in
            var request = Donation.all()
            if let app { request = request.filter(Donation.Field.app == app) }
            let ordered = request.order(Donation.Field.startDate.desc, Donation.Field.identifier)
            let donations = try (limit.map { ordered.limit(max(0, $0)) } ?? ordered).fetchAll(db)
            // Fewer than asked for: that is all of them, no count needed.
            guard let limit, donations.count >= limit else { return (donations, donations.count) }
            return (donations, try request.fetchCount(db))
        }
    }

    /// The shortcuts an app's donations offer: one per distinct shortcut,
    /// eligible for prediction, most recently performed first.
    public func donatedShortcuts(app: String? = nil) throws(DonationStoreError) -> [(shortcut: Shortcut, count: Int, lastPerformed: Date)] {
        var seen: [String: Int] = [:]
        var result: [(shortcut: Shortcut, count: Int, lastPerformed: Date)] = []
        for donation in try donations(app: app) where donation.eligibleForPrediction {
            if let index = seen[donation.shortcut.key] {
                result[index].count += 1
            } else {
                seen[donation.shortcut.key] = result.count
                result.append((donation.shortcut, 1, donation.startDate))
            }
        }
        return result
    }

    // MARK: Voice shortcuts

    /// What adding or editing a phrase produced.
    public struct PhraseResult: Sendable {
        public var voiceShortcut: VoiceShortcut
        /// Phrases of other apps close to this one, with advice.
        public var warnings: [String]
    }

    /// Attaches a phrase to a shortcut ("Add to Siri").
    ///
    /// - Throws: `phraseConflict` when another voice shortcut has the same
    ///   phrase (after ``PhraseNormalizer``), or an empty phrase.
    public func addVoiceShortcut(phrase: String, shortcut: Shortcut, date: Date = Date()) throws(DonationStoreError) -> PhraseResult {
        let voiceShortcut = VoiceShortcut(invocationPhrase: phrase, shortcut: shortcut, date: date)
        return try writePhrase(voiceShortcut, replacing: nil)
    }

    /// Changes a voice shortcut's phrase, or its shortcut.
    ///
    /// - Throws: `notFound`, or `phraseConflict` as ``addVoiceShortcut(phrase:shortcut:date:)``.
    public func editVoiceShortcut(identifier: String, phrase: String?, shortcut: Shortcut? = nil, date: Date = Date()) throws(DonationStoreError) -> PhraseResult {
        guard var existing = try voiceShortcut(identifier: identifier) else {
            throw DonationStoreError(.notFound, "no voice shortcut \(identifier); `exthost shortcuts list --phrases` lists them")
        }
        if let phrase {
            existing.invocationPhrase = phrase
            existing.normalizedPhrase = PhraseNormalizer.normalize(phrase)
        }
        if let shortcut { existing.shortcut = shortcut }
        existing.modified = date
        return try writePhrase(existing, replacing: identifier)
    }

    /// The identifier of the one voice shortcut whose identifier begins
    /// with `prefix` (case aside), as `shortcuts edit|delete` take it.
    ///
    /// - Throws: `notFound` when none or several do.
    public func voiceShortcutIdentifier(prefix: String) throws(DonationStoreError) -> String {
        let matches = try voiceShortcuts().filter { $0.identifier.lowercased().hasPrefix(prefix.lowercased()) }
        guard matches.count == 1 else {
            throw DonationStoreError(.notFound, matches.isEmpty
                ? "no voice shortcut \(prefix); `exthost shortcuts list --phrases` lists them"
                : "\(prefix) names \(matches.count) voice shortcuts; give more of the identifier")
        }
        return matches[0].identifier
    }

    /// Deletes a voice shortcut.
    ///
    /// - Throws: `notFound` when there is none with that identifier.
    public func deleteVoiceShortcut(identifier: String) throws(DonationStoreError) {
        let deleted = try write(.notFound, "cannot delete voice shortcut \(identifier)") { db in
            try VoiceShortcut.deleteOne(db, key: identifier)
        }
        if !deleted {
            throw DonationStoreError(.notFound, "no voice shortcut \(identifier); `exthost shortcuts list --phrases` lists them")
        }
    }

    /// Every voice shortcut, by phrase.
    public func voiceShortcuts() throws(DonationStoreError) -> [VoiceShortcut] {
        try read { db in try VoiceShortcut.order(VoiceShortcut.Field.normalizedPhrase).fetchAll(db) }
    }

    /// One voice shortcut by identifier.
    public func voiceShortcut(identifier: String) throws(DonationStoreError) -> VoiceShortcut? {
        try read { db in try VoiceShortcut.fetchOne(db, key: identifier) }
    }

    /// The voice shortcut a spoken phrase invokes (compared after normalising).
    public func voiceShortcut(matching phrase: String) throws(DonationStoreError) -> VoiceShortcut? {
        let normalized = PhraseNormalizer.normalize(phrase)
        return try read { db in
            try VoiceShortcut.filter(VoiceShortcut.Field.normalizedPhrase == normalized).fetchOne(db)
        }
    }

    private func writePhrase(_ voiceShortcut: VoiceShortcut, replacing: String?) throws(DonationStoreError) -> PhraseResult {
        let phrase = voiceShortcut.invocationPhrase
        guard !voiceShortcut.normalizedPhrase.isEmpty else {
            throw DonationStoreError(.phraseConflict, "the phrase \"\(phrase)\" has nothing to say once punctuation and spaces are dropped; choose words")
        }
        var warnings: [String] = []
        var conflict: VoiceShortcut?
        try write(.phraseConflict, "cannot save the phrase \"\(phrase)\"") { db in
            let others = try VoiceShortcut.fetchAll(db).filter { $0.identifier != replacing }
            if let clash = others.first(where: { $0.normalizedPhrase == voiceShortcut.normalizedPhrase }) {
                conflict = clash
                return
            }
            for other in others where other.shortcut.app != voiceShortcut.shortcut.app
                && PhraseNormalizer.areClose(other.normalizedPhrase, voiceShortcut.normalizedPhrase) {
                warnings.append("\"\(phrase)\" sounds like \"\(other.invocationPhrase)\" of \(other.shortcut.app); include the app's name (for example \"\(phrase) in \(Self.appName(voiceShortcut.shortcut.app))\") so the two are not confused")
            }
            try voiceShortcut.save(db)
        }
        if let conflict {
            throw DonationStoreError(.phraseConflict, "the phrase \"\(phrase)\" is already used by \(conflict.shortcut.app)'s \"\(conflict.shortcut.displayTitle)\" (voice shortcut \(conflict.identifier), phrase \"\(conflict.invocationPhrase)\"); choose another phrase, or edit or delete that one")
        }
        return PhraseResult(voiceShortcut: voiceShortcut, warnings: warnings)
    }

    /// The last part of an app identifier, as people call the app.
    static func appName(_ app: String) -> String {
        let last = app.split(separator: ".").last.map(String.init) ?? app
        return last.prefix(1).uppercased() + last.dropFirst()
    }

    // MARK: Suggestions

    /// Replaces an app's suggested shortcuts (`INVoiceShortcutCenter.setShortcutSuggestions`).
    public func setShortcutSuggestions(app: String, _ shortcuts: [Shortcut]) throws(DonationStoreError) {
        try write(.donatingInteraction, "cannot set the shortcut suggestions of \(app)") { db in
            try db.execute(sql: "DELETE FROM shortcutSuggestion WHERE app = ?", arguments: [app])
            for shortcut in shortcuts {
                try db.execute(sql: "INSERT OR REPLACE INTO shortcutSuggestion (app, shortcutKey, shortcut) VALUES (?, ?, ?)",
                               arguments: [app, shortcut.key, Self.encode(shortcut)])
            }
        }
    }

    /// Replaces an app's relevant shortcuts (`INRelevantShortcutStore.setRelevantShortcuts`).
    public func setRelevantShortcuts(app: String, _ shortcuts: [RelevantShortcut]) throws(DonationStoreError) {
        try write(.donatingInteraction, "cannot set the relevant shortcuts of \(app)") { db in
            try db.execute(sql: "DELETE FROM relevantShortcut WHERE app = ?", arguments: [app])
            for item in shortcuts {
                try db.execute(sql: "INSERT OR REPLACE INTO relevantShortcut (app, shortcutKey, shortcut, startDate, endDate) VALUES (?, ?, ?, ?, ?)",
                               arguments: [app, item.shortcut.key, Self.encode(item.shortcut),
                                           item.startDate?.timeIntervalSince1970, item.endDate?.timeIntervalSince1970])
            }
        }
    }

    // MARK: Notifications

    /// Posts a notification into the log (`UNUserNotificationCenter.add`);
    /// the app's earlier one with the same identifier is replaced.
    ///
    /// - Returns: The notification as logged, with its sequence.
    /// - Throws: ``DonationStoreError`` 1901.
    @discardableResult
    public func post(_ notification: PostedNotification) throws(DonationStoreError) -> PostedNotification {
        try write(.donatingInteraction, "cannot post the notification \(notification.identifier) of \(notification.app)") { db in
            try db.execute(sql: "DELETE FROM notification WHERE app = ? AND identifier = ?",
                           arguments: [notification.app, notification.identifier])
            var posted = notification
            posted.sequence = nil
            try posted.insert(db)
            return posted
        }
    }

    /// The notification log, oldest first.
    ///
    /// - Parameters:
    ///   - app: Only this app's, or every app's when `nil`.
    ///   - sequence: Only those posted after the one with this sequence.
    public func notifications(app: String? = nil, after sequence: Int64 = 0) throws(DonationStoreError) -> [PostedNotification] {
        try read { db in
            var request = PostedNotification.filter(Column("sequence") > sequence)
            if let app { request = request.filter(Column("app") == app) }
            return try request.order(Column("sequence")).fetchAll(db)
        }
    }

    // MARK: Vocabulary

    /// Replaces `app`'s vocabulary strings of `type` (`INVocabularyStringType`'s
    /// number), most important first; an empty list removes them. A string
    /// given twice is kept once, at its first place. While Siri is turned
    /// off for `app` (denied or restricted) nothing is kept, as on iOS.
    ///
    /// - Returns: How many strings were kept.
    @discardableResult
    public func setVocabulary(app: String, type: Int, strings: [String], date: Date = Date()) throws(DonationStoreError) -> Int {
        try setVocabulary(app: app, type: type, entries: strings.map { VocabularyEntry(phrase: $0) }, date: date)
    }

    /// Replaces `app`'s vocabulary of `type` with `entries` (phrases with
    /// the app's identifier, pronunciation hint and alternatives), most
    /// important first; as ``setVocabulary(app:type:strings:date:)``, an
    /// entry given twice is kept at its first place, and nothing is kept
    /// while Siri is turned off for `app`. Entries of one phrase with
    /// different identifiers are different entries (two contacts of one
    /// name), as two `INSpeakableString`s that differ so are two objects of
    /// the `NSOrderedSet` an app passes on iOS.
    ///
    /// - Returns: How many entries were kept.
    @discardableResult
    public func setVocabulary(app: String, type: Int, entries: [VocabularyEntry], date: Date = Date()) throws(DonationStoreError) -> Int {
        try write(.donatingInteraction, "cannot set the vocabulary of \(app)") { db in
            try db.execute(sql: "DELETE FROM vocabulary WHERE app = ? AND type = ?", arguments: [app, type])
            let raw = try Int.fetchOne(db, sql: "SELECT status FROM siriAuthorization WHERE app = ?", arguments: [app])
            guard raw.flatMap(SiriAuthorization.init(rawValue:))?.allowsSystemIntents ?? true else { return 0 }
            var seen = Set<[String?]>()
            for (position, entry) in entries.enumerated() where seen.insert([entry.phrase, entry.identifier]).inserted {
                try db.execute(sql: """
                    INSERT INTO vocabulary (app, type, position, string, changed, identifier, pronunciationHint, alternatives)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [app, type, position, entry.phrase, date.timeIntervalSince1970, entry.identifier,
                                     entry.pronunciationHint, entry.alternatives.isEmpty ? nil : Self.jsonList(entry.alternatives)])
            }
            return seen.count
        }
    }

    /// Removes every vocabulary string of `app`.
    ///
    /// - Returns: How many were removed.
    @discardableResult
    public func removeAllVocabulary(app: String) throws(DonationStoreError) -> Int {
        try write(.donatingInteraction, "cannot remove the vocabulary of \(app)") { db in
            try db.execute(sql: "DELETE FROM vocabulary WHERE app = ?", arguments: [app])
            return db.changesCount
        }
    }

    /// `app`'s vocabulary strings of `type`, most important first.
    public func vocabulary(app: String, type: Int) throws(DonationStoreError) -> [String] {
        try vocabularyEntries(app: app, type: type).map(\.phrase)
    }

    /// `app`'s vocabulary of `type` with what the app said of each phrase,
    /// most important first.
    public func vocabularyEntries(app: String, type: Int) throws(DonationStoreError) -> [VocabularyEntry] {
        try vocabularyEntries(app: app).filter { $0.type == type }.map(\.entry)
    }

    /// Every vocabulary entry the store keeps, by app and type, each
    /// type's in the app's order; `app`'s alone when given.
    public func vocabularyEntries(app: String? = nil) throws(DonationStoreError) -> [(app: String, type: Int, entry: VocabularyEntry)] {
        try read { db in
            var sql = "SELECT app, type, string, identifier, pronunciationHint, alternatives FROM vocabulary"
            var arguments: StatementArguments = []
            if let app {
                sql += " WHERE app = ?"
                arguments = [app]
            }
            return try Row.fetchAll(db, sql: sql + " ORDER BY app, type, position", arguments: arguments).map { row in
                let alternatives = (row["alternatives"] as String?).map(Self.parseJSONList) ?? []
                return (row["app"], row["type"], VocabularyEntry(phrase: row["string"], identifier: row["identifier"],
                                                                 pronunciationHint: row["pronunciationHint"], alternatives: alternatives))
            }
        }
    }

    /// A list of strings as JSON text (a vocabulary entry's alternatives).
    private static func jsonList(_ list: [String]) -> String {
        (try? JSONSerialization.data(withJSONObject: list)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    /// The list ``jsonList(_:)`` wrote; none for anything else.
    private static func parseJSONList(_ text: String) -> [String] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String] ?? []
    }

    // MARK: The app picked per domain

    /// The app the person picked for `domain`'s system intents (a domain's
    /// name, `Messaging`, …), when several apps handle them.
    public func pickedApp(domain: String) throws(DonationStoreError) -> String? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT app FROM pickedApp WHERE domain = ?", arguments: [domain])
        }
    }

    /// Every domain with a picked app, by domain.
    public func pickedApps() throws(DonationStoreError) -> [(domain: String, app: String)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT domain, app FROM pickedApp ORDER BY domain").map { row in
                (row["domain"] as String, row["app"] as String)
            }
        }
    }

    /// Remembers `app` as the one picked for `domain`.
    public func setPickedApp(_ app: String, domain: String, date: Date = Date()) throws(DonationStoreError) {
        try write(.donatingInteraction, "cannot remember \(app) for \(domain)") { db in
            try db.execute(sql: "INSERT OR REPLACE INTO pickedApp (domain, app, changed) VALUES (?, ?, ?)",
                           arguments: [domain, app, date.timeIntervalSince1970])
        }
    }

    /// Forgets the app picked for `domain`, or for every domain when nil.
    ///
    /// - Returns: How many domains had one.
    @discardableResult
    public func forgetPickedApp(domain: String?) throws(DonationStoreError) -> Int {
        try write(.donatingInteraction, "cannot forget the app picked for \(domain ?? "any domain")") { db in
            if let domain {
                try db.execute(sql: "DELETE FROM pickedApp WHERE domain = ?", arguments: [domain])
            } else {
                try db.execute(sql: "DELETE FROM pickedApp")
            }
            return db.changesCount
        }
    }

    // MARK: Focus

    /// Whether `app` may read the person's Focus (`INFocusStatusCenter`'s
    /// `authorizationStatus`); ``AuthorizationStatus/notDetermined`` when
    /// nothing is recorded.
    public func focusAuthorization(app: String) throws(DonationStoreError) -> AuthorizationStatus {
        try authorization(in: "focusAuthorization", app: app)
    }

    /// Every app with a recorded Focus decision, by identifier.
    public func focusAuthorizations() throws(DonationStoreError) -> [(app: String, status: AuthorizationStatus)] {
        try authorizations(in: "focusAuthorization")
    }

    /// Records the person's Focus decision for `app`; `notDetermined` forgets it.
    public func setFocusAuthorization(_ status: AuthorizationStatus, app: String, date: Date = Date()) throws(DonationStoreError) {
        try write(.donatingInteraction, "cannot record the Focus permission of \(app)") { db in
            try Self.record(status, app: app, date: date, in: "focusAuthorization", db)
        }
    }

    /// The person's Focus as the system keeps it (`exthost focus on|off`):
    /// whether one is on, and since when; nil before it was ever set.
    public func focusStatus() throws(DonationStoreError) -> (isFocused: Bool, changed: Date)? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT isFocused, changed FROM focusStatus WHERE id = 1").map { row in
                (row["isFocused"] as Bool, Date(timeIntervalSince1970: row["changed"] as Double))
            }
        }
    }

    /// Sets the person's Focus.
    ///
    /// - Returns: Whether it changed (false when it already was so).
    @discardableResult
    public func setFocusStatus(isFocused: Bool, date: Date = Date()) throws(DonationStoreError) -> Bool {
        try write(.donatingInteraction, "cannot record the Focus status") { db in
            let before = try Bool.fetchOne(db, sql: "SELECT isFocused FROM focusStatus WHERE id = 1")
            try db.execute(sql: "INSERT OR REPLACE INTO focusStatus (id, isFocused, changed) VALUES (1, ?, ?)",
                           arguments: [isFocused, date.timeIntervalSince1970])
            return before != isFocused
        }
    }

    // MARK: Siri authorization

    /// What the person decided about Siri for `app`; ``SiriAuthorization/notDetermined``
    /// when nothing is recorded.
    public func siriAuthorization(app: String) throws(DonationStoreError) -> SiriAuthorization {
        try authorization(in: "siriAuthorization", app: app)
    }

    /// Every app with a recorded decision, by identifier.
    public func siriAuthorizations() throws(DonationStoreError) -> [(app: String, status: SiriAuthorization)] {
        try authorizations(in: "siriAuthorization")
    }

    /// The status `table` (`siriAuthorization`, `focusAuthorization`) records
    /// for `app`; ``AuthorizationStatus/notDetermined`` when none.
    private func authorization(in table: String, app: String) throws(DonationStoreError) -> AuthorizationStatus {
        try read { db in
            let raw = try Int.fetchOne(db, sql: "SELECT status FROM \(table) WHERE app = ?", arguments: [app])
            return raw.flatMap(AuthorizationStatus.init(rawValue:)) ?? .notDetermined
        }
    }

    /// Every app `table` records a status for, by identifier.
    private func authorizations(in table: String) throws(DonationStoreError) -> [(app: String, status: AuthorizationStatus)] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT app, status FROM \(table) ORDER BY app").map { row in
                (row["app"] as String, AuthorizationStatus(rawValue: row["status"] as Int) ?? .notDetermined)
            }
        }
    }

    /// Records the person's decision for `app`; `notDetermined` forgets it.
    /// Any decision but `authorized` also drops the app's vocabulary, as iOS
    /// drops it when Siri is turned off for the app: a reset app registers
    /// it again once authorized.
    public func setSiriAuthorization(_ status: SiriAuthorization, app: String, date: Date = Date()) throws(DonationStoreError) {
        try write(.donatingInteraction, "cannot record Siri's authorization of \(app)") { db in
            if status != .authorized {
                try db.execute(sql: "DELETE FROM vocabulary WHERE app = ?", arguments: [app])
            }
            try Self.record(status, app: app, date: date, in: "siriAuthorization", db)
        }
    }

    /// Records `status` for `app` in `table` (`siriAuthorization`,
    /// `focusAuthorization`); `notDetermined` forgets the row.
    private static func record(_ status: AuthorizationStatus, app: String, date: Date, in table: String, _ db: Database) throws {
        if status == .notDetermined {
            try db.execute(sql: "DELETE FROM \(table) WHERE app = ?", arguments: [app])
        } else {
            try db.execute(sql: "INSERT OR REPLACE INTO \(table) (app, status, changed) VALUES (?, ?, ?)",
                           arguments: [app, status.rawValue, date.timeIntervalSince1970])
        }
    }

    /// Ranked suggestions (see ``SuggestionRanker``).
    ///
    /// - Parameters:
    ///   - app: Only this app's, or every app's when `nil`.
    ///   - date: The date they are for.
    public func suggestions(app: String? = nil, at date: Date = Date(), calendar: Calendar = .current) throws(DonationStoreError) -> [Suggestion] {
        let (suggested, relevant): ([Shortcut], [RelevantShortcut]) = try read { db in
            let filter = app == nil ? "" : " WHERE app = ?"
            let arguments: StatementArguments = app.map { [$0] } ?? []
            let suggested = try Row.fetchAll(db, sql: "SELECT shortcut FROM shortcutSuggestion\(filter) ORDER BY shortcutKey", arguments: arguments)
                .compactMap { Self.decode($0["shortcut"]) }
            let relevant = try Row.fetchAll(db, sql: "SELECT shortcut, startDate, endDate FROM relevantShortcut\(filter) ORDER BY shortcutKey", arguments: arguments)
                .compactMap { row -> RelevantShortcut? in
                    guard let shortcut = Self.decode(row["shortcut"]) else { return nil }
                    let start: Double? = row["startDate"], end: Double? = row["endDate"]
                    return RelevantShortcut(shortcut: shortcut, startDate: start.map(Date.init(timeIntervalSince1970:)),
                                            endDate: end.map(Date.init(timeIntervalSince1970:)))
                }
            return (suggested, relevant)
        }
        let onlySuggested = Set(try mediaPredictionModes(app: app).filter { $0.mode == .onlyPredictSuggestedIntents }
            .map { "\($0.app)|\($0.mediaType)" })
        // An app that asked for its suggested media intents alone of a media
        // type (INUpcomingMediaPredictionMode.onlyPredictSuggestedIntents)
        // has its donated media intents of that type left out.
        let predicted = try donations(app: app).filter { donation in
            guard !onlySuggested.isEmpty, let type = UpcomingMedia.mediaType(of: donation.shortcut) else { return true }
            return !onlySuggested.contains("\(donation.shortcut.app)|\(type)")
        }
        return SuggestionRanker.rank(donations: predicted, suggested: suggested, relevant: relevant,
                                     upcomingMedia: try suggestedMediaIntents(app: app), at: date, calendar: calendar)
    }

    // MARK: Checking

    /// SQLite's `PRAGMA integrity_check`: `["ok"]` for a sound file.
    public func integrityCheck() throws(DonationStoreError) -> [String] {
        try read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    // MARK: Plumbing

    static func encode(_ shortcut: Shortcut) -> String {
        (try? String(decoding: ShortcutCoding.encoder.encode(shortcut), as: UTF8.self)) ?? "{}"
    }

    static func decode(_ text: String?) -> Shortcut? {
        guard let text else { return nil }
        return try? JSONDecoder().decode(Shortcut.self, from: Data(text.utf8))
    }

    @discardableResult
    func write<T>(_ code: DonationStoreError.Code, _ what: String, _ body: (Database) throws -> T) throws(DonationStoreError) -> T {
        do {
            return try database.write(body)
        } catch {
            throw DonationStoreError(code, "\(what): \(Self.describe(error)) (store \(path))")
        }
    }

    func read<T>(_ body: (Database) throws -> T) throws(DonationStoreError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw DonationStoreError(.storeUnavailable, "cannot read the donation store \(path): \(Self.describe(error))")
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }

    /// The schema's version, kept in the file's `user_version` once every
    /// migration is applied: the number of migrations.
    static let schemaVersion = migrator.migrations.count

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE donation (
                    identifier TEXT PRIMARY KEY NOT NULL,
                    app TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    intent TEXT,
                    parameters TEXT,
                    activityType TEXT,
                    title TEXT,
                    userInfo TEXT,
                    persistentIdentifier TEXT,
                    suggestedInvocationPhrase TEXT,
                    shortcutKey TEXT NOT NULL,
                    groupIdentifier TEXT,
                    intentHandlingStatus TEXT,
                    eligibleForPrediction BOOLEAN NOT NULL,
                    source TEXT NOT NULL,
                    startDate DOUBLE NOT NULL,
                    endDate DOUBLE NOT NULL
                );
                CREATE INDEX donation_app ON donation(app, kind);
                CREATE INDEX donation_group ON donation(app, groupIdentifier);
                CREATE TABLE voiceShortcut (
                    identifier TEXT PRIMARY KEY NOT NULL,
                    invocationPhrase TEXT NOT NULL,
                    normalizedPhrase TEXT NOT NULL UNIQUE,
                    app TEXT NOT NULL,
                    shortcut TEXT NOT NULL,
                    shortcutKey TEXT NOT NULL,
                    created DOUBLE NOT NULL,
                    modified DOUBLE NOT NULL
                );
                CREATE TABLE shortcutSuggestion (
                    app TEXT NOT NULL,
                    shortcutKey TEXT NOT NULL,
                    shortcut TEXT NOT NULL,
                    PRIMARY KEY (app, shortcutKey)
                );
                CREATE TABLE relevantShortcut (
                    app TEXT NOT NULL,
                    shortcutKey TEXT NOT NULL,
                    shortcut TEXT NOT NULL,
                    startDate DOUBLE,
                    endDate DOUBLE,
                    PRIMARY KEY (app, shortcutKey)
                );
                """)
        }
        // Phrases saved before normal forms were composed (NFC) keep a
        // half-width voiced mark apart from its kana; recompute them. Two
        // that now collide keep the first one's (UPDATE OR IGNORE).
        migrator.registerMigration("v2 composed phrases") { db in
            for row in try Row.fetchAll(db, sql: "SELECT identifier, invocationPhrase FROM voiceShortcut") {
                let phrase: String = row["invocationPhrase"]
                try db.execute(sql: "UPDATE OR IGNORE voiceShortcut SET normalizedPhrase = ? WHERE identifier = ?",
                               arguments: [PhraseNormalizer.normalize(phrase), row["identifier"] as String])
            }
        }
        // The notification log (`UNUserNotificationCenter.add`).
        migrator.registerMigration("v3 notifications") { db in
            try db.execute(sql: """
                CREATE TABLE notification (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    app TEXT NOT NULL,
                    identifier TEXT NOT NULL,
                    title TEXT NOT NULL,
                    subtitle TEXT NOT NULL,
                    body TEXT NOT NULL,
                    threadIdentifier TEXT NOT NULL,
                    postedAt DOUBLE NOT NULL,
                    UNIQUE (app, identifier)
                );
                """)
        }
        // INPreferences: the person's Siri decision per app.
        migrator.registerMigration("v4 siri authorization") { db in
            try db.execute(sql: """
                CREATE TABLE siriAuthorization (
                    app TEXT PRIMARY KEY NOT NULL,
                    status INTEGER NOT NULL,
                    changed DOUBLE NOT NULL
                );
                """)
        }
        // INVocabulary: each app's strings per type, in its order.
        migrator.registerMigration("v5 vocabulary") { db in
            try db.execute(sql: """
                CREATE TABLE vocabulary (
                    app TEXT NOT NULL,
                    type INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    string TEXT NOT NULL,
                    changed DOUBLE NOT NULL,
                    PRIMARY KEY (app, type, position)
                );
                """)
        }
        // The app picked for a domain's system intents when several handle them.
        migrator.registerMigration("v6 picked app") { db in
            try db.execute(sql: """
                CREATE TABLE pickedApp (
                    domain TEXT PRIMARY KEY NOT NULL,
                    app TEXT NOT NULL,
                    changed DOUBLE NOT NULL
                );
                """)
        }
        // INVocabulary's INSpeakable entries (iOS 11's setVocabulary(_:of:)):
        // the app's identifier, pronunciation hint and alternatives per
        // phrase. Strings a store kept before stay, with none of them.
        migrator.registerMigration("v7 vocabulary entries") { db in
            try db.execute(sql: """
                ALTER TABLE vocabulary ADD COLUMN identifier TEXT;
                ALTER TABLE vocabulary ADD COLUMN pronunciationHint TEXT;
                ALTER TABLE vocabulary ADD COLUMN alternatives TEXT;
                """)
        }
        // The media app's side of Siri: INMediaUserContext per app, and
        // INUpcomingMediaManager's suggested intents and prediction modes.
        migrator.registerMigration("v8 media") { db in
            try db.execute(sql: """
                CREATE TABLE mediaUserContext (
                    app TEXT PRIMARY KEY NOT NULL,
                    subscriptionStatus INTEGER NOT NULL,
                    numberOfLibraryItems INTEGER,
                    changed DOUBLE NOT NULL
                );
                CREATE TABLE upcomingMedia (
                    app TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    shortcutKey TEXT NOT NULL,
                    shortcut TEXT NOT NULL,
                    PRIMARY KEY (app, position)
                );
                CREATE TABLE mediaPredictionMode (
                    app TEXT NOT NULL,
                    mediaType TEXT NOT NULL,
                    mode INTEGER NOT NULL,
                    changed DOUBLE NOT NULL,
                    PRIMARY KEY (app, mediaType)
                );
                """)
        }
        // INFocusStatusCenter: the person's Focus permission per app, and
        // the Focus the system keeps (one row, set by `exthost focus`).
        migrator.registerMigration("v9 focus") { db in
            try db.execute(sql: """
                CREATE TABLE focusAuthorization (
                    app TEXT PRIMARY KEY NOT NULL,
                    status INTEGER NOT NULL,
                    changed DOUBLE NOT NULL
                );
                CREATE TABLE focusStatus (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    isFocused BOOLEAN NOT NULL,
                    changed DOUBLE NOT NULL
                );
                """)
        }
        // The look-up each recorded request makes (`recordRun`: did the
        // extension donate this intent during the run?). With only
        // `donation_app` it read every donation of the app's intents, once
        // a request: measured in the service at 16 clients, 27,625
        // donations into a run, most of its CPU went to those reads.
        migrator.registerMigration("v10 run look-up") { db in
            try db.execute(sql: "CREATE INDEX donation_run ON donation(app, kind, intent, source, startDate)")
        }
        return migrator
    }
}
