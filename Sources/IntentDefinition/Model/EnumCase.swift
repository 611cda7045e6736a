/// One case of an enum.
public struct EnumCase: Codable, Equatable, Sendable {
    /// `INEnumValueName`: the generated case's name.
    public var name: String
    /// `INEnumValueDisplayName`.
    public var displayName: String?
    /// `INEnumValueDisplayNameID`: the key of ``displayName`` in the `.strings` tables.
    public var displayNameID: String?
    /// The raw value (`INEnumValueIndex`), never 0.
    public var value: Int

    /// Creates an enum case with raw value `value`.
    public init(name: String, displayName: String? = nil, value: Int, displayNameID: String? = nil) {
        self.displayNameID = displayNameID
        self.name = name
        self.displayName = displayName
        self.value = value
    }
}
