import ExthostABI
import ExthostPosix
import Foundation
import IntentConversation
import IntentDefinition

/// One request's line to an extension process: every `HandlerConnection`
/// call becomes a frame, and the supervisor keeps the deadline itself (a
/// stage past it kills the process).
///
/// Frames that have no reply (`setValue`) wait and go out with the next
/// frame that has one, in one write: the process is woken once for them
/// all. So does the request's `open` (version 8): its answer, `opened` or
/// `failed`, is read before the first stage's (``openFailure()``). A run
/// of resolve calls (``ResolveRunConnection``) is one frame, answered by
/// an `outcome` per call.
final class ExtensionProcessConnection: ResolveRunConnection {
    private let process: ExtensionProcess
    private let intent: Intent
    /// The completions called more than once, as the last `outcome` listed them.
    private var duplicates: [(selector: String, extraCalls: Int)] = []
    /// Frames not sent yet: they go before the next frame sent.
    private var waiting: [UInt8] = []
    /// Values a run stored in the process that the engine has not set yet
    /// (it sets each as it comes to the run's outcome): by parameter index.
    private var storedByRun: [Int: IntentValue] = [:]
    /// Where the request's `open` stands.
    private var open: Open
    private let launchBudget: Double
    /// Given the first `handler(for:)`'s time from `opened`.
    private let opened: (_ firstHandlerFor: UInt64) -> Void

    /// Where a request's `open` stands.
    private enum Open {
        /// Its answer is not read yet: it is waited for until the deadline
        /// (the configuration's launch budget from `connect`). The frame
        /// is at the head of ``waiting`` until it is sent.
        case unread(deadline: UInt64)
        /// `opened`: the handler is there.
        case opened
        /// `handler(for:)` failed with this, or its process died or hung
        /// in it. Nothing more is sent, not even `close`.
        case failed(IntentsError)
    }

    /// A connection whose `open` goes out with its first frame that has a reply.
    ///
    /// - Parameters:
    ///   - process: The extension process, idle.
    ///   - intent: The request's intent.
    ///   - open: The `open` frame.
    ///   - deadline: Monotonic nanoseconds by which `handler(for:)` must answer.
    ///   - launchBudget: Its seconds, for the error past it.
    ///   - opened: Given the first `handler(for:)`'s time, once `opened` is read.
    init(process: ExtensionProcess, intent: Intent, open: FrameWriter, until deadline: UInt64, launchBudget: Double,
         opened: @escaping (_ firstHandlerFor: UInt64) -> Void) {
        self.process = process
        self.intent = intent
        self.open = .unread(deadline: deadline)
        self.launchBudget = launchBudget
        self.opened = opened
        waiting = open.frame
    }

    /// Whether `close` went out already, in the same write as `handle`.
    private var closed = false

    deinit {
        // An open nobody asked about is answered before the close, so that
        // its answer is not read as the next request's.
        if case .unread = open { _ = openFailure() }
        if case .failed = open { return }
        if closed { return }
        waiting += FrameWriter(.close).frame
        process.post(waiting)
    }

    /// Whether `close` goes in the same write as `handle`, the request's
    /// last call on this connection (`handleInApp` goes on in the app):
    /// the extension process answers `handle`, then releases the handler
    /// while it is still awake, instead of being woken once more for the
    /// `close` alone. Unless `EXTHOST_CLOSE_WITH_HANDLE=0` is set in the
    /// supervisor's environment: the benchmark's before, in the same binary.
    static let closesWithHandle = ProcessInfo.processInfo.environment["EXTHOST_CLOSE_WITH_HANDLE"] != "0"

    /// Whether `open` goes with the first stage: unless
    /// `EXTHOST_OPEN_WITH_FIRST_STAGE=0` or `EXTHOST_RESOLVE_RUNS=0` is set
    /// in the supervisor's environment, which make it a round trip of its
    /// own, as version 7 did: the benchmark's before, in the same binary.
    static let opensWithFirstStage = runsEnabled
        && ProcessInfo.processInfo.environment["EXTHOST_OPEN_WITH_FIRST_STAGE"] != "0"

    var defersOpen: Bool { true }

    /// Names the `open`'s stage in the errors of a process that died or hung in it.
    private var openStage: String { "in handler(for:) of \(intent.name)" }

    func openFailure() -> IntentsError? {
        switch open {
        case .opened: return nil
        case .failed(let error): return error
        case .unread(let deadline):
            defer { waiting.removeAll(keepingCapacity: true) }
            return settleOpen(process.exchange(waiting, until: deadline, stage: openStage))
        }
    }

