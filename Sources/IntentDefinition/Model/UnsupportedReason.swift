/// One of a parameter's `INIntentParameterUnsupportedReasons`.
public struct UnsupportedReason: Codable, Equatable, Sendable {
    /// `INIntentParameterUnsupportedReasonCode`: the generated enum case.
    public var code: String
    /// The message, with `${parameter}` placeholders.
    public var formatString: String?
    /// `INIntentParameterUnsupportedReasonFormatStringID`: the key of ``formatString`` in the `.strings` tables.
    public var formatStringID: String?
    /// `INIntentParameterUnsupportedReasonCustom`.
    public var custom: Bool

    /// Creates an unsupported reason with its generated case name `code`.
    public init(code: String, formatString: String? = nil, custom: Bool = true, formatStringID: String? = nil) {
        self.code = code
        self.formatString = formatString
        self.formatStringID = formatStringID
        self.custom = custom
    }
}
