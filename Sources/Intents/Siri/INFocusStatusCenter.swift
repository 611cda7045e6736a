import ExthostABI
import Foundation

/// Whether the app may read the person's Focus
/// (`INFocusStatusAuthorizationStatus`, Apple's cases and raw values).
public enum INFocusStatusAuthorizationStatus: Int, Sendable {
    /// The person has not decided yet.
    case notDetermined = 0
    /// A policy decides, not the person.
    case restricted = 1
    /// The person said no: the app reads no Focus and is not told of one.
    case denied = 2
    /// The person said yes.
    case authorized = 3
}

/// The person's Focus, and the app's leave to read it, as the system keeps
/// them (`exthost focus` shows and changes both, as Settings and Control
/// Centre do on iOS).
///
/// The Focus is the system's: `exthost focus on` and `exthost focus off`
/// set it, and tell every app that may read it with an
/// `INShareFocusStatusIntent` (README, "Focus"). Each read asks the system,
/// so a process that lives long (an app, an extension the service keeps
/// warm) reads the Focus as it is now.
open class INFocusStatusCenter: @unchecked Sendable {
    /// The systemwide center.
    open class var `default`: INFocusStatusCenter { shared }

    private static let shared = INFocusStatusCenter()

    public init() {}

    /// The app's leave to read the Focus; `notDetermined` when the system
    /// cannot be reached (outside exthost), which the host's log says.
    open var authorizationStatus: INFocusStatusAuthorizationStatus {
        ask(request: false).status
    }

    /// The person's Focus: `isFocused` is `nil` unless the app is
    /// authorized and the system has a status, as iOS gives an app that
    /// may not read it.
    open var focusStatus: INFocusStatus {
        INFocusStatus(isFocused: ask(request: false).isFocused)
    }

    /// Asks for leave to read the Focus. On iOS this shows the person a
    /// prompt once; Linux has none to show, so an app whose status is not
    /// determined becomes `authorized` (the person can deny it with
    /// `exthost focus deny`), and an app the person decided about keeps
    /// that decision, as on iOS, where later calls do not prompt again.
    ///
    /// - Parameter completionHandler: Called with the status, on the
    ///   caller's thread before this returns.
    open func requestAuthorization(completionHandler: (@Sendable (INFocusStatusAuthorizationStatus) -> Void)? = nil) {
        let status = ask(request: true).status
        completionHandler?(status)
    }

    /// Asks for leave to read the Focus, as
    /// ``requestAuthorization(completionHandler:)``.
    open func requestAuthorization() async -> INFocusStatusAuthorizationStatus {
        ask(request: true).status
    }

    /// The system's answer (`EXTHOST_DONATION_FOCUS_STATUS`).
    private func ask(request: Bool) -> (status: INFocusStatusAuthorizationStatus, isFocused: Bool?) {
        let (code, answer) = ExtensionHost.ask(.focusStatus, ["request": request])
        guard code == 0, let object = (try? JSONSerialization.jsonObject(with: Data(answer.utf8))) as? [String: Any],
              let raw = object["authorizationStatus"] as? Int, let status = INFocusStatusAuthorizationStatus(rawValue: raw) else {
            ExtensionHost.log("INFocusStatusCenter: the system's Focus could not be read (\(code)): \(answer)", level: .error)
            return (.notDetermined, nil)
        }
        return (status, status == .authorized ? object["isFocused"] as? Bool : nil)
    }
}
