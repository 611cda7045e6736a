import ExthostABI
import ExthostPosix
import ExtensionLoading
import Foundation
import IntentConversation
import IntentDefinition
import Logging

/// One running extension process, seen from its supervisor: started with
/// `exthost extension-process`, spoken to over a socket pair, killed at a
/// deadline, reaped with `wait4` so its end can be told apart (a crash, an
/// exit, the memory limit).
final class ExtensionProcess {
    /// What waiting for a reply gave.
    enum Reply {
        case frame(FrameReader)
        /// The deadline passed: the process was killed and reaped.
        case deadlinePassed
        /// The process ended (or broke the protocol) before replying: it
        /// was reaped, and this is the error to report.
        case ended(IntentsError)
    }

    /// The plugin; empty while a spare waits for one.
    private(set) var pluginPath: String
    let configuration: ExtensionProcessConfiguration
    private let child: ChildProcess
    private let channel: FrameChannel
    /// Logs what the process prints, each line with its request's metadata.
    let output: ExtensionOutputLog
    /// Names the extension in messages: `extension <identifier>` once ready.
    private(set) var label: String
    /// What `ready` said.
    private(set) var manifest: ExtensionManifest?
    /// The definition `ready` carried: the plugin's tables or its text.
    private(set) var definition: ReceivedDefinition = .text("")
    private(set) var timings = LoadTimings()
    private var memoryAtReady = ProcessMemory()
    /// The process's memory cgroup while it runs; nil when it has none.
    private var cgroup: MemoryCgroup?
    /// The cgroup it had and its counters once it ended: what says
    /// whether the kernel ended it at its limit.
    private var endedCgroup: (group: MemoryCgroup, counters: MemoryCgroup.Counters)?
    /// Whether the process is still there to talk to.
    private(set) var isRunning = true
    /// Whether it was started as a spare and has not been given a plugin.
    private var isSpare = false
    /// Why the process ended before it was done with: on its own (a crash,
    /// an exit, the memory limit), or killed by its supervisor because a
    /// stage missed its deadline or it broke the protocol. Nil while it
    /// runs, and when it was ended because it was no longer needed.
    private(set) var failure: IntentsError?
    /// How it ended when it ended before it was done with: crashed (or
    /// exited), killed by its supervisor (also a method that returned
    /// without completing, which sets no ``failure``), or at its memory
    /// limit.
    private(set) var ending: ExtensionProcessEvent?

    /// The process id, for tests and logs.
    var processID: Int32 { child.pid }
    /// How many frames with a reply the supervisor has sent it: each one a
    /// round trip, a wake-up of both processes.
    private(set) var roundTrips = 0

    /// Starts the process and waits for `ready`.
    ///
    /// - Parameters:
    ///   - pluginPath: The plugin the process loads.
    ///   - sharedContainer: The container its `init` receives.
    ///   - configuration: The executable, memory limit and logger.
    ///   - deadline: Monotonic nanoseconds by which the plugin must be loaded.
    /// - Throws: `IntentsError` 5000 past the deadline (the process is
    ///   killed), the loader's error when the plugin does not load, 5001
    ///   when the process cannot start or dies while launching.
    convenience init(pluginPath: String, sharedContainer: String?, configuration: ExtensionProcessConfiguration, deadline: UInt64) throws(IntentsError) {
        try self.init(spawning: pluginPath, sharedContainer: sharedContainer, configuration: configuration)
        try awaitReady(deadline: deadline)
    }

