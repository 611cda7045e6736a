import ExthostABI
import NIOHTTP1
import RequestWire

/// The one table from a problem to an HTTP status (`docs/http-api.md`,
/// "Errors"). The body is the same whatever the status: the `error` message
/// of the socket protocol without its `type`.
enum HTTPStatusTable {
    /// The status for a problem of the service, by its kind and, for a
    /// system error, its iOS number.
    static func status(of problem: ServiceProblem) -> HTTPResponseStatus {
        switch problem.kind {
        case .badMessage, .unsupportedVersion: .badRequest
        case .badRequest: .unprocessableEntity
        case .systemError: status(of: problem.error?.code)
        case .unknownSession: .notFound
        case .sessionExpired, .sessionCancelled: .gone
        case .sessionBusy: .conflict
        case .deviceLocked: .locked
        case .tooManySessions: .tooManyRequests
        case .shuttingDown: .serviceUnavailable
        }
    }

    /// The status for a system error's iOS number.
    static func status(of code: IntentsErrorCode?) -> HTTPResponseStatus {
        switch code {
        // No extension (or app) for the intent named: the request names
        // something this system does not have.
        case .invalidIntentName, .noAppAvailable: .notFound
        // Two extensions claim it: the request must name one ("extension").
        case .intentSupportedByMultipleExtensions: .conflict
        // The extension is at fault: it crashed, failed to load, has no handler.
        case .extensionBringUpFailed, .noHandlerProvidedForIntent, .restrictedIntentsNotSupportedByExtension: .badGateway
        // It did not answer in time.
        case .extensionLaunchingTimeout, .requestTimedOut: .gatewayTimeout
        // A donation or deletion the store refuses: the request's content.
        case .donatingInteraction, .deletingAllInteractions, .deletingInteractionWithIdentifiers,
             .deletingInteractionWithGroupIdentifier: .unprocessableEntity
        // Another voice shortcut has the phrase; no voice shortcut has the identifier.
        case .phraseConflict: .conflict
        case .notFound: .notFound
        // The donation store cannot be opened (damaged, not writable).
        case .storeUnavailable: .serviceUnavailable
        // The person denied Siri (exthost siri deny) or the Focus (exthost focus deny) for the app.
        case .siriNotAuthorized, .focusNotAuthorized: .forbidden
        default: .internalServerError
        }
    }
}

/// Problems only HTTP has (no route, a body too large, no token): named in
/// the error body's `problem` as the service's own problems are.
enum HTTPOnlyProblem: String {
    /// No such path.
    case notFound
    /// The path exists, not with this method (`Allow` lists those it takes).
    case methodNotAllowed
    /// The body is longer than ``HTTPConfiguration/maximumBodyLength``.
    case bodyTooLarge
    /// The service was given a token and the request did not carry it.
    case unauthorized

    var status: HTTPResponseStatus {
        switch self {
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .bodyTooLarge: .payloadTooLarge
        case .unauthorized: .unauthorized
        }
    }
}
