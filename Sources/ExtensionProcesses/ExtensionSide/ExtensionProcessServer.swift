import CExthost
import ExthostABI
import ExthostPosix
import ExtensionLoading
import Foundation
import IntentConversation
import IntentDefinition
import Logging

/// The extension process's side of the protocol: loads exactly one plugin,
/// says `ready` (or `loadFailed`), then serves one request at a time until
/// the supervisor closes its end of the socket pair.
///
/// Started without a plugin, the process is a *spare*: the runtime,
/// Foundation and the loader are up, it says `waiting` and loads the
/// plugin a `load` frame names, with that frame's memory limit.
///
/// It runs in `exthost extension-process`, a process of its own: whatever
/// the plugin does (crash, exit, hang, exhaust memory) ends this process
/// only, and the supervisor reports it.
package struct ExtensionProcessServer {
    /// What the process was started with.
    package struct Configuration: Sendable {
        /// The plugin's `.so` file; nil for a spare, which waits for `load`.
        package var pluginPath: String?
        /// The app group's shared container handed to the plugin's `init`.
        package var sharedContainer: String?
        /// The address-space limit (`RLIMIT_AS`) set before loading; nil for none.
        package var memoryLimit: UInt64?
        /// The memory cgroup (its folder) the process moves itself into
        /// before loading, made and limited by its supervisor; nil for none.
        package var cgroup: String?
        /// The socket pair's end.
        package var descriptor: Int32
        /// Whether a spare runs ``SpareWarmUp`` before it says `waiting`.
        package var warmsUp: Bool

        package init(pluginPath: String?, sharedContainer: String?, memoryLimit: UInt64?, cgroup: String? = nil, descriptor: Int32,
                     warmsUp: Bool = true) {
            self.pluginPath = pluginPath
            self.sharedContainer = sharedContainer
            self.memoryLimit = memoryLimit
            self.cgroup = cgroup
            self.descriptor = descriptor
            self.warmsUp = warmsUp
        }
    }

    private let channel: FrameChannel
    private let loaded: LoadedExtension
    private var session: IntentHandlerSession?
    /// The open request's parameter values as the supervisor set them and
    /// runs of resolve calls stored them, in definition order.
    private var values: [IntentValue?] = []
    /// Whether the output mark of a request's start was written and the
    /// one of its end not yet.
    private var marked = false
    /// Whether the supervisor sent `stop` for the open request (version 9).
    private var stopAsked = false

    /// Loads the plugin and serves the supervisor until it hangs up, then
    /// ends the process: status 0 when the supervisor closed the channel,
    /// 1 when the plugin did not load or a frame was broken.
    ///
    /// - Parameters:
    ///   - configuration: The plugin, its container, the limit, the socket.
    ///   - services: What the plugin's host API offers (the donation store).
    package static func run(_ configuration: Configuration, services: HostServices) -> Never {
        Posix.ignoreBrokenPipes()
        // A crash reported in a fraction of a second, not after the Swift
        // runtime's backtracer has read every image's DWARF.
        Posix.installCrashBacktraceUnlessAsked(fd: STDERR_FILENO, label: "exthost extension process")
        // A supervisor that already ended closed its end: the first receive sees it.
        Posix.dieWithParent()
        let channel = FrameChannel(descriptor: configuration.descriptor)
        // The plugin's log lines go to the supervisor as frames, not to standard error.
        let loader = ExtensionLoader(services: services, logger: Logger(label: "exthost.extension") { _ in ChannelLogHandler(channel: channel) })
        var configuration = configuration
        if configuration.pluginPath == nil {
            configuration = awaitLoad(channel, configuration)
        }
        guard let pluginPath = configuration.pluginPath else { Posix.exit(1) }
        do {
            if let cgroup = configuration.cgroup {
                do {
                    try MemoryCgroup.move(Posix.processID, into: cgroup)
                } catch {
                    var message = FrameWriter(.loadFailed)
                    message.append(IntentsError(.extensionBringUpFailed, "the extension process for \(pluginPath) could not move itself into its memory cgroup: \(error). Check that the service may write to \(cgroup)."))
                    try? channel.send(message)
                    Posix.exit(1)
                }
            }
            if let limit = configuration.memoryLimit {
                let mapped = ProcessMemory.current().virtualBytes
                guard limit > mapped + minimumHeadroom else {
                    var message = FrameWriter(.loadFailed)
                    message.append(IntentsError(.extensionBringUpFailed, "the memory limit of \(limit >> 20) MiB leaves \(pluginPath) no room: the extension process already maps \(mapped >> 20) MiB before loading it. Raise the limit (--memory-limit) to at least \((mapped + minimumHeadroom) >> 20) MiB."))
                    try? channel.send(message)
                    Posix.exit(1)
                }
                try Posix.limitAddressSpace(to: limit)
            }
            let loaded = try loader.load(path: pluginPath, sharedContainer: configuration.sharedContainer)
            try channel.send(ready(loaded))
            var server = ExtensionProcessServer(channel: channel, loaded: loaded)
            Posix.exit(server.serve())
        } catch let error as ExtensionLoadError {
            var message = FrameWriter(.loadFailed)
            message.append(IntentsError(error.code, error.description))
            try? channel.send(message)
        } catch {
            var message = FrameWriter(.loadFailed)
            message.append(IntentsError(.extensionBringUpFailed, "the extension process for \(pluginPath) could not start: \(error)"))
            try? channel.send(message)
        }
        Posix.exit(1)
    }

    /// A spare's wait: says `waiting` once up, then takes the plugin, its
    /// container and its memory limit from `load`. Ends the process (0)
    /// when the supervisor hangs up first, as at any other wait, and (1)
    /// on any other frame.
    private static func awaitLoad(_ channel: FrameChannel, _ configuration: Configuration) -> Configuration {
        // What the first request would otherwise pay on top of the plugin:
        // the JSON encoder `ready` uses, and reading this process's memory.
        _ = try? JSONEncoder().encode(ExtensionManifest(identifier: "", app: "", toolchain: "", abiVersion: 0, intentsSupported: [], intentsRestrictedWhileLocked: []))
        _ = ProcessMemory.current()
        if configuration.warmsUp { SpareWarmUp.run() }
        var waiting = FrameWriter(.waiting)
        waiting.append(ExtensionProcessProtocol.version)
        do { try channel.send(waiting) } catch { Posix.exit(0) }
        while true {
            switch channel.receive() {
            case .ended:
                Posix.exit(0)
            case .deadlinePassed:
                continue
            case .broken(let reason):
                FileHandle.standardError.write(Data("exthost extension-process: \(reason); ending\n".utf8))
                Posix.exit(1)
            case .frame(var frame):
                var loaded = configuration
                do throws(ExtensionProtocolError) {
                    guard frame.type == .load else { throw ExtensionProtocolError("a spare was sent \(frame.type), not load") }
                    loaded.pluginPath = try frame.string()
                    loaded.sharedContainer = try frame.optionalString()
                    loaded.memoryLimit = try frame.optionalUInt64()
                } catch {
                    FileHandle.standardError.write(Data("exthost extension-process: \(error); ending\n".utf8))
                    Posix.exit(1)
                }
                return loaded
            }
        }
    }

    /// The least address space a limit must leave above what the process
    /// maps before loading: a plugin, its libraries and a malloc arena.
    static let minimumHeadroom: UInt64 = 128 << 20

    private init(channel: FrameChannel, loaded: LoadedExtension) {
        self.channel = channel
        self.loaded = loaded
    }

    /// `ready`: version, manifest (JSON), definition (version 4: the
    /// tables' bytes when this process reads the plugin's tables, else the
    /// embedded text), the five load timings, and the process's
    /// address-space size and resident size after loading (bytes).
    private static func ready(_ loaded: LoadedExtension) throws -> FrameWriter {
        var message = FrameWriter(.ready)
        message.append(ExtensionProcessProtocol.version)
        message.append(String(decoding: try JSONEncoder().encode(loaded.manifest), as: UTF8.self))
        let descriptor = loaded.descriptor.pointee
        if loaded.readsDefinitionTables, let tables = descriptor.definition_tables {
            message.append(ExtensionProcessProtocol.DefinitionForm.tables.rawValue)
            message.append(bytes: UnsafeRawBufferPointer(start: tables, count: descriptor.definition_tables_size))
        } else {
            message.append(ExtensionProcessProtocol.DefinitionForm.text.rawValue)
            message.append(descriptor.definition.map { String(cString: $0) } ?? "")
        }
        for phase in loaded.timings.phases { message.append(phase.nanoseconds) }
        let memory = ProcessMemory.current()
        message.append(memory.virtualBytes)
        message.append(memory.residentBytes)
        return message
    }

    /// Answers frames until the channel ends; the exit status.
    private mutating func serve() -> Int32 {
        while true {
            switch channel.receive() {
            case .ended:
                return 0
            case .deadlinePassed:
                continue
            case .broken(let reason):
                FileHandle.standardError.write(Data("exthost extension-process: \(reason); ending\n".utf8))
                return 1
            case .frame(var frame):
                do {
                    if let reply = try answer(&frame) { try channel.send(reply) }
                } catch let error as ExtensionProtocolError {
                    FileHandle.standardError.write(Data("exthost extension-process: \(error); ending\n".utf8))
                    return 1
                } catch {
                    return 0  // the supervisor has gone
                }
            }
        }
    }

    /// The reply to one frame, if it has one.
    private mutating func answer(_ frame: inout FrameReader) throws -> FrameWriter? {
        switch frame.type {
        case .open:
            let identifier = try frame.string()
            let name = try frame.string()
            // Version 6: the request's values, for handler(for:).
            var given: [IntentValue?] = []
            for _ in 0..<(try frame.uint32()) { given.append(try frame.optionalValue()) }
            session = nil
            stopAsked = false
            endMark()
            Self.writeMark(OutputMark.opening(identifier))
            marked = true
            // The intent's part alone when the plugin carries tables, as in process.
            let intent: Intent
            do {
                guard let found = try loaded.definition(forIntent: name).intent(named: name) else {
                    endMark()
                    return Self.failure(IntentsError(.invalidIntentName, "extension \(loaded.manifest.identifier) has no intent named \(name)"))
                }
                intent = found
            } catch {
                endMark()
                return Self.failure(IntentsError(error.code, error.description))
            }
            do {
                session = try IntentHandlerSession(extension: loaded, intent: intent, identifier: identifier, values: given)
                // The values the session's intent starts with, as it holds them.
                let count = intent.parameters.count
                values = Array(given.prefix(count)) + Array(repeating: nil, count: max(0, count - given.count))
            } catch {
                endMark()
                return Self.failure(error)
            }
            var message = FrameWriter(.opened)
            message.append(loaded.timings.firstHandlerFor)
            return message
        case .setValue:
            let index = Int(try frame.uint32())
            let value = try frame.optionalValue()
            if let session, index < values.count {
                values[index] = value
                session.setValue(value, parameterAt: index)
            }
            return nil
        case .call:
            let selector = try frame.string()
            let searchTerm: String?? = switch try frame.byte() {
            case 0: .none
            case 1: .some(nil)
            default: .some(try frame.string())
            }
            let shape = try frame.completionShape()
            let deadline = try frame.uint64()
            guard let session else { return Self.notOpened(selector) }
            return Self.outcome(session.call(selector, searchTerm: searchTerm, completion: shape, deadline: deadline), of: session)
        case .resolve:
            let stageNanoseconds = try frame.uint64()
            let firstDeadline = try frame.uint64()
            var calls: [ResolveRun.Call] = []
            for _ in 0..<(try frame.uint32()) {
                calls.append(ResolveRun.Call(index: Int(try frame.uint32()), selector: try frame.string(), shape: try frame.valueShape()))
            }
            // Version 9: what follows the resolve calls, and (bit 4) whether
            // the supervisor may send a `stop` while the run is out.
            let then = try frame.byte()
            let mayStop = then & 4 != 0
            var response: ResolveRun.Response?
            if then & 3 != 0 {
                var shapes: [ValueShape] = []
                for _ in 0..<(try frame.uint32()) { shapes.append(try frame.valueShape()) }
                var readyCodes: [Int32] = []
                for _ in 0..<(try frame.uint32()) { readyCodes.append(try frame.int32()) }
                response = ResolveRun.Response(shapes: shapes, readyCodes: readyCodes, handles: then & 3 == 2)
            }
            guard let session else { return Self.notOpened("a run of resolve calls") }
            guard !calls.isEmpty || response != nil else { throw ExtensionProtocolError("a run of resolve calls names no call") }
            try run(calls, then: response, mayStop: mayStop, in: session, firstDeadline: firstDeadline, stageNanoseconds: stageNanoseconds)
            return nil
        case .stop:
            // Read between frames: a run it was meant for has ended, or
            // is still to be read; the open request's later runs call
            // neither confirm nor handle.
            if session != nil { stopAsked = true }
            return nil
        case .close:
            // What the handler prints as it is released is still the request's.
            session = nil
            endMark()
            return nil
        case .load:
            throw ExtensionProtocolError("the supervisor sent load to a process that has a plugin")
        case .ready, .loadFailed, .opened, .failed, .outcome, .log, .waiting:
            throw ExtensionProtocolError("the supervisor sent \(frame.type), which only an extension process sends")
        }
    }

    /// Calls a run (``ResolveRun``) in order and sends each outcome as it
    /// comes, so that the supervisor keeps each stage's deadline from
    /// when the one before it ended: the resolve calls while each goes on
    /// (storing each resolved value as the engine does), then `confirm`
    /// and `handle` as `response` says. Before `confirm` and before
    /// `handle` it looks, without waiting, for a `stop` the supervisor
    /// sent meanwhile (only when it said one may come: `mayStop`); after
    /// one it makes no more calls and answers the call it did not make
    /// with outcome 4. After `handle`'s outcome the request ends, as
    /// `close` ends it.
    private mutating func run(_ calls: [ResolveRun.Call], then response: ResolveRun.Response?, mayStop: Bool, in session: IntentHandlerSession,
                              firstDeadline: UInt64, stageNanoseconds: UInt64) throws {
        var deadline = firstDeadline
        for call in calls {
            let outcome = session.call(call.selector, searchTerm: nil, completion: .resolve(call.shape), deadline: deadline)
            try channel.send(Self.outcome(outcome, of: session))
            guard case .goesOn(let stored) = ResolveRun.next(after: outcome) else { return }
            // Stored as the engine stores it: only a value that changed.
            if let stored, call.index < values.count, values[call.index] != stored {
                values[call.index] = stored
                session.setValue(stored, parameterAt: call.index)
            }
            deadline = Self.adding(stageNanoseconds, to: Posix.monotonicNanoseconds())
        }
        guard let response else { return }
        let shape = CompletionShape.response(response.shapes)
        if stopped(looking: mayStop) {
            try channel.send(Self.outcome(nil, of: session))
            return
        }
        let confirmed = session.call(HandlerSelector.confirm, searchTerm: nil, completion: shape, deadline: deadline)
        try channel.send(Self.outcome(confirmed, of: session))
        guard response.handles, response.goesOn(afterConfirm: confirmed) else { return }
        if stopped(looking: mayStop) {
            try channel.send(Self.outcome(nil, of: session))
            return
        }
        let handled = session.call(HandlerSelector.handle, searchTerm: nil,
                                   completion: shape, deadline: Self.adding(stageNanoseconds, to: Posix.monotonicNanoseconds()))
        try channel.send(Self.outcome(handled, of: session))
        // handle is the request's last call: released while still awake.
        self.session = nil
        endMark()
    }

    /// Whether the supervisor asked the open request to stop: a `stop`
    /// read before, or, when `looking`, one waiting now (read without
    /// blocking: a system call, made only when a stop may come).
    private mutating func stopped(looking: Bool) -> Bool {
        if looking, !stopAsked, channel.takeIfWaiting(.stop) { stopAsked = true }
        return stopAsked
    }

    /// Marks unless `EXTHOST_OUTPUT_MARKS=0` is set (the extension process
    /// inherits the supervisor's environment): the benchmark's before, in
    /// the same binary; the printed lines then carry no request.
    private static let marksOutput = ProcessInfo.processInfo.environment["EXTHOST_OUTPUT_MARKS"] != "0"

    /// Writes the mark of the open request's end, if one is open.
    private mutating func endMark() {
        guard marked else { return }
        marked = false
        Self.writeMark(OutputMark.closing)
    }

    /// Writes `mark` on standard output and standard error, after what
    /// the plugin's stdio buffers hold, for the supervisor to tell which
    /// request the lines around it belong to. A stream the plugin closed
    /// gets none.
    private static func writeMark(_ mark: [UInt8]) {
        guard marksOutput else { return }
        fflush(nil)
        mark.withUnsafeBytes { bytes in
            for descriptor: Int32 in [1, 2] { try? Posix.write(descriptor, bytes) }
        }
    }

    /// `outcome`: what a call gave, then (version 3) the request's
    /// duplicate completions so far, so that the last stage's outcome
    /// answers what the supervisor asked after it in version 2.
    /// A nil `outcome` is tag 4 (version 9): the call was not made, the
    /// conversation having been stopped before it.
    private static func outcome(_ outcome: CallOutcome?, of session: IntentHandlerSession) -> FrameWriter {
        var message = FrameWriter(.outcome)
        switch outcome {
        case nil: message.append(UInt8(4))
        case .notImplemented: message.append(UInt8(0))
        case .completed(let payload): message.append(UInt8(1)); message.append(payload)
        case .timedOut: message.append(UInt8(2))
        case .failed(let error): message.append(UInt8(3)); message.append(error)
        }
        let duplicates = session.duplicateCompletions()
        message.append(UInt32(duplicates.count))
        for duplicate in duplicates {
            message.append(duplicate.selector)
            message.append(UInt32(duplicate.extraCalls))
        }
        return message
    }

    /// `start + nanoseconds`, or the end of time when that overflows.
    static func adding(_ nanoseconds: UInt64, to start: UInt64) -> UInt64 {
        let (sum, overflow) = start.addingReportingOverflow(nanoseconds)
        return overflow ? .max : sum
    }

    /// `failed` for a stage with no request open: the `open` sent in the
    /// same write failed (version 8), and its answer said why. The stage
    /// is not run; the supervisor reads this answer and drops it.
    private static func notOpened(_ stage: String) -> FrameWriter {
        failure(IntentsError(.extensionBringUpFailed, "not opened: \(stage) came with no request open; it was not run"))
    }

    private static func failure(_ error: IntentsError) -> FrameWriter {
        var message = FrameWriter(.failed)
        message.append(error)
        return message
    }
}
