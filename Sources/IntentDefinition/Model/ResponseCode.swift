import ExthostABI

/// One response template (`INIntentResponseCodes[i]`).
public struct ResponseCode: Codable, Equatable, Sendable {
    /// The system response codes, in raw-value order (0…6).
    public static let systemNames = SystemResponseCode.allCases.map(\.name)
    /// The name of the code a system domain's handler answers to have its
    /// app handle the intent (`INStartWorkoutIntentResponseCode.handleInApp`,
    /// …): the system launches the app in the background and its handler
    /// handles the intent.
    public static let handleInAppName = "handleInApp"

    /// `INIntentResponseCodeName`, e.g. `"failureOutOfStock"`.
    public var name: String
    /// What is said, with `${parameter}` placeholders.
    public var formatString: String?
    /// `INIntentResponseCodeConciseFormatString`.
    public var conciseFormatString: String?
    /// `INIntentResponseCodeFormatStringID`: the key of ``formatString`` in the `.strings` tables.
    public var formatStringID: String?
    /// `INIntentResponseCodeConciseFormatStringID`.
    public var conciseFormatStringID: String?
    /// `INIntentResponseCodeSuccess`: false marks an error template.
    public var success: Bool
    /// A system intent's raw value for the code when it is not the code's
    /// position in the list (Apple skips a number where a case is not
    /// available on iOS); nil for an app's codes, which Xcode numbers
    /// itself. See ``Response/sdkCodes(system:)``.
    public var value: Int?

    /// Creates a response code.
    public init(
        name: String, formatString: String? = nil, conciseFormatString: String? = nil, success: Bool = false,
        formatStringID: String? = nil, conciseFormatStringID: String? = nil, value: Int? = nil
    ) {
        self.value = value
        self.name = name
        self.formatStringID = formatStringID
        self.conciseFormatStringID = conciseFormatStringID
        self.formatString = formatString
        self.conciseFormatString = conciseFormatString
        self.success = success
    }
}