    /// Reads the `open`'s answer: nil for `opened`, else the error the
    /// request ends with, as `connect` threw it before version 8.
    private func settleOpen(_ reply: ExtensionProcess.Reply) -> IntentsError? {
        let failure: IntentsError?
        switch reply {
        case .deadlinePassed:
            failure = IntentsError(.requestTimedOut, "handler(for:) of \(intent.name) in \(process.label) did not return within \(launchBudget) s; its process was killed")
        case .ended(let error):
            failure = error
        case .frame(var frame):
            do throws(ExtensionProtocolError) {
                switch frame.type {
                case .opened:
                    opened(try frame.uint64())
                    failure = nil
                case .failed:
                    failure = try frame.error()
                default:
                    throw ExtensionProtocolError("open was answered with \(frame.type)")
                }
            } catch {
                process.kill()
                failure = IntentsError(.extensionBringUpFailed, "\(process.label): \(error)")
            }
        }
        open = failure.map { .failed($0) } ?? .opened
        return failure
    }

    func setValue(_ value: IntentValue?, parameterAt index: Int) {
        if let stored = storedByRun.removeValue(forKey: index), stored == value { return }
        var message = FrameWriter(.setValue)
        message.append(UInt32(index))
        message.append(value)
        waiting += message.frame
        if !Self.runsEnabled {
            process.post(waiting)
            waiting.removeAll(keepingCapacity: true)
        }
    }

    /// Sends what waits and `message`, and waits for the reply: after the
    /// `open`'s when the `open` went in the same write. A failed `open`
    /// is the reply (the process answers `message` with `failed` and runs
    /// nothing: that answer is read and dropped).
    private func exchange(_ message: FrameWriter, until deadline: UInt64, stage: String) -> ExtensionProcess.Reply {
        exchange(frames: message.frame, until: deadline, stage: stage)
    }

    /// As ``exchange(_:until:stage:)``, for a frame with a reply followed
    /// by frames without one (`close`).
    private func exchange(frames: [UInt8], until deadline: UInt64, stage: String) -> ExtensionProcess.Reply {
        if case .failed(let error) = open { return .ended(error) }
        waiting += frames
        defer { waiting.removeAll(keepingCapacity: true) }
        guard case .unread(let openDeadline) = open else {
            return process.exchange(waiting, until: deadline, stage: stage)
        }
        if let failure = settleOpen(process.exchange(waiting, until: openDeadline, stage: openStage)) {
            if process.isRunning { _ = process.awaitReply(until: deadline, stage: stage) }
            return .ended(failure)
        }
        return process.awaitReply(until: deadline, stage: stage)
    }

    func call(_ selector: String, searchTerm: String??, completion shape: CompletionShape, deadline: UInt64) -> CallOutcome {
        var message = FrameWriter(.call)
        message.append(selector)
        switch searchTerm {
        case .none: message.append(UInt8(0))
        case .some(.none): message.append(UInt8(1))
        case .some(.some(let term)): message.append(UInt8(2)); message.append(term)
        }
        message.append(shape)
        message.append(deadline)
        guard selector == HandlerSelector.handle, Self.closesWithHandle else {
            return outcome(of: selector, exchange(message, until: deadline, stage: stage(selector)))
        }
        var frames = message.frame
        frames += FrameWriter(.close).frame
        closed = true
        return outcome(of: selector, exchange(frames: frames, until: deadline, stage: stage(selector)))
    }

    /// Runs unless `EXTHOST_RESOLVE_RUNS=0` is set in the supervisor's
    /// environment, which sends one resolve call a frame and each
    /// `setValue` at once, as protocol version 4 did: the benchmark's
    /// before, in the same binary.
    var takesRuns: Bool { Self.runsEnabled }
    private static let runsEnabled = ProcessInfo.processInfo.environment["EXTHOST_RESOLVE_RUNS"] != "0"

    /// Runs go on through `confirm` and `handle` (version 9) unless
    /// `EXTHOST_RUN_THROUGH_HANDLE=0` is set in the supervisor's
    /// environment, which calls each alone, as version 8 did: the
    /// benchmark's before, in the same binary.
    var takesResponses: Bool { Self.responsesEnabled }
    private static let responsesEnabled = runsEnabled
        && ProcessInfo.processInfo.environment["EXTHOST_RUN_THROUGH_HANDLE"] != "0"

