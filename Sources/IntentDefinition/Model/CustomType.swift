/// A custom type of `INTypes`: a subclass of `INObject` with its own
/// properties, or, for some of the system's, a plain object (``isPlainObject``).
public struct CustomType: Codable, Equatable, Sendable {
    /// `INTypeName`: the generated class's name.
    public var name: String
    /// `INTypeDisplayName`.
    public var displayName: String?
    /// `INTypeDisplayNameID`.
    public var displayNameID: String?
    /// `INTypeProperties` beyond the ones every object has, by display priority.
    public var properties: [TypeProperty]
    /// The class is a plain object (JSON `"plainObject": true`), as Apple's
    /// `INDateComponentsRange`, `INRecurrenceRule`, `INTemporalEventTrigger`,
    /// `INSpatialEventTrigger` and `INMediaDestinationReference` are: a plain
    /// `NSObject` subclass with no identifier and no display string, its
    /// properties alone, where Xcode's custom types are `INObject`s. It
    /// still crosses the plugin ABI as an `exthost_object`, whose display
    /// string the SDK writes itself and ignores on reading; an intent file
    /// gives one by its properties. Only the system's domains have such
    /// types; Xcode's definitions cannot say so.
    public var isPlainObject: Bool
    /// The Swift value type Apple's Swift overlay refines the class into
    /// (JSON `"swiftValueType"`): `INMediaDestination`, an enum, where the
    /// Objective-C class is `INMediaDestinationReference` (this type's
    /// name). The generated intents, responses and resolution results then
    /// hold and take the value type, hand-written in the SDK and conforming
    /// to `_ExthostReferenceConvertible`; the class still crosses the ABI.
    /// Only a plain object has one.
    public var swiftValueType: String?

    /// Creates a custom type.
    public init(name: String, displayName: String? = nil, properties: [TypeProperty] = [], displayNameID: String? = nil,
                isPlainObject: Bool = false, swiftValueType: String? = nil) {
        self.swiftValueType = swiftValueType
        self.displayNameID = displayNameID
        self.name = name
        self.displayName = displayName
        self.properties = properties
        self.isPlainObject = isPlainObject
    }

    private enum CodingKeys: String, CodingKey {
        case name, displayName, displayNameID, properties
        case isPlainObject = "plainObject"
        case swiftValueType
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
        displayNameID = try container.decodeIfPresent(String.self, forKey: .displayNameID)
        properties = try container.decode([TypeProperty].self, forKey: .properties)
        isPlainObject = try container.decodeIfPresent(Bool.self, forKey: .isPlainObject) ?? false
        swiftValueType = try container.decodeIfPresent(String.self, forKey: .swiftValueType)
    }

    /// Encodes the JSON form; `plainObject` only when true, so other types' form is unchanged.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(displayName, forKey: .displayName)
        try container.encodeIfPresent(displayNameID, forKey: .displayNameID)
        try container.encode(properties, forKey: .properties)
        if isPlainObject { try container.encode(true, forKey: .isPlainObject) }
        try container.encodeIfPresent(swiftValueType, forKey: .swiftValueType)
    }
}
