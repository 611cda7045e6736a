import ExthostABI

/// `resolve<Param>` calls the engine makes one after another while each
/// resolves without a question: handed to a connection together
/// (``ResolveRunConnection/resolveRun(_:firstDeadline:stageNanoseconds:)``),
/// so that a handler in another process is asked once for the lot
/// instead of once a parameter.
///
/// The run is exactly the calls the engine would make one by one: the
/// engine puts a parameter in only when nothing the calls before it give
/// can change whether it is called (``ConversationEngine``), and the
/// handler's side stops after the first outcome that does not go on
/// (``next(after:)``), storing each resolved value as the engine does.
///
/// When the run's resolve calls are the request's last and nothing stops
/// the conversation before `confirm`, the run goes on through `confirm`,
/// and through `handle` after a `confirm` the engine goes on from without
/// asking anything (``Response``): a request that asks nothing is one
/// hand-over to the handler.
public enum ResolveRun {
    /// One call of a run.
    public struct Call: Sendable {
        /// The parameter's index in definition order.
        public var index: Int
        /// `resolve<Param>`.
        public var selector: String
        /// The shape of the parameter's value.
        public var shape: ValueShape

        public init(index: Int, selector: String, shape: ValueShape) {
            self.index = index
            self.selector = selector
            self.shape = shape
        }
    }

    /// What one call of a run gave.
    public struct Outcome {
        public var outcome: CallOutcome
        /// When its stage began (monotonic nanoseconds): what the
        /// transcript times it from.
        public var started: UInt64
        /// Whether the handler's side did not make the call because the
        /// conversation was asked to stop (``RunInterruption``) before
        /// it: the engine then comes to the stage as it would without a
        /// run, and asks `stopBeforeStage` first. Only `confirm` and
        /// `handle` are not called so.
        public var notCalled: Bool

        public init(outcome: CallOutcome, started: UInt64, notCalled: Bool = false) {
            self.outcome = outcome
            self.started = started
            self.notCalled = notCalled
        }
    }

    /// What a run carries after its resolve calls: `confirm`, then
    /// `handle` when the engine would call it straight after `confirm`.
    public struct Response: Sendable {
        /// The shapes of the response's parameters: what the completions
        /// of `confirm` and `handle` carry.
        public var shapes: [ValueShape]
        /// The codes of the intent's response that `confirm` goes on to
        /// `handle` from (those that are `ready` or `success`): any other
        /// answer, a code the intent lacks among them, stops the run.
        public var readyCodes: [Int32]
        /// Whether `handle` follows a `confirm` that goes on: false when
        /// the person must confirm the intent first, or the conversation
        /// stops before `handle`.
        public var handles: Bool

        public init(shapes: [ValueShape], readyCodes: [Int32], handles: Bool) {
            self.shapes = shapes
            self.readyCodes = readyCodes
            self.handles = handles
        }

        /// Whether the engine goes on from `confirm`'s `outcome` to
        /// `handle` without asking anything: the handler lacks `confirm`
        /// (the default is `ready`), or it answered one of ``readyCodes``.
        public func goesOn(afterConfirm outcome: CallOutcome) -> Bool {
            switch outcome {
            case .notImplemented: return true
            case .completed(.response(let code, _, _)): return readyCodes.contains(code)
            case .completed, .timedOut, .failed: return false
            }
        }
    }

    /// What the engine does after a resolve outcome.
    public enum Next {
        /// Goes on to the next parameter without asking anything, storing
        /// the resolved value (nil: keeps the one it has).
        case goesOn(storing: IntentValue?)
        /// Stops there: a question, a refusal, a failure, a timeout.
        case stops
    }

    /// What the engine does after `outcome` (``ConversationEngine``'s
    /// `resolve`): goes on after a method the handler lacks (the default
    /// keeps the value), success with a value (stored) and not required;
    /// stops at anything else.
    public static func next(after outcome: CallOutcome) -> Next {
        switch outcome {
        case .notImplemented:
            return .goesOn(storing: nil)
        case .completed(.resolution(let kind, let value, _, _)):
            switch ResolutionKind(rawValue: kind) {
            case .success: return value.map { .goesOn(storing: $0) } ?? .stops
            case .notRequired: return .goesOn(storing: nil)
            default: return .stops
            }
        case .completed, .timedOut, .failed:
            return .stops
        }
    }
}

/// A connection that takes a run of resolve calls at once: one to a
/// handler in another process, where each call alone is a round trip.
public protocol ResolveRunConnection: HandlerConnection {
    /// Whether the engine hands it runs; false calls one resolve a frame.
    var takesRuns: Bool { get }
    /// Whether its runs may go on through `confirm` and `handle`
    /// (``ResolveRun/Response``).
    var takesResponses: Bool { get }

    /// Calls the run in order until the first outcome that does not go on
    /// (``ResolveRun/next(after:)``) or the last call, storing each
    /// value resolved on the way as ``setValue(_:parameterAt:)`` would;
    /// then, when every resolve call went on, `confirm` and `handle` as
    /// `response` says.
    ///
    /// - Parameters:
    ///   - calls: The run's resolve calls, in definition order; none for
    ///     a run that starts at `confirm`.
    ///   - response: What follows the resolve calls; nil for nothing.
    ///   - firstDeadline: The first call's deadline (monotonic nanoseconds).
    ///   - stageNanoseconds: Each later call's deadline, from when it starts.
    ///   - interruption: Asked while the run is in the handler's hands,
    ///     it keeps the handler from calling `confirm` or `handle` after
    ///     it was asked (their outcomes then say ``ResolveRun/Outcome/notCalled``).
    /// - Returns: One outcome per call made, in order (the resolve calls',
    ///   then `confirm`'s and `handle`'s): the last is the first that does
    ///   not go on, or the run's last call's.
    func resolveRun(_ calls: [ResolveRun.Call], then response: ResolveRun.Response?, firstDeadline: UInt64, stageNanoseconds: UInt64,
                    interruption: RunInterruption?) -> [ResolveRun.Outcome]
}
