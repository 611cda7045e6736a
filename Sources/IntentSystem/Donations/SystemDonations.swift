import IntentConversation
import ExtensionLoading
import AppHandoff
import DonationStore
import Foundation
import IntentDefinition
import Logging
import RequestWire
import Synchronization

/// The host's side of donations: the store it opens on first use, the
/// `exthost_host_api.donations` entry extensions reach it by, and the
/// interaction it records after each request it handled.
public enum SystemDonations {
    /// Where the store is and where app manifests are read; set once by a
    /// command before it runs requests (tests point it at temporary folders
    /// through `EXTHOST_DATA_DIR` and `EXTHOST_APP_PATH` instead).
    public struct Configuration: Sendable {
        public var storePath: String
        public var appDirectories: [String]
        /// Whether requests handled through the system are recorded.
        public var recordsInteractions: Bool
        /// Whether the store's commits are flushed to the disk, to survive
        /// a power cut (``DonationStore/init(path:connections:flushesCommits:)``);
        /// `EXTHOST_FLUSH_DONATIONS=1`.
        public var flushesCommits: Bool

        public init(storePath: String = StoreLocation.defaultPath(), appDirectories: [String] = AppCatalog.defaultDirectories,
                    recordsInteractions: Bool = ProcessInfo.processInfo.environment["EXTHOST_NO_DONATIONS"] == nil,
                    flushesCommits: Bool = flushes(ProcessInfo.processInfo.environment)) {
            self.storePath = storePath
            self.appDirectories = appDirectories
            self.recordsInteractions = recordsInteractions
            self.flushesCommits = flushesCommits
        }

        /// The variable that asks for commits flushed to the disk.
        public static let flushVariable = "EXTHOST_FLUSH_DONATIONS"

        /// Whether `environment` asks for flushed commits: the variable set
        /// to `1` (another value is not taken: ``flushSettingProblem(_:)``).
        public static func flushes(_ environment: [String: String]) -> Bool {
            environment[flushVariable] == "1"
        }

        /// What is wrong with the flush variable in `environment`, or nil
        /// when it is unset, empty, `0` or `1`.
        public static func flushSettingProblem(_ environment: [String: String]) -> String? {
            guard let value = environment[flushVariable], !["", "0", "1"].contains(value) else { return nil }
            return "\(flushVariable)=\(value) is not 1: donations are committed but not flushed to the disk; set it to 1 to flush each commit, or unset it"
        }
    }

    /// What is told of the system's records as they are written (the
    /// service's metrics): each transaction's size, and each record that
    /// could not be written (the store could not be opened, the transaction
    /// failed, or the store refused the record).
    public struct RecordObserver: Sendable {
        public var committed: @Sendable (_ records: Int) -> Void
        public var notRecorded: @Sendable () -> Void

        public init(committed: @escaping @Sendable (_ records: Int) -> Void, notRecorded: @escaping @Sendable () -> Void) {
            self.committed = committed
            self.notRecorded = notRecorded
        }
    }

    private struct State: Sendable {
        var configuration: Configuration?
        var store: DonationStore?
        /// The store's writer of the system's records, made with it.
        var records: GroupCommit?
        /// Whether the system's records are written down before the answer
        /// and committed after it (``answerBeforeCommit()``).
        var answersFirst = false
        /// The journal they are written down in, made on first use.
        var journal: DonationJournal?
        /// The apps of the request being served (`--apps`), consulted first.
        var apps: AppCatalog?
        /// The system's records waiting for ``recordDeferred()``, each
        /// already written down as a ``PendingRecord``; nil when each request
        /// is recorded as it ends.
        var deferred: [PendingRecord]?
        /// Whether the request in progress is kept for
        /// ``recordInterruptedRequest()``; set by a command that runs one
        /// request in its own process.
        var tracksRequestInProgress = false
        /// The request a conversation is running now, when tracked.
        var inProgress: RequestInProgress?
        /// Told of the records written from now on (``observeRecords(_:)``).
        var observer: RecordObserver?
    }

