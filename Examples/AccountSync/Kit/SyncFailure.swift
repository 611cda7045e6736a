/// Why a sync did not happen, in words the response template says.
public enum SyncFailure: Error, Sendable, CustomStringConvertible {
    /// The service could not be reached.
    case unreachable
    /// The service answered something other than transactions.
    case badAnswer
    /// The shared container could not be written.
    case storage(String)

    public var description: String {
        switch self {
        case .unreachable: "the accounting service cannot be reached"
        case .badAnswer: "the accounting service sent an answer the app does not understand"
        case .storage(let problem): "the app's data cannot be saved (\(problem))"
        }
    }
}