    /// Starts a spare: a process with the runtime up and no plugin yet,
    /// and waits until it says `waiting`. Give it its plugin with
    /// ``load(pluginPath:sharedContainer:deadline:)``.
    ///
    /// - Throws: `IntentsError` 5001 when the process cannot start, dies,
    ///   speaks another protocol version or is not up by `deadline`.
    static func spare(configuration: ExtensionProcessConfiguration, deadline: UInt64) throws(IntentsError) -> ExtensionProcess {
        let process = try ExtensionProcess(spawning: nil, sharedContainer: nil, configuration: configuration)
        switch process.receive(until: deadline, stage: "while starting as a spare") {
        case .deadlinePassed:
            throw IntentsError(.extensionBringUpFailed, "a spare extension process (\(configuration.executable)) was not up within its deadline; it was killed")
        case .ended(let error):
            throw error
        case .frame(var frame):
            guard frame.type == .waiting, let version = try? frame.uint32() else {
                process.kill()
                throw IntentsError(.extensionBringUpFailed, "a spare extension process (\(configuration.executable)) sent \(frame.type) instead of waiting; it was killed")
            }
            guard version == ExtensionProcessProtocol.version else {
                process.kill()
                throw IntentsError(.extensionBringUpFailed,
                                   "a spare extension process speaks protocol version \(version), the supervisor \(ExtensionProcessProtocol.version): \(configuration.executable) is another exthost build. Use one exthost for both.")
            }
        }
        process.isSpare = true
        return process
    }

    /// Whether this is a spare still waiting for its plugin: started as
    /// one, given none yet, and not ended (a spare that died is reaped here).
    var isWaitingSpare: Bool {
        guard isSpare, isRunning else { return false }
        if let ending = child.reapIfEnded() {
            isRunning = false
            failure = IntentsError(.extensionBringUpFailed, "a spare extension process \(ending.termination) while waiting for its plugin")
            output.finish(within: 0.2)
            return false
        }
        return true
    }

    /// Gives a spare its plugin (`load`, with the configuration's memory
    /// limit, set in the process before the plugin is opened) and waits
    /// for `ready`, as a process started for the plugin does.
    ///
    /// - Throws: As ``init(pluginPath:sharedContainer:configuration:deadline:)``.
    func load(pluginPath: String, sharedContainer: String?, deadline: UInt64) throws(IntentsError) {
        precondition(isSpare, "load is for a spare")
        isSpare = false
        self.pluginPath = pluginPath
        label = "extension at \(pluginPath)"
        output.rename((pluginPath as NSString).lastPathComponent)
        // A cgroup, when the service may make one, takes the place of the
        // address-space limit: the spare is moved in before it opens the plugin.
        var addressSpaceLimit = configuration.memoryLimit
        if let limit = configuration.memoryLimit, let groups = configuration.memoryCgroups,
           let group = Self.makeCgroup(groups, limit: limit, for: pluginPath, logger: configuration.logger) {
            do {
                try group.add(child.pid)
                cgroup = group
                addressSpaceLimit = nil
            } catch {
                groups.remove(group)
                configuration.logger.warning("cannot move an extension process into its memory cgroup; its limit is address space (RLIMIT_AS)",
                                             metadata: ["plugin": "\(pluginPath)", "error": "\(error)"])
            }
        }
        var message = FrameWriter(.load)
        message.append(pluginPath)
        message.append(sharedContainer)
        message.append(addressSpaceLimit)
        // A spare that has gone is noticed by the wait for ready.
        try? channel.send(message)
        try awaitReady(deadline: deadline)
    }

