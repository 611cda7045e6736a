import ExthostABI
import ExthostPosix
import Foundation
import Logging

/// The service's extension processes: each extension runs in processes of
/// its own, started on the first request for it, kept warm between
/// requests, and ended after ``idleTimeout`` seconds unused.
///
/// A process serves one conversation at a time; two conversations with one
/// extension at once get two processes (the pool grows to the number of
/// conversations in flight and shrinks as they go idle). An extension whose
/// processes keep crashing is disabled for a while (``CrashBackOff``); a
/// new `.so` gets new processes and a clean record.
///
/// A new process need not pay a process start: the pool keeps one *spare*
/// (`exthost extension-process` without a plugin, its runtime and
/// Foundation up, waiting for `load`) and gives it the plugin of the first
/// check-out that has no warm process, then starts the next spare in the
/// background. A spare found dead at check-out is not used: the process is
/// started for the plugin instead, as without a spare.
///
/// Thread safety: every method may be called from any thread. Processes are
/// started from the pool's ``LauncherThread`` (an extension process dies
/// with the thread that started it).
public final class ExtensionProcessPool: @unchecked Sendable {
    /// What the pool knows of one `.so`.
    private struct Entry {
        var file: Posix.FileIdentity.Version?
        var idle: [(isolated: IsolatedExtension, since: UInt64)] = []
        var backOff = CrashBackOff()
        var identifier: String?
    }

    /// How processes are started.
    public let configuration: ExtensionProcessConfiguration
    /// Seconds an unused process is kept.
    public let idleTimeout: Double
    private let logger: Logger
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var stopped = false
    /// Whether a spare is kept.
    public let keepsSpare: Bool
    /// Guards ``spare`` and wakes the thread that starts the next one.
    private let spareCondition = NSCondition()
    private var spare: ExtensionProcess?
    private var spareStopped = false
    /// Guards ``observer`` and ``events``.
    private let eventLock = NSLock()
    private var observer: (@Sendable (ExtensionProcessEvent) -> Void)?
    private var events: [ExtensionProcessEvent] = []

    /// A pool; a thread of its own ends idle processes.
    ///
    /// - Parameters:
    ///   - configuration: How processes are started; its `launcher` is
    ///     replaced by the pool's own.
    ///   - idleTimeout: Seconds an unused process is kept.
    ///   - logger: Where starts, ends and crashes are logged.
    ///   - keepsSpare: Whether to keep a spare process ready (a thread of
    ///     its own starts one now, and the next each time one is used).
    public init(configuration: ExtensionProcessConfiguration, idleTimeout: Double, logger: Logger, keepsSpare: Bool = true) {
        var configuration = configuration
        configuration.launcher = LauncherThread()
        self.configuration = configuration
        self.idleTimeout = idleTimeout
        self.logger = logger
        self.keepsSpare = keepsSpare
        let thread = Thread { [self] in endIdleProcesses() }
        thread.name = "exthost.idle-processes"
        thread.start()
        if keepsSpare {
            let spares = Thread { [self] in keepSpareReady() }
            spares.name = "exthost.spare-process"
            spares.start()
        }
    }

    /// Calls `observer` for every process started and every one that ended
    /// before it was done with (crashed, killed, at its memory limit): first
    /// for those since the pool was made, then as they happen, on the
    /// thread where they happen.
    public func observe(_ observer: @escaping @Sendable (ExtensionProcessEvent) -> Void) {
        eventLock.lock()
        let past = events
        events = []
        self.observer = observer
        eventLock.unlock()
        past.forEach(observer)
    }

    private func note(_ event: ExtensionProcessEvent) {
        eventLock.lock()
        guard let observer else {
            events.append(event)
            eventLock.unlock()
            return
        }
        eventLock.unlock()
        observer(event)
    }

    /// The spare's process id while one is ready, for tests and logs.
    public var spareProcessID: Int32? {
        spareCondition.withLock { spare?.processID }
    }