    private static let state = Mutex(State())

    /// Replaces the configuration (before the first request).
    public static func configure(_ configuration: Configuration) {
        state.withLock {
            $0 = State(configuration: configuration, store: nil, records: nil, answersFirst: $0.answersFirst, deferred: $0.deferred, observer: $0.observer)
        }
    }

    /// From now on, `observer` is told of the records written through the
    /// system's writer (the service's, before each answer): one observer a
    /// process, the last one given.
    public static func observeRecords(_ observer: RecordObserver) {
        state.withLock { $0.observer = observer }
    }

    /// From now on, the record of each request (``record(_:app:identifier:since:definition:)``)
    /// is written down as a ``PendingRecord`` (a small file beside the
    /// store, flushed only with `EXTHOST_FLUSH_DONATIONS=1`) and committed to the store at ``recordDeferred()``:
    /// `exthost run` prints the answer between the two, so the store's open,
    /// lock and commit are not on the answer's path, and a
    /// process killed after its answer leaves the record for the store's
    /// next opener.
    public static func deferRecording() {
        state.withLock { $0.deferred = $0.deferred ?? [] }
    }

    /// From now on, in a process that serves many requests (`exthost
    /// serve`), the record of each request is written down in a journal
    /// (``DonationJournal``: one line appended, surviving `SIGKILL`) before
    /// the answer, and committed after it, in batches, on the journal's
    /// thread. With `EXTHOST_FLUSH_DONATIONS=1` records are still committed
    /// and flushed before the answer (``GroupCommit``): a journal line is not
    /// flushed to the disk.
    public static func answerBeforeCommit() {
        state.withLock { $0.answersFirst = true }
    }

    /// Commits every record the journal holds (``answerBeforeCommit()``) and
    /// removes the journal: a service's clean shutdown. Records a commit
    /// could not take stay in the journal for the store's next opener.
    public static func finishRecords() {
        let journal = state.withLock { state -> DonationJournal? in
            defer { state.journal = nil }
            return state.journal
        }
        journal?.close()
    }

    /// The journal of the records answered before their commit, made on
    /// first use.
    private static func journal() -> DonationJournal {
        state.withLock { state in
            if let journal = state.journal { return journal }
            let journal = DonationJournal(
                storePath: (state.configuration ?? Configuration()).storePath,
                store: { () throws(DonationStoreError) in try store() },
                observer: .init(
                    committed: { count in Self.state.withLock { $0.observer }?.committed(count) },
                    refused: { error in
                        Self.state.withLock { $0.observer }?.notRecorded()
                        logger.error("the interaction was not recorded (its request was answered): \(error.description)")
                    },
                    failed: { error, count, retry in
                        // Each record of the failed transaction, at each attempt.
                        let observer = Self.state.withLock { $0.observer }
                        for _ in 0..<count { observer?.notRecorded() }
                        logger.error("\(count) answered \(count == 1 ? "interaction was" : "interactions were") not recorded yet: \(error.description); they wait in the journal and are tried again in \(Int(retry)) s, or recorded by the next command that opens the store")
                    }))
            state.journal = journal
            return journal
        }
    }

