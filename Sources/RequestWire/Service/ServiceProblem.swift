import ExthostABI

/// Why the service could not do what a message asked: the `problem` of an
/// `error` message.
///
/// A problem with an iOS number (``IntentsError``) is reported as
/// `exthost run --json` reports it (`error.code`, `error.name`); the others
/// are the service's own, named by ``Kind``.
public struct ServiceProblem: Error, CustomStringConvertible, Sendable {
    /// What kind of problem, as the protocol names it.
    public enum Kind: String, Sendable {
        /// The line is not a message of the protocol: not JSON, no `type`, a
        /// field missing or of the wrong type, too long.
        case badMessage
        /// The message's `version` is not one the service speaks.
        case unsupportedVersion
        /// The request is wrong (a bad value, an unknown parameter): fix the input.
        case badRequest
        /// The system could not serve the request (no extension, a load
        /// failure, a timeout): `error` carries the iOS number.
        case systemError
        /// No session has that identifier, and none had it recently.
        case unknownSession
        /// The session had that identifier but expired before the answer came.
        case sessionExpired
        /// The session is not waiting for an answer now (it is in a stage).
        case sessionBusy
        /// The session was cancelled.
        case sessionCancelled
        /// The service is shutting down: the conversation ended unfinished.
        case shuttingDown
        /// The device is locked and the extension restricts the intent
        /// while locked: unlock it (an `unlock` message) and ask again.
        case deviceLocked
        /// The service holds as many open sessions as it may
        /// (`--max-sessions`): answer or cancel some, or wait.
        case tooManySessions
    }

    public var kind: Kind
    /// What failed, where, and what to do.
    public var message: String
    /// The iOS error, for ``Kind/systemError``.
    public var error: IntentsError?

    public init(_ kind: Kind, _ message: String, error: IntentsError? = nil) {
        self.kind = kind
        self.message = message
        self.error = error
    }

    public var description: String { message }
}