    /// Spawns `exthost extension-process`, for `pluginPath` or as a spare.
    private init(spawning pluginPath: String?, sharedContainer: String?, configuration: ExtensionProcessConfiguration) throws(IntentsError) {
        self.pluginPath = pluginPath ?? ""
        self.configuration = configuration
        let what = pluginPath ?? "a spare"
        label = pluginPath.map { "extension at \($0)" } ?? "a spare extension process"
        let ends: (Int32, Int32)
        do {
            ends = try Posix.socketPair()
        } catch {
            throw IntentsError(.extensionBringUpFailed, "cannot make the socket pair for an extension process for \(what): \(error)")
        }
        var arguments = ["extension-process", "--fd", String(ExtensionProcessProtocol.channelDescriptor)]
        var cgroup: MemoryCgroup?
        if let pluginPath {
            arguments += ["--plugin", pluginPath]
            if let limit = configuration.memoryLimit, let groups = configuration.memoryCgroups {
                cgroup = Self.makeCgroup(groups, limit: limit, for: pluginPath, logger: configuration.logger)
            }
            if let cgroup {
                // The process moves itself in before it opens the plugin.
                arguments += ["--cgroup", cgroup.path]
            } else if let limit = configuration.memoryLimit {
                arguments += ["--memory-limit", String(limit)]
            }
            if let sharedContainer { arguments += ["--shared-container", sharedContainer] }
        } else if !configuration.warmsUpSpares {
            arguments.append("--no-warm-up")
        }
        let (executable, environment) = (configuration.executable, configuration.environment)
        let spawn = { Result { () throws(SystemCallError) in
            try ChildProcess.spawn(executable, arguments: arguments, environment: environment,
                                   standardOutput: .pipe, standardError: .pipe, passing: ends.1)
        } }
        do {
            child = try (configuration.launcher?.run(spawn) ?? spawn()).get()
        } catch {
            Posix.close(ends.0)
            Posix.close(ends.1)
            if let cgroup { configuration.memoryCgroups?.remove(cgroup) }
            throw IntentsError(.extensionBringUpFailed, "cannot start an extension process for \(what) (\(configuration.executable)): \(error)")
        }
        self.cgroup = cgroup
        Posix.close(ends.1)
        channel = FrameChannel(descriptor: ends.0)
        output = ExtensionOutputLog(
            streams: [("stdout", child.standardOutput), ("stderr", child.standardError)].compactMap { name, fd in fd.map { (name, $0) } },
            label: pluginPath.map { ($0 as NSString).lastPathComponent } ?? "spare",
            logger: configuration.logger
        )
    }

    /// A memory cgroup for one process, or nil (logged) when it cannot be
    /// made: that process then has the address-space limit.
    private static func makeCgroup(_ groups: MemoryCgroups, limit: UInt64, for pluginPath: String, logger: Logger) -> MemoryCgroup? {
        do {
            return try groups.create(limit: limit)
        } catch {
            logger.warning("cannot make a memory cgroup for an extension process; its limit is address space (RLIMIT_AS)",
                           metadata: ["plugin": "\(pluginPath)", "error": "\(error)"])
            return nil
        }
    }

    /// Reads the counters of the cgroup of a process that has been reaped,
    /// and removes the cgroup.
    private func releaseCgroup() {
        guard let cgroup else { return }
        self.cgroup = nil
        endedCgroup = (cgroup, cgroup.counters())
        configuration.memoryCgroups?.remove(cgroup)
    }

    private func awaitReady(deadline: UInt64) throws(IntentsError) {
        switch receive(until: deadline, stage: "while launching") {
        case .deadlinePassed:
            throw IntentsError(.extensionLaunchingTimeout,
                               "\(label) did not finish launching (loading the plugin and running its init) before its deadline; its process was killed. Make init return quickly, or allow more time with --deadline.")
        case .ended(let error):
            throw error
        case .frame(var frame):
            let refusal: IntentsError?
            do throws(ExtensionProtocolError) {
                refusal = try readReady(&frame)
            } catch {
                _ = reap(killing: true)
                throw IntentsError(.extensionBringUpFailed, "the extension process for \(pluginPath) broke the protocol: \(error)")
            }
            if let refusal {
                _ = reap(killing: true)
                throw refusal
            }
        }
    }