    /// Decides, once the request is handled and before its answer is
    /// written, whether what waits since ``deferRecording()`` is committed
    /// here (by ``recordDeferred()``, after the answer) or left in its
    /// pending files for the store's next opener: left, and unlocked now, so
    /// that a command run as soon as the answer is read records it, unless
    ///
    /// - the store is open in this process already (the request used it: an
    ///   extension's donation, a permission read): the commit costs only
    ///   itself then; or
    /// - the pending folder holds ``PendingRecord/leftAtMost`` records or
    ///   more: opening the store records them all, and the folder stays
    ///   small between the commands that read the store.
    ///
    /// A command that leaves its record never opens the store, nor
    /// SQLite's file; every opener of the store (`donations list`,
    /// `shortcuts list`, `say`, `suggest`, the service's readers, an
    /// extension's donation request) records pending files first. A record
    /// the store refuses then stays in its file; the commands that open the
    /// store through `--store` (`StoreOptions`: `donations`, `shortcuts`,
    /// `suggest`, `say`, `siri`, `focus`, `notifications` and the
    /// permission commands) and a `run` that commits warn of it, the other
    /// openers (the service, an extension's donation request) leave it for
    /// them.
    ///
    /// - Returns: Whether records still wait for ``recordDeferred()``.
    @discardableResult
    public static func leaveDeferredUnlessDue() -> Bool {
        let (waiting, open) = state.withLock { ($0.deferred ?? [], $0.store != nil) }
        guard !waiting.isEmpty else { return false }
        if open || PendingRecord.holds(atLeast: PendingRecord.leftAtMost, forStore: configuration.storePath) { return true }
        state.withLock { $0.deferred = $0.deferred.map { _ in [] } }
        for pending in waiting { pending.leave() }
        return false
    }

    /// Records what waited since ``deferRecording()``, each in its own
    /// committed transaction (opening the store if nothing opened it yet),
    /// and removes its pending file.
    ///
    /// - Returns: A warning per record the store could not take now (its
    ///   pending file stays: the store's next opener records it), those
    ///   that opening the store found waiting included.
    public static func recordDeferred() -> [String] {
        let (waiting, wasOpen) = state.withLock { state in
            defer { state.deferred = state.deferred.map { _ in [] } }
            return (state.deferred ?? [], state.store != nil)
        }
        let warnings = waiting.compactMap { pending -> String? in
            do throws(DonationStoreError) {
                try pending.commit(to: store())
                return nil
            } catch {
                return "the interaction was not recorded yet: \(error.description); it waits in \(pending.path), and the next command that opens the store records it"
            }
        }
        let opened = wasOpen ? nil : state.withLock { $0.store }
        return (opened?.notRecordedAtOpen.map(\.description) ?? []) + warnings
    }

    /// From now on, the request a conversation is running is kept until it
    /// ends, so that ``recordInterruptedRequest()`` can record it as failed
    /// when the process ends under it. For a command that runs one request
    /// with its extension in the command's own process (`--in-process`);
    /// the service runs many at once, each extension in a process of its
    /// own, and records a failed one as it learns of it.
    public static func trackRequestInProgress() {
        state.withLock { $0.tracksRequestInProgress = true }
    }

    /// Keeps `request` as the one in progress, when tracked
    /// (``trackRequestInProgress()``).
    static func began(_ request: @autoclosure () -> RequestInProgress) {
        state.withLock { state in
            if state.tracksRequestInProgress { state.inProgress = request() }
        }
    }

    /// The request in progress has ended (and been recorded as it ended).
    static func ended() {
        state.withLock { $0.inProgress = nil }
    }

    /// Records the request in progress as an interaction that failed
    /// (handling status `failure`, the values resolved so far), as the
    /// default path and `--isolated` record a request whose extension
    /// process ended: for an extension that ends the command's process
    /// (`exit`) in the middle of a request. Run by an `atexit` handler,
    /// which is ordinary code (not a signal handler): the store is opened
    /// and written as for any request. A state held by another thread at
    /// that moment is not waited for: nothing is recorded then.
    ///
    /// - Returns: Whether there was a request to record, and a warning when
    ///   the store could not take it.
    public static func recordInterruptedRequest() -> (recorded: Bool, warning: String?) {
        guard let taken = state.withLockIfAvailable({ state -> RequestInProgress? in
            defer { state.inProgress = nil }
            return state.inProgress
        }), let request = taken, configuration.recordsInteractions else { return (false, nil) }
        let values = request.values()
        let parameters = request.definition.intent(named: request.intent).map {
            IntentValue.jsonObject(values, of: $0.parameters, in: request.definition)
        } ?? values.mapValues(\.jsonObject)
        let title = request.definition.intent(named: request.intent).flatMap { ShortcutTitle.of($0, values: values, in: request.definition) }
        let shortcut = Shortcut.intent(app: request.app, intent: request.intent, canonicalParameters: canonicalText(parameters), title: title)
        let donation = Donation(identifier: request.identifier, shortcut: shortcut, intentHandlingStatus: "failure", source: .system)
        return (true, recordNow(donation, since: request.runStart))
    }