    /// The spare thread: starts a spare whenever there is none, backing
    /// off (0.1 s doubling up to 30 s) while spares fail to start.
    private func keepSpareReady() {
        var failures = 0
        while true {
            spareCondition.lock()
            while !spareStopped && spare != nil { spareCondition.wait() }
            let stop = spareStopped
            spareCondition.unlock()
            if stop { return }
            let started: ExtensionProcess
            do {
                started = try ExtensionProcess.spare(configuration: configuration, deadline: Posix.deadline(after: configuration.launchBudget))
            } catch {
                failures += 1
                let pause = min(0.1 * Double(1 << min(failures - 1, 16)), 30)
                logger.warning("a spare extension process did not start; trying again", metadata: ["error": "\(error.message)", "in": "\(pause) s"])
                Posix.sleep(milliseconds: Int(pause * 1000))
                continue
            }
            failures = 0
            note(.started)
            spareCondition.lock()
            let keep = !spareStopped
            if keep { spare = started }
            spareCondition.unlock()
            guard keep else {
                started.shutDown()
                return
            }
            logger.debug("spare extension process ready", metadata: ["pid": "\(started.processID)"])
        }
    }

    /// The spare, if one is ready and still alive; the next is started in
    /// the background. A dead one is reaped, logged and not handed out.
    private func takeSpare() -> ExtensionProcess? {
        guard keepsSpare else { return nil }
        let taken = spareCondition.withLock {
            defer { spare = nil; spareCondition.signal() }
            return spare
        }
        guard let taken else { return nil }
        guard taken.isWaitingSpare else {
            logger.warning("the spare extension process had ended; starting one for the plugin instead",
                           metadata: ["pid": "\(taken.processID)", "why": "\(taken.failure?.message ?? "unknown")"])
            taken.shutDown()
            return nil
        }
        return taken
    }

    /// An extension for one conversation: a warm process of the plugin at
    /// `path`, or a new one. Give it back with ``checkIn(_:)``.
    ///
    /// - Parameters:
    ///   - path: The plugin.
    ///   - sharedContainer: The app group's container its `init` receives.
    ///   - deadline: Monotonic nanoseconds by which a new process must be loaded.
    /// - Throws: `IntentsError` 5001 while the extension is disabled (why
    ///   and until when), else what starting a process throws.
    public func checkOut(path: String, sharedContainer: String?, deadline: UInt64) throws(IntentsError) -> IsolatedExtension {
        let file = (try? Posix.fileIdentity(path))?.version
        var retired: [IsolatedExtension] = []
        defer { retired.forEach { $0.shutDown() } }
        lock.lock()
        var entry = entries[path] ?? Entry(file: file)
        if entry.file != file {
            // A new .so: processes of the old one go, and so does its record.
            retired = entry.idle.map(\.isolated)
            entry = Entry(file: file)
            logger.info("plugin changed; its processes are replaced", metadata: ["plugin": "\(path)"])
        }
        if let disabled = entry.backOff.disabledNow() {
            entries[path] = entry
            lock.unlock()
            let name = entry.identifier.map { "extension \($0)" } ?? "the extension at \(path)"
            throw IntentsError(.extensionBringUpFailed, """
                \(name) is disabled until \(Self.format(disabled.until)): its process crashed or hung \(CrashBackOff.crashLimit) times \
                within \(Int(CrashBackOff.window)) s (the last time: \(disabled.lastCrash)). It is enabled again then, or as soon as \
                its .so changes (install a fixed build).
                """)
        }
        let warm = entry.idle.popLast()?.isolated
        entries[path] = entry
        lock.unlock()
        if let warm { return warm }
        if let spare = takeSpare() {
            let pid = spare.processID
            let isolated = try IsolatedExtension(path: path, sharedContainer: sharedContainer, configuration: configuration, spare: spare, deadline: deadline)
            logger.debug("plugin loaded into the spare extension process", metadata: ["plugin": "\(path)", "pid": "\(pid)"])
            return isolated
        }
        let isolated = try IsolatedExtension(path: path, sharedContainer: sharedContainer, configuration: configuration, deadline: deadline)
        note(.started)
        logger.debug("extension process started", metadata: ["plugin": "\(path)", "pid": "\(isolated.processID ?? 0)"])
        return isolated
    }

