import AppManifests
import ExthostABI
import Foundation

/// Why the system could not hand something to an app. The host survives every
/// one of these; the message says what failed and what to do.
public enum AppHandoffError: Error, CustomStringConvertible {
    /// No app has this identifier, or none declares the activity type (iOS 2005).
    case noAppAvailable(appIdentifier: String?, activityType: String?, searched: [String])
    /// Several apps declare the activity type and none was named.
    case severalAppsDeclare(activityType: String, appIdentifiers: [String])
    /// The app does not list the activity's type in `NSUserActivityTypes`.
    case activityTypeNotDeclared(activityType: String, app: AppManifest)
    /// The app does not list the intent in `INIntentsSupported`, or its
    /// `application(_:handlerFor:)` returned nil (iOS 2003).
    case noInAppHandler(intentName: String, appIdentifier: String, reason: String)
    /// The app's process could not be started, or ended before it listened.
    case appFailedToStart(app: AppManifest, reason: String, output: String)
    /// The app's process ended while the system waited for its answer.
    case appCrashed(app: AppManifest, pid: Int32, reason: String, during: String, output: String)
    /// The app did not answer within the deadline (iOS 3001, request timed out).
    case appDidNotAnswer(app: AppManifest, pid: Int32?, during: String, deadline: Duration, terminated: Bool)
    /// The runtime directory (sockets, logs) cannot be used.
    case runtimeDirectoryUnusable(path: String, reason: String)
    /// The app answered with something that does not fit the request.
    case unexpectedReply(app: AppManifest, request: String, reply: String)
    /// The request itself is incomplete (a programming error in the caller).
    case invalidRequest(String)

    /// The `INIntentErrorCode` this corresponds to on iOS, where there is one.
    public var code: IntentsErrorCode? {
        switch self {
        case .noAppAvailable: return .noAppAvailable
        case .noInAppHandler: return .noHandlerProvidedForIntent
        case .appDidNotAnswer: return .requestTimedOut
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .noAppAvailable(let identifier?, _, let searched):
            return "No app available (2005): no app has the identifier \"\(identifier)\". "
                + "Install its manifest in one of: \(Self.list(searched)), or pass --apps DIR."
        case .noAppAvailable(nil, let activityType?, let searched):
            return "No app available (2005): no app declares the activity type \"\(activityType)\" in NSUserActivityTypes. "
                + "Searched: \(Self.list(searched)). Add the type to the app's manifest or name the app with --app."
        case .noAppAvailable:
            return "No app available (2005): the request names neither an app nor an activity type."
        case .severalAppsDeclare(let activityType, let identifiers):
            return "Several apps declare the activity type \"\(activityType)\": \(identifiers.joined(separator: ", ")). "
                + "Name one with --app (or \"app\" in the activity file)."
        case .activityTypeNotDeclared(let activityType, let app):
            let declared = app.userActivityTypes.isEmpty ? "none" : app.userActivityTypes.joined(separator: ", ")
            return "\(app.identifier) does not declare the activity type \"\(activityType)\" "
                + "(NSUserActivityTypes in \(app.manifestPath ?? "its manifest") lists: \(declared)). "
                + "Add it to the manifest, or send an activity type the app declares."
        case .noInAppHandler(let intentName, let identifier, let reason):
            return "No handler for \(intentName) in \(identifier) (2003): \(reason)."
        case .appFailedToStart(let app, let reason, let output):
            return "\(app.identifier) failed to start: \(reason). "
                + "Check the executable (\(app.executablePath)) and run it by hand to see why."
                + Self.tail(output)
        case .appCrashed(let app, let pid, let reason, let during, let output):
            return "\(app.identifier) (pid \(pid)) \(reason) while \(during). "
                + "The system is still running; the app will be launched again on the next request. "
                + "Fix the crash in the app (its output is in the runtime directory's \(app.identifier).log)."
                + Self.tail(output)
        case .appDidNotAnswer(let app, let pid, let during, let deadline, let terminated):
            let process = pid.map { " (pid \($0))" } ?? ""
            let fate = terminated ? " The system ended the unresponsive process; the next request launches it again."
                : ""
            return "\(app.identifier)\(process) did not answer within \(deadline) while \(during) (3001, request timed out)."
                + fate + " Make the app answer sooner (call completions, keep the main thread free) or allow a longer deadline."
        case .runtimeDirectoryUnusable(let path, let reason):
            return "The runtime directory \(path) cannot be used: \(reason). "
                + "Set EXTHOST_RUNTIME_DIR (or XDG_RUNTIME_DIR) to a folder you can write."
        case .unexpectedReply(let app, let request, let reply):
            return "\(app.identifier) answered \(request) with \(reply); is it built against the same exthost as the system?"
        case .invalidRequest(let message):
            return "Invalid request: \(message)."
        }
    }

    private static func list(_ paths: [String]) -> String {
        paths.isEmpty ? "(no app folders)" : paths.joined(separator: ", ")
    }

    private static func tail(_ output: String) -> String {
        let trimmed = output.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? "" : "\nLast output of the app:\n" + trimmed
    }
}