    /// The apps the system serves requests with: their manifests' activity
    /// types are what extensions' activity donations are checked against
    /// (before the manifests in the configuration's folders).
    static func use(apps: AppCatalog) {
        state.withLock { $0.apps = apps }
    }

    /// An app's `NSUserActivityTypes`, or nil when no manifest declares it.
    static func declaredActivityTypes(app: String) -> [String]? {
        let apps = state.withLock { $0.apps }
        if let declared = apps?.declaredActivityTypes(app: app) { return declared }
        return AppCatalog(directories: configuration.appDirectories).declaredActivityTypes(app: app)
    }

    /// The app group an app's manifest declares, or nil when none does.
    static func appGroup(app: String) -> String? {
        let apps = state.withLock { $0.apps }
        if let manifest = apps?.app(identifier: app) { return manifest.appGroup }
        return AppCatalog(directories: configuration.appDirectories).app(identifier: app)?.appGroup
    }

    static var configuration: Configuration {
        state.withLock { state in
            if let configuration = state.configuration { return configuration }
            let configuration = Configuration()
            state.configuration = configuration
            return configuration
        }
    }

    /// Where refused donation requests are logged.
    static let logger = Logger(label: "exthost.donations")

    /// An interaction an extension donates, read by its definition: the
    /// intent and its parameter values.
    ///
    /// - Throws: What is wrong: an intent the definition does not define, a
    ///   parameter it does not have, or a value of the wrong type.
    static func read(intent name: String, parameters: [String: Any],
                     in definition: IntentDefinition) throws(DonatedInteractionProblem) -> (Intent, [String: IntentValue]) {
        guard let intent = definition.intent(named: name) else {
            throw DonatedInteractionProblem(message: "its definition has no intent \(name) (it defines \(definition.intents.map(\.name).joined(separator: ", ")))")
        }
        let reader = IntentValueReader(definition: definition, intent: intent)
        var values: [String: IntentValue] = [:]
        for (key, value) in parameters.sorted(by: { $0.key < $1.key }) where !(value is NSNull) {
            guard let parameter = intent.parameter(named: key) else {
                throw DonatedInteractionProblem(message: "\(name) has no parameter \"\(key)\"")
            }
            do {
                values[key] = try reader.read(json: value, for: parameter)
            } catch {
                throw DonatedInteractionProblem(message: error.description)
            }
        }
        return (intent, values)
    }

    /// What is wrong with an interaction an extension donates (see
    /// ``read(intent:parameters:in:)``); nil when it fits its definition.
    static func problem(intent name: String, parameters: [String: Any], in definition: IntentDefinition) -> String? {
        do {
            _ = try read(intent: name, parameters: parameters, in: definition)
            return nil
        } catch {
            return error.message
        }
    }

    /// The title of an interaction an extension donates without one, from
    /// its definition (``ShortcutTitle``); nil when it does not fit it.
    static func title(intent name: String, parameters: [String: Any], in definition: IntentDefinition) -> String? {
        guard let (intent, values) = try? read(intent: name, parameters: parameters, in: definition) else { return nil }
        return ShortcutTitle.of(intent, values: values, in: definition)
    }

    /// Whether ``store()`` has opened the store in this process.
    static var storeIsOpen: Bool { state.withLock { $0.store != nil } }

