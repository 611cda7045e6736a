/// One property of a custom type. `identifier` and `displayString` are not
/// listed: every object has them.
public struct TypeProperty: Codable, Equatable, Sendable {
    /// `INTypePropertyName`.
    public var name: String
    /// `INTypePropertyDisplayName`.
    public var displayName: String?
    /// `INTypePropertyDisplayNameID`.
    public var displayNameID: String?
    /// The property's type.
    public var type: ParameterType
    /// `INTypePropertySupportsMultipleValues`.
    public var supportsMultipleValues: Bool

    /// Creates a custom-type property.
    public init(name: String, displayName: String? = nil, type: ParameterType, supportsMultipleValues: Bool = false, displayNameID: String? = nil) {
        self.displayNameID = displayNameID
        self.name = name
        self.displayName = displayName
        self.type = type
        self.supportsMultipleValues = supportsMultipleValues
    }
}