    /// Reads the first frame: nil for `ready` (its fields kept), or the
    /// error to report for `loadFailed` or another protocol version.
    private func readReady(_ frame: inout FrameReader) throws(ExtensionProtocolError) -> IntentsError? {
        switch frame.type {
        case .loadFailed:
            // The loader's message names the step, the file and what to do.
            return try frame.error()
        case .ready:
            let version = try frame.uint32()
            guard version == ExtensionProcessProtocol.version else {
                return IntentsError(.extensionBringUpFailed,
                                    "the extension process for \(pluginPath) speaks protocol version \(version), the supervisor \(ExtensionProcessProtocol.version): \(configuration.executable) is another exthost build. Use one exthost for both.")
            }
            let manifestJSON = try frame.string()
            switch try frame.byte() {
            case ExtensionProcessProtocol.DefinitionForm.text.rawValue: definition = .text(try frame.string())
            case ExtensionProcessProtocol.DefinitionForm.tables.rawValue: definition = .tables(try frame.rawBytes())
            case let form: throw ExtensionProtocolError("ready carries a definition of unknown form \(form)")
            }
            timings.dlopen = try frame.uint64()
            timings.abiCheck = try frame.uint64()
            timings.definition = try frame.uint64()
            timings.initialize = try frame.uint64()
            timings.firstHandlerFor = try frame.uint64()
            memoryAtReady = ProcessMemory(virtualBytes: try frame.uint64(), residentBytes: try frame.uint64())
            guard let manifest = try? JSONDecoder().decode(ExtensionManifest.self, from: Data(manifestJSON.utf8)) else {
                throw ExtensionProtocolError("ready carries a manifest that does not decode")
            }
            self.manifest = manifest
            label = "extension \(manifest.identifier)"
            output.rename(manifest.identifier)
            return nil
        default:
            throw ExtensionProtocolError("the first frame is \(frame.type), not ready")
        }
    }

    deinit {
        shutDown()
        releaseCgroup()
    }

    /// The definition an extension process sent in `ready`.
    enum ReceivedDefinition {
        /// The plugin's JSON text, parsed by the supervisor.
        case text(String)
        /// The plugin's definition tables, read in place by the supervisor.
        case tables([UInt8])
    }

    /// The channel, for a frame sent from another thread while this one
    /// waits for a reply (`stop`); nil once the process has ended.
    var stopChannel: FrameChannel? { isRunning ? channel : nil }

    /// Sends a frame that has no reply; a process that has gone is noticed
    /// at the next exchange.
    func post(_ frames: [UInt8]) {
        guard isRunning else { return }
        try? channel.send(frames: frames)
    }

    /// Sends a frame and waits for its reply until `deadline`.
    ///
    /// - Parameter stage: Names what was running, for the error when the
    ///   process dies (`during handle of OrderSoup`).
    func exchange(_ message: FrameWriter, until deadline: UInt64, stage: String) -> Reply {
        exchange(message.frame, until: deadline, stage: stage)
    }

    /// Sends whole frames in one write, the last of which has a reply, and
    /// waits for that reply until `deadline`.
    func exchange(_ frames: [UInt8], until deadline: UInt64, stage: String) -> Reply {
        guard isRunning else {
            return .ended(IntentsError(.extensionBringUpFailed, "\(label) has no process \(stage)"))
        }
        roundTrips += 1
        do {
            try channel.send(frames: frames)
        } catch {
            return receive(until: Posix.deadline(after: 0.1), stage: stage)
        }
        return receive(until: deadline, stage: stage)
    }

    /// Waits for one more reply to the frame sent last, until `deadline`:
    /// the next `outcome` of a run of resolve calls.
    func awaitReply(until deadline: UInt64, stage: String) -> Reply {
        guard isRunning else {
            return .ended(IntentsError(.extensionBringUpFailed, "\(label) has no process \(stage)"))
        }
        return receive(until: deadline, stage: stage)
    }

    private func receive(until deadline: UInt64, stage: String) -> Reply {
        var received = channel.receive(until: deadline)
        while case .frame(var frame) = received, frame.type == .log {
            logExtensionLine(&frame)
            received = channel.receive(until: deadline)
        }
        switch received {
        case .frame(let frame):
            return .frame(frame)
        case .deadlinePassed:
            _ = reap(killing: true)
            failure = IntentsError(.requestTimedOut, "\(label) did not answer \(stage) before its deadline; its process was killed")
            ending = .killed
            return .deadlinePassed
        case .ended:
            let ending = reap(killing: false)
            let (error, atLimit) = fault(ending.termination, peakResidentBytes: ending.peakResidentBytes, stage: stage)
            failure = error
            self.ending = atLimit ? .memoryLimit : .crashed
            return .ended(error)
        case .broken(let reason):
            _ = reap(killing: true)
            let error = IntentsError(.extensionBringUpFailed, "\(label) broke the extension-process protocol \(stage) (\(reason)); its process was killed")
            failure = error
            ending = .killed
            return .ended(error)
        }
    }