    /// Takes back an extension after its conversation: kept warm when its
    /// process still runs, its crash counted when it crashed.
    public func checkIn(_ isolated: IsolatedExtension) {
        let path = isolated.pluginPath
        let failure = isolated.failureOfLastProcess
        let file = (try? Posix.fileIdentity(path))?.version
        lock.lock()
        var entry = entries[path] ?? Entry(file: file)
        entry.identifier = isolated.manifest.identifier
        var keep = !stopped
        if let ending = isolated.endingOfLastProcess { note(ending) }
        if let failure {
            keep = false
            // "extension X was killed by signal 11 (…) during handle of Ping"
            let what = failure.message.prefix { $0 != ";" }
            if entry.backOff.record(String(what)) {
                logger.error("extension disabled after repeated failures", metadata: [
                    "extension": "\(isolated.manifest.identifier)",
                    "until": "\(entry.backOff.disabled.map { Self.format($0.until) } ?? "")",
                ])
            }
        }
        // A process of a .so replaced during its conversation is not kept.
        if keep, isolated.processID != nil, isolated.startedFrom == file {
            entry.idle.append((isolated, Posix.monotonicNanoseconds()))
        } else {
            keep = false
        }
        entries[path] = entry
        lock.unlock()
        if !keep { isolated.shutDown() }
    }

    /// Ends the idle processes of the plugin at `path` at once, because its
    /// `.so` was replaced or removed (hot reload). Processes in use finish
    /// their conversations and are ended when checked in (their `.so` no
    /// longer matches); a replaced `.so` also gets a clean crash record.
    ///
    /// - Returns: How many idle processes were ended.
    @discardableResult
    public func retire(path: String) -> Int {
        let file = (try? Posix.fileIdentity(path))?.version
        lock.lock()
        guard let entry = entries[path], entry.file != file else {
            lock.unlock()
            return 0
        }
        let retired = entry.idle.map(\.isolated)
        entries[path] = file == nil ? nil : Entry(file: file)
        lock.unlock()
        retired.forEach { $0.shutDown() }
        return retired.count
    }

    /// The extensions disabled now, by plugin path: until when, and the
    /// crash that disabled them.
    public func disabledExtensions() -> [String: (until: Date, lastCrash: String)] {
        lock.lock()
        defer { lock.unlock() }
        var disabled: [String: (until: Date, lastCrash: String)] = [:]
        for (path, var entry) in entries {
            if entry.file == (try? Posix.fileIdentity(path))?.version, let state = entry.backOff.disabledNow() {
                disabled[path] = state
            }
            entries[path] = entry
        }
        return disabled
    }

    /// Ends every idle process and the spare; processes in use end when
    /// checked in.
    public func shutDown() {
        let spare = spareCondition.withLock {
            spareStopped = true
            spareCondition.signal()
            defer { self.spare = nil }
            return self.spare
        }
        spare?.shutDown()
        lock.lock()
        stopped = true
        let idle = entries.values.flatMap { $0.idle.map(\.isolated) }
        for path in entries.keys { entries[path]?.idle = [] }
        lock.unlock()
        idle.forEach { $0.shutDown() }
    }

    /// The idle thread: every quarter of the idle period (at most a
    /// second), ends processes unused for longer than it.
    private func endIdleProcesses() {
        let interval = Int(min(idleTimeout / 4, 1) * 1000)
        let timeout = UInt64(idleTimeout * 1e9)
        while true {
            Posix.sleep(milliseconds: max(interval, 10))
            lock.lock()
            // Read under the lock: a check-in after it could not be newer.
            let now = Posix.monotonicNanoseconds()
            var expired: [IsolatedExtension] = []
            for path in entries.keys {
                guard let idle = entries[path]?.idle else { continue }
                expired += idle.filter { $0.since + timeout <= now }.map(\.isolated)
                entries[path]?.idle = idle.filter { $0.since + timeout > now }
            }
            lock.unlock()
            for isolated in expired {
                logger.debug("idle extension process ended", metadata: ["extension": "\(isolated.manifest.identifier)", "pid": "\(isolated.processID ?? 0)"])
                isolated.shutDown()
            }
        }
    }

    private static func format(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
