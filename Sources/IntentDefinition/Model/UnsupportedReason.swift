/// One of a parameter's `INIntentParameterUnsupportedReasons`, or one of
/// its confirmation reasons (``ConfirmationReason``, the same shape).
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

/// One of a parameter's confirmation reasons: why the handler asks the user
/// to confirm a value (`INAddTasksTargetTaskListConfirmationReason.listShouldBeCreated`),
/// with the question asked (`formatString`, `${parameter}` placeholders) and
/// its string ID. JSON form only (`"confirmationReasons"`): Xcode's files
/// have none; Apple's system intents do. `custom` is unused.
public typealias ConfirmationReason = UnsupportedReason