    /// Logs a line the plugin logged, as the in-process loader would.
    private func logExtensionLine(_ frame: inout FrameReader) {
        guard let level = try? frame.string(), let name = try? frame.string(), let message = try? frame.string() else { return }
        configuration.logger.log(level: Logger.Level(rawValue: level) ?? .info, "\(message)",
                                 metadata: ["extension": "\(name.isEmpty ? pluginPath : name)"])
    }

    /// Ends a process that is done with: closing the channel's writing side
    /// tells it to exit, the lines it logged meanwhile are still read, and
    /// one that has not exited within a second is killed.
    func shutDown() {
        guard isRunning else { return }
        isRunning = false
        Posix.shutDownWriting(channel.descriptor)
        let until = Posix.deadline(after: 1)
        while case .frame(var frame) = channel.receive(until: until) {
            if frame.type == .log { logExtensionLine(&frame) }
        }
        _ = child.wait(until: until)
        releaseCgroup()
        output.finish(within: 0.2)
    }

    /// Kills the process at once and reaps it: a stage past its deadline.
    func kill() {
        guard isRunning else { return }
        ending = .killed
        _ = reap(killing: true)
    }

    /// Reaps the process (killing it first when asked) and waits briefly
    /// for the last of its output, so the log shows it before the error.
    private func reap(killing: Bool) -> ChildProcess.Ending {
        isRunning = false
        let ending = child.wait(until: killing ? Posix.monotonicNanoseconds() : nil)
        releaseCgroup()
        output.finish(within: 0.2)
        return ending
    }

    /// The error for a process that ended on its own `stage`, and whether
    /// it ended at its memory limit.
    private func fault(_ termination: ProcessTermination, peakResidentBytes peak: UInt64, stage: String) -> (IntentsError, atLimit: Bool) {
        let mebibytes = { (bytes: UInt64) in "\(bytes >> 20) MiB" }
        if let ended = endedCgroup {
            // The cgroup's own counters: the kernel's OOM killer ends a
            // process at its limit with SIGKILL, which alone would read as
            // a kill from outside.
            if let limit = configuration.memoryLimit, termination != .exited(0),
               ended.counters.reachedLimit(killedBySIGKILL: termination == .signaled(Posix.killSignal)) {
                return (IntentsError(.extensionBringUpFailed,
                                     "\(label) reached its memory limit of \(mebibytes(limit)) of resident memory (its \(ended.group.version.rawValue) memory cgroup) \(stage) (the kernel ended it: it \(termination), \(mebibytes(peak)) resident at its peak); its process was ended and the next request starts a new one. Use less memory, or raise the limit (--memory-limit)."), true)
            }
        } else if let limit = configuration.memoryLimit, termination != .exited(0),
           ExtensionMemoryVerdict.reachedLimit(limit, atReady: memoryAtReady, peakResidentBytes: peak) {
            return (IntentsError(.extensionBringUpFailed,
                                "\(label) reached its memory limit of \(mebibytes(limit)) of address space \(stage) (it \(termination), \(mebibytes(peak)) resident at its peak); its process was ended and the next request starts a new one. Use less memory, or raise the limit (--memory-limit)."), true)
        }
        let advice = switch termination {
        case .exited: "an extension must not end its process: return from the method and call its completion"
        default: "look for the fault in the extension's code; its output, if any, is in the log"
        }
        return (IntentsError(.extensionBringUpFailed,
                             "\(label) \(termination) \(stage); its process ended and the next request starts a new one. \(advice.prefix(1).uppercased() + advice.dropFirst())."), false)
    }
}
