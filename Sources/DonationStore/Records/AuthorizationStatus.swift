/// What the person decided about Siri for an app (`INSiriAuthorizationStatus`).
public typealias SiriAuthorization = AuthorizationStatus

/// What the person decided about a permission for an app, as the system
/// keeps it per app: Siri (`INSiriAuthorizationStatus`) and the Focus
/// (`INFocusStatusAuthorizationStatus`), whose cases and raw values are
/// the same.
public enum AuthorizationStatus: Int, CaseIterable, Sendable {
    /// Nobody decided yet: the app has not asked and the person has not
    /// said (`exthost siri reset`, `exthost focus reset`).
    case notDetermined = 0
    /// Not the person's to decide (a device policy).
    case restricted = 1
    /// The person said no (`exthost siri deny`, `exthost focus deny`).
    case denied = 2
    /// The person said yes, or the app asked (`exthost siri authorize`,
    /// `INPreferences.requestSiriAuthorization`; `exthost focus authorize`,
    /// `INFocusStatusCenter.requestAuthorization`).
    case authorized = 3

    /// The status's name, as Apple's Swift enum spells it.
    public var name: String {
        switch self {
        case .notDetermined: "notDetermined"
        case .restricted: "restricted"
        case .denied: "denied"
        case .authorized: "authorized"
        }
    }

    /// Whether Siri may hand the app's extension or the app a system
    /// intent: not when the person denied it or a policy restricts it.
    /// An undecided app is served: a request given at the command line is
    /// the person's own act (there is no prompt to show on Linux).
    public var allowsSystemIntents: Bool { self == .notDetermined || self == .authorized }
}
