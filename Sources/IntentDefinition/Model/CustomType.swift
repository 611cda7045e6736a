/// A custom type of `INTypes`: a subclass of `INObject` with its own properties.
public struct CustomType: Codable, Equatable, Sendable {
    /// `INTypeName`: the generated class's name.
    public var name: String
    /// `INTypeDisplayName`.
    public var displayName: String?
    /// `INTypeDisplayNameID`.
    public var displayNameID: String?
    /// `INTypeProperties` beyond the ones every object has, by display priority.
    public var properties: [TypeProperty]

    /// Creates a custom type.
    public init(name: String, displayName: String? = nil, properties: [TypeProperty] = [], displayNameID: String? = nil) {
        self.displayNameID = displayNameID
        self.name = name
        self.displayName = displayName
        self.properties = properties
    }
}
