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
    /// The property always has a value (JSON `"nonnull": true`), as Apple's
    /// `nonnull` properties of the system's classes (`INTask.title`,
    /// `INTaskList.tasks`): Swift sees it non-optional, a list empty and an
    /// object blank when none was given. Only lists and objects of custom
    /// types can be; Xcode's definitions have no such property.
    public var isNonnull: Bool

    /// Creates a custom-type property.
    public init(name: String, displayName: String? = nil, type: ParameterType, supportsMultipleValues: Bool = false, isNonnull: Bool = false,
                displayNameID: String? = nil) {
        self.displayNameID = displayNameID
        self.name = name
        self.displayName = displayName
        self.type = type
        self.supportsMultipleValues = supportsMultipleValues
        self.isNonnull = isNonnull
    }

    private enum CodingKeys: String, CodingKey {
        case name, displayName, displayNameID, type, supportsMultipleValues
        case isNonnull = "nonnull"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
        displayNameID = try container.decodeIfPresent(String.self, forKey: .displayNameID)
        type = try container.decode(ParameterType.self, forKey: .type)
        supportsMultipleValues = try container.decodeIfPresent(Bool.self, forKey: .supportsMultipleValues) ?? false
        isNonnull = try container.decodeIfPresent(Bool.self, forKey: .isNonnull) ?? false
    }

    /// Encodes the JSON form; `nonnull` only when true, so other properties' form is unchanged.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(displayName, forKey: .displayName)
        try container.encodeIfPresent(displayNameID, forKey: .displayNameID)
        try container.encode(type, forKey: .type)
        try container.encode(supportsMultipleValues, forKey: .supportsMultipleValues)
        if isNonnull { try container.encode(true, forKey: .isNonnull) }
    }
}