    func resolveRun(_ calls: [ResolveRun.Call], then response: ResolveRun.Response?, firstDeadline: UInt64, stageNanoseconds: UInt64,
                    interruption: RunInterruption?) -> [ResolveRun.Outcome] {
        var message = FrameWriter(.resolve)
        message.append(stageNanoseconds)
        message.append(firstDeadline)
        message.append(UInt32(calls.count))
        for call in calls {
            message.append(UInt32(call.index))
            message.append(call.selector)
            message.append(call.shape)
        }
        // Version 9: what follows the resolve calls.
        var selectors = calls.map(\.selector)
        if let response {
            // Bit 4: a stop may come (below); without it the process
            // does not look for one.
            message.append((response.handles ? UInt8(2) : UInt8(1)) | (interruption != nil ? UInt8(4) : 0))
            message.append(UInt32(response.shapes.count))
            for shape in response.shapes { message.append(shape) }
            message.append(UInt32(response.readyCodes.count))
            for code in response.readyCodes { message.append(code) }
            selectors.append(HandlerSelector.confirm)
            if response.handles { selectors.append(HandlerSelector.handle) }
        } else {
            message.append(UInt8(0))
        }
        guard let interruption, response != nil else { return run(message, selectors, calls, response, firstDeadline, stageNanoseconds) }
        // A stop asked while the run is in the process's hands is sent at
        // once, from the thread that asks (the channel's sends are whole
        // frames under its lock): the process reads it before `confirm`
        // and before `handle`.
        let channel = process.stopChannel
        return interruption.during(stopping: { try? channel?.send(FrameWriter(.stop)) }) {
            run(message, selectors, calls, response, firstDeadline, stageNanoseconds)
        }
    }

    /// Sends a run and reads its outcomes: one per call made, until the
    /// first the engine does not go on from.
    private func run(_ message: FrameWriter, _ selectors: [String], _ calls: [ResolveRun.Call], _ response: ResolveRun.Response?,
                     _ firstDeadline: UInt64, _ stageNanoseconds: UInt64) -> [ResolveRun.Outcome] {
        var outcomes: [ResolveRun.Outcome] = []
        var started = Posix.monotonicNanoseconds()
        var reply = exchange(message, until: firstDeadline, stage: stage(selectors[0]))
        for (position, selector) in selectors.enumerated() {
            var notCalled = false
            let outcome = outcome(of: selector, reply, notCalled: &notCalled)
            outcomes.append(ResolveRun.Outcome(outcome: outcome, started: started, notCalled: notCalled))
            if selector == HandlerSelector.handle, !notCalled, case .frame = reply {
                // The process ended the request after handle, as close does.
                closed = true
            }
            guard position < selectors.count - 1, !notCalled else { break }
            if position < calls.count {
                guard case .goesOn(let stored) = ResolveRun.next(after: outcome) else { break }
                if let stored { storedByRun[calls[position].index] = stored }
            } else {
                guard let response, response.goesOn(afterConfirm: outcome) else { break }
            }
            // The next call began when this one's outcome was sent: its
            // deadline runs from here, no earlier than the process's own.
            started = Posix.monotonicNanoseconds()
            reply = process.awaitReply(until: ExtensionProcessServer.adding(stageNanoseconds, to: started), stage: stage(selectors[position + 1]))
        }
        return outcomes
    }

    /// Names a stage in the errors of a process that died or hung in it.
    private func stage(_ selector: String) -> String {
        "during \(selector) of \(intent.name)"
    }

    /// What a reply to a call of `selector` says.
    private func outcome(of selector: String, _ reply: ExtensionProcess.Reply) -> CallOutcome {
        var notCalled = false
        return outcome(of: selector, reply, notCalled: &notCalled)
    }

    /// What a reply to a call of `selector` says; `notCalled` is set when
    /// the process did not make the call because the run was stopped
    /// (version 9; the outcome is then a failure no one reports).
    private func outcome(of selector: String, _ reply: ExtensionProcess.Reply, notCalled: inout Bool) -> CallOutcome {
        switch reply {
        case .deadlinePassed:
            return .timedOut
        case .ended(let error):
            return .failed(error)
        case .frame(var frame):
            do throws(ExtensionProtocolError) {
                switch frame.type {
                case .outcome:
                    let outcome: CallOutcome
                    switch try frame.byte() {
                    case 0: outcome = .notImplemented
                    case 1: outcome = .completed(try frame.payload())
                    case 2:
                        // The method returned without completing: the plugin may
                        // still hold the completion, so the process goes too.
                        process.kill()
                        return .timedOut
                    case 4:
                        notCalled = true
                        outcome = .failed(IntentsError(.requestTimedOut, "\(selector) was not called: the conversation was stopped before it"))
                    default:
                        outcome = .failed(try frame.error())
                    }
                    var duplicates: [(selector: String, extraCalls: Int)] = []
                    for _ in 0..<(try frame.uint32()) {
                        duplicates.append((try frame.string(), Int(try frame.uint32())))
                    }
                    self.duplicates = duplicates
                    return outcome
                case .failed:
                    return .failed(try frame.error())
                default:
                    throw ExtensionProtocolError("\(selector) was answered with \(frame.type)")
                }
            } catch {
                // A process out of step with the protocol is ended at once,
                // as `IsolatedExtension` ends one that broke it.
                process.kill()
                return .failed(IntentsError(.extensionBringUpFailed, "\(process.label): \(error)"))
            }
        }
    }

    /// The duplicates the last stage's `outcome` carried (version 3): no
    /// round trip of its own.
    func duplicateCompletions() -> [(selector: String, extraCalls: Int)] {
        duplicates
    }
}
