/// One response property (`INIntentResponseParameters[i]`).
public struct ResponseParameter: Codable, Equatable, Sendable {
    /// `INIntentResponseParameterName`.
    public var name: String
    /// `INIntentResponseParameterDisplayName`.
    public var displayName: String?
    /// `INIntentResponseParameterDisplayNameID`.
    public var displayNameID: String?
    /// The value's type.
    public var type: ParameterType
    /// `INIntentResponseParameterSupportsMultipleValues`.
    public var supportsMultipleValues: Bool

    /// Creates a response parameter.
    public init(name: String, displayName: String? = nil, type: ParameterType, supportsMultipleValues: Bool = false, displayNameID: String? = nil) {
        self.displayNameID = displayNameID
        self.name = name
        self.displayName = displayName
        self.type = type
        self.supportsMultipleValues = supportsMultipleValues
    }
}
