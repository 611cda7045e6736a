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

        public init(outcome: CallOutcome, started: UInt64) {
            self.outcome = outcome
            self.started = started
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

    /// Calls the run in order until the first outcome that does not go on
    /// (``ResolveRun/next(after:)``) or the last call, storing each
    /// value resolved on the way as ``setValue(_:parameterAt:)`` would.
    ///
    /// - Parameters:
    ///   - calls: The run, in definition order.
    ///   - firstDeadline: The first call's deadline (monotonic nanoseconds).
    ///   - stageNanoseconds: Each later call's deadline, from when it starts.
    /// - Returns: One outcome per call made, in order: the last is the
    ///   first that does not go on, or the run's last call's.
    func resolveRun(_ calls: [ResolveRun.Call], firstDeadline: UInt64, stageNanoseconds: UInt64) -> [ResolveRun.Outcome]
}
