/// The system response codes, numbered as the Intents framework numbers
/// them: `exthost_response_code`.
///
/// A definition's own codes follow from ``customBase``: the first custom
/// code is 100, the next 101, in the definition's order.
public enum SystemResponseCode: Int32, CaseIterable, Sendable {
    /// `EXTHOST_RESPONSE_UNSPECIFIED`.
    case unspecified = 0
    /// `EXTHOST_RESPONSE_READY`.
    case ready = 1
    /// `EXTHOST_RESPONSE_CONTINUE_IN_APP`.
    case continueInApp = 2
    /// `EXTHOST_RESPONSE_IN_PROGRESS`.
    case inProgress = 3
    /// `EXTHOST_RESPONSE_SUCCESS`.
    case success = 4
    /// `EXTHOST_RESPONSE_FAILURE`.
    case failure = 5
    /// `EXTHOST_RESPONSE_FAILURE_REQUIRING_APP_LAUNCH`.
    case failureRequiringAppLaunch = 6

    /// `EXTHOST_RESPONSE_CUSTOM_BASE`: the number of a definition's first custom code.
    public static let customBase: Int32 = 100

    /// The number of the custom code at `index` among a definition's codes.
    public static func custom(at index: Int) -> Int32 { customBase + Int32(index) }

    /// The code's name, as a definition's `INIntentResponseCodeName` writes it: `"continueInApp"`.
    /// Spelled out rather than `"\(self)"`, which reflects on the enum at
    /// every call: a conversation asks for it several times.
    public var name: String {
        switch self {
        case .unspecified: "unspecified"
        case .ready: "ready"
        case .continueInApp: "continueInApp"
        case .inProgress: "inProgress"
        case .success: "success"
        case .failure: "failure"
        case .failureRequiringAppLaunch: "failureRequiringAppLaunch"
        }
    }

    /// The index among a definition's codes of a custom code number, or nil
    /// for a system code.
    public static func customIndex(of code: Int32) -> Int? {
        code >= customBase ? Int(code - customBase) : nil
    }
}