    /// The store, opened on first use (opening it is not free: it is never
    /// opened for a request that neither donates nor is recorded).
    static func store() throws(DonationStoreError) -> DonationStore {
        let configuration = self.configuration
        let (opened, deferring) = state.withLock { ($0.store, $0.deferred != nil) }
        if let opened { return opened }
        // A command that defers its record (`exthost run`) ends after one
        // commit: one connection serves it.
        let store = try DonationStore(path: configuration.storePath, connections: deferring ? .single : .pool,
                                      flushesCommits: configuration.flushesCommits)
        state.withLock { $0.store = $0.store ?? store }
        return store
    }

    /// The writer of the system's records: requests that end together
    /// (the service's) are committed together (``GroupCommit``).
    static func records() throws(DonationStoreError) -> GroupCommit {
        if let records = state.withLock({ $0.records }) { return records }
        let store = try store()
        return state.withLock { state in
            if let records = state.records { return records }
            let records = GroupCommit(store: store, committed: { count in Self.state.withLock { $0.observer }?.committed(count) })
            state.records = records
            return records
        }
    }

    /// What the person decided about Siri for `app` (INPreferences;
    /// `exthost siri`). A store that does not exist yet holds no decision,
    /// so it is not created for this; one that cannot be read is logged and
    /// taken as undecided: the request is served, as before any decision.
    static func siriAuthorization(app: String) -> SiriAuthorization {
        decision(of: app, "Siri's authorization") { store throws(DonationStoreError) in try store.siriAuthorization(app: app) }
    }

    /// Whether `app` may read the person's Focus (INFocusStatusCenter;
    /// `exthost focus`), read as ``siriAuthorization(app:)`` is.
    package static func focusAuthorization(app: String) -> AuthorizationStatus {
        decision(of: app, "the Focus permission") { store throws(DonationStoreError) in try store.focusAuthorization(app: app) }
    }

    /// A permission's decision for `app`, read with `read`: undecided when
    /// the store does not exist yet, or cannot be read (logged).
    private static func decision(of app: String, _ what: String,
                                 _ read: (DonationStore) throws(DonationStoreError) -> AuthorizationStatus) -> AuthorizationStatus {
        guard FileManager.default.fileExists(atPath: configuration.storePath) else { return .notDetermined }
        do {
            return try read(try store())
        } catch {
            logger.error("\(what) of \(app) could not be read; serving the request as undecided: \(error.message)")
            return .notDetermined
        }
    }

    /// `apps` ordered by their media user contexts (`INMediaUserContext`):
    /// subscribed before not subscribed or unknown, then the larger library
    /// first; apps without a context, and ties, keep their order. A store
    /// that does not exist or cannot be read (logged) leaves the order.
    static func byMediaUserContext(_ apps: [String]) -> [String] {
        guard FileManager.default.fileExists(atPath: configuration.storePath) else { return apps }
        let contexts: [String: MediaUserContext]
        do {
            contexts = Dictionary(try store().mediaUserContexts().map { ($0.app, $0) }, uniquingKeysWith: { first, _ in first })
        } catch {
            logger.error("the apps' media user contexts could not be read; offering the apps by name: \(error.message)")
            return apps
        }
        func rank(_ app: String) -> (Int, Int) {
            guard let context = contexts[app] else { return (0, -1) }
            return (context.subscriptionStatus == .subscribed ? 1 : 0, context.numberOfLibraryItems ?? 0)
        }
        return apps.enumerated().sorted { a, b in
            let x = rank(a.element), y = rank(b.element)
            return x != y ? x > y : a.offset < b.offset
        }.map(\.element)
    }

    /// The app the person picked for `domain` (`exthost siri apps`); nil
    /// when none was, the store does not exist yet, or cannot be read
    /// (logged: the system asks again).
    static func pickedApp(domain: String) -> String? {
        guard FileManager.default.fileExists(atPath: configuration.storePath) else { return nil }
        do {
            return try store().pickedApp(domain: domain)
        } catch {
            logger.error("the app picked for \(domain) could not be read; asking again: \(error.message)")
            return nil
        }
    }

