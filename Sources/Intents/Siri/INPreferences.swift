import ExthostABI
import Foundation

/// Whether the person lets Siri talk to the app (`INSiriAuthorizationStatus`,
/// Apple's cases and raw values).
public enum INSiriAuthorizationStatus: Int, Sendable {
    /// The person has not decided yet.
    case notDetermined = 0
    /// A policy decides, not the person.
    case restricted = 1
    /// The person said no: the system hands the app no system intent.
    case denied = 2
    /// The person said yes.
    case authorized = 3
}

/// The person's Siri settings for the app, as the system keeps them.
///
/// The system keeps one decision per app (`exthost siri` shows and changes
/// it, as Settings does on iOS). While it is `denied` (or `restricted`),
/// requests for the system intents the app's extension or the app handles
/// are refused before they reach it; an app's own intents (shortcuts) need
/// no authorization, as on iOS.
open class INPreferences {
    /// The app's status, as the system has it; `notDetermined` when the
    /// system cannot be reached (outside exthost), which the host's log
    /// says.
    open class func siriAuthorizationStatus() -> INSiriAuthorizationStatus {
        status(request: false)
    }

    /// Asks for Siri. On iOS this shows the person a prompt once; Linux has
    /// none to show, so an app whose status is not determined becomes
    /// `authorized` (the person can deny it with `exthost siri deny`), and
    /// an app the person decided about keeps that decision, as on iOS,
    /// where later calls do not prompt again.
    ///
    /// - Parameter handler: Called with the status, on the caller's thread
    ///   before this returns.
    open class func requestSiriAuthorization(_ handler: @escaping (INSiriAuthorizationStatus) -> Void) {
        handler(status(request: true))
    }

    /// The language Siri speaks: the process's locale's language (exthost
    /// speaks in the request's language; see the README's localisation).
    open class func siriLanguageCode() -> String {
        Locale.current.identifier.replacingOccurrences(of: "_", with: "-")
    }

    private static func status(request: Bool) -> INSiriAuthorizationStatus {
        let (code, answer) = ExtensionHost.ask(.siriAuthorization, ["request": request])
        guard code == 0, let raw = Int(answer), let status = INSiriAuthorizationStatus(rawValue: raw) else {
            ExtensionHost.log("INPreferences: the system's Siri authorization could not be read (\(code)): \(answer)", level: .error)
            return .notDetermined
        }
        return status
    }
}
