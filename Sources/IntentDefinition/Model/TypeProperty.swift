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

    public init(from decoder: any Decoder) throws {
        let fields = try PropertyCoding.decode(from: decoder, flag: .nonnull)
        self.init(name: fields.name, displayName: fields.displayName, type: fields.type, supportsMultipleValues: fields.supportsMultipleValues,
                  isNonnull: fields.flag, displayNameID: fields.displayNameID)
    }

    /// Encodes the JSON form; `nonnull` only when true, so other properties' form is unchanged.
    public func encode(to encoder: any Encoder) throws {
        let fields = PropertyCoding.Fields(name: name, displayName: displayName, displayNameID: displayNameID, type: type,
                                           supportsMultipleValues: supportsMultipleValues, flag: isNonnull)
        try PropertyCoding.encode(fields, flag: .nonnull, to: encoder)
    }
}