    /// Remembers `app` as picked for `domain`; a store that cannot be
    /// written is logged, and the system asks again next time.
    static func rememberPickedApp(_ app: String, domain: String) {
        do {
            try store().setPickedApp(app, domain: domain)
        } catch {
            logger.error("the app picked for \(domain) could not be remembered: \(error.message)")
        }
    }

    /// The handling status (`INIntentHandlingStatus`, by name) an interaction
    /// that ended with `outcome` is kept with; nil for a conversation that
    /// never reached `handle`.
    static func handlingStatus(of outcome: ConversationOutcome) -> String? {
        switch outcome {
        case .success: "success"
        case .failure: "failure"
        case .continueInApp: "deferredToApplication"
        default: nil
        }
    }

    /// The handling status a request's record is kept with: its outcome's
    /// (`handlingStatus(of:)`) for a conversation that
    /// reached a response code; `failure` for one whose extension failed it
    /// mid-conversation (ended unexpectedly, 5001: a crash, `abort`, `exit`;
    /// or past a stage's deadline, 3001, killed there when it ran in a
    /// process of its own); nil for one not to record (a question left
    /// open, a refusal before any stage).
    static func handlingStatus(of result: ConversationResult) -> String? {
        if result.outcome == .error {
            guard !result.stoppedBeforeStage, let code = result.error?.code,
                  code == .extensionBringUpFailed || code == .requestTimedOut else { return nil }
            return "failure"
        }
        guard result.code != nil else { return nil }
        return handlingStatus(of: result.outcome)
    }

    /// A shortcut's parameters as the store keeps them (``CanonicalJSON``'s
    /// text, nil for none), written by `SortedJSONWriter` where it vouches
    /// for the bytes: the record is made before `exthost run`'s answer, and
    /// `JSONSerialization`'s first use in the process cost ~5 million
    /// instructions there. The two writers must give the same text, or a run
    /// and a donation of the same values would be two shortcuts:
    /// `CanonicalParametersTests` compares them on a value of every
    /// parameter of the examples', the system's and the corpus' intents.
    static func canonicalText(_ parameters: [String: Any]) -> String? {
        guard !parameters.isEmpty else { return nil }
        if let text = SortedJSONWriter.compact(parameters) { return String(decoding: text, as: UTF8.self) }
        return CanonicalJSON.render(parameters)
    }

    /// Records a request handled through the system as an interaction, as
    /// iOS does without a donation call: once, after the conversation, for
    /// a request that reached `handle` (success, failure, or continued in
    /// the app) or whose extension failed it (`handlingStatus(of:)`);
    /// after ``deferRecording()``, at ``recordDeferred()``. An interaction the extension donated itself during the
    /// run is the same run and counts once (``DonationStore/recordRun(_:since:)``).
    ///
    /// - Parameters:
    ///   - result: The conversation's result.
    ///   - app: The app whose extension handled it.
    ///   - identifier: The request's identifier, the record's.
    ///   - runStart: When the conversation began.
    ///   - definition: The intent's definition: the shortcut's title comes
    ///     from it (``ShortcutTitle``).
    /// - Returns: A warning when the store could not take it (the request
    ///   itself stands); nil when it was recorded or waits to be.
    static func record(_ result: ConversationResult, app: String, identifier: String, since runStart: Date,
                       definition: IntentDefinition) -> String? {
        guard let status = handlingStatus(of: result) else { return nil }
        guard configuration.recordsInteractions else { return nil }
        let intent = definition.intent(named: result.intent)
        let parameters = intent.map { IntentValue.jsonObject(result.values, of: $0.parameters, in: definition) } ?? result.valuesJSON
        let title = intent.flatMap { ShortcutTitle.of($0, values: result.values, in: definition) }
        let shortcut = Shortcut.intent(app: app, intent: result.intent, canonicalParameters: canonicalText(parameters), title: title)
        let donation = Donation(identifier: identifier, shortcut: shortcut, intentHandlingStatus: status, source: .system)
        let (deferring, answersFirst) = state.withLock { ($0.deferred != nil, $0.answersFirst) }
        guard deferring else {
            // Written down before the answer, committed after it; a journal
            // that cannot take it has the store record it now.
            if answersFirst, !configuration.flushesCommits, (try? journal().append(donation, since: runStart)) != nil { return nil }
            return recordNow(donation, since: runStart)
        }
        // Written down before the answer; a folder that cannot take it has
        // the store record it now, as without deferring.
        guard let pending = try? PendingRecord(donation, since: runStart, storePath: configuration.storePath,
                                                   flushes: configuration.flushesCommits) else {
            return recordNow(donation, since: runStart)
        }
        state.withLock { $0.deferred?.append(pending) }
        return nil
    }

    /// Records `donation` before returning (committed with the records of
    /// requests that end meanwhile: ``GroupCommit``), so that an answer
    /// given after it stands for a record in the store.
    ///
    /// - Returns: A warning for the answer when the store could not take it.
    private static func recordNow(_ donation: Donation, since runStart: Date) -> String? {
        do {
            try records().record(donation, since: runStart)
            return nil
        } catch {
            state.withLock { $0.observer }?.notRecorded()
            return "the interaction was not recorded: \(error.description)"
        }
    }
}

extension HostServices {
    /// The system's services: donations go to the store ``SystemDonations``
    /// opens, each checked against the calling extension's own app (another
    /// app of its app group included) and definition; what is refused is
    /// logged.
    public static let system = HostServices(donations: hostDonations)
}

/// `exthost_host_api.donations` of `caller`. [any-thread]
@Sendable
func hostDonations(caller: DonatingExtension, operation: Int32, request: UnsafePointer<CChar>?,
                   message: UnsafeMutablePointer<CChar>?, capacity: Int) -> Int32 {
    DonationRequest.performEntry(
        operation: operation, request: request, message: message, capacity: capacity,
        store: { () throws(DonationStoreError) in
            // The records of requests answered before this one are in the
            // store first (read through the service's journal: the extension
            // runs in a process of its own, which keeps its store open).
            // Opening the store reads them, so only a store opened before
            // this call reads them again.
            let wasOpen = SystemDonations.storeIsOpen
            let store = try SystemDonations.store()
            if wasOpen { store.recordPendingRecords() }
            return store
        },
        declaredActivityTypes: { SystemDonations.declaredActivityTypes(app: $0) },
        requester: DonationRequester(
            name: caller.identifier, app: caller.app,
            problemWithInteraction: { SystemDonations.problem(intent: $0, parameters: $1, in: caller.definition) },
            titleOfInteraction: { SystemDonations.title(intent: $0, parameters: $1, in: caller.definition) },
            statusOfResponse: { intent, code in
                caller.definition.intent(named: intent).flatMap { SystemDonations.handlingStatus(of: ConversationOutcome(responseCode: code, of: $0)) }
            },
            appGroupOfApp: { SystemDonations.appGroup(app: $0) }
        ),
        refused: { error in
            SystemDonations.logger.warning("refused a donation request: \(error.description)",
                                           metadata: ["extension": "\(caller.identifier)", "code": "\(error.code.rawValue)"])
        }
    )
}

/// A request a conversation is running: what its record needs if the
/// process ends under it (``SystemDonations/recordInterruptedRequest()``).
struct RequestInProgress: @unchecked Sendable {
    var app: String
    var intent: String
    var identifier: String
    var runStart: Date
    var definition: IntentDefinition
    /// The values as the conversation holds them now (read on the thread
    /// the process ends on, while the conversation waits on the extension).
    var values: () -> [String: IntentValue]
}

/// Why an interaction an extension donates does not fit its definition.
struct DonatedInteractionProblem: Error {
    var message: String
}
