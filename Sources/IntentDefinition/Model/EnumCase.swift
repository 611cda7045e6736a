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
    /// The display name in the definition's own (base) texts, when
    /// ``displayName`` is a translation (set by
    /// ``IntentDefinition/localized(with:)``), so a value named in the base
    /// language is still understood. Part of neither form nor of `==`.
    public var baseDisplayName: String?

    /// Creates an enum case with raw value `value`.
    public init(name: String, displayName: String? = nil, value: Int, displayNameID: String? = nil) {
        self.displayNameID = displayNameID
        self.name = name
        self.displayName = displayName
        self.value = value
    }

    private enum CodingKeys: String, CodingKey {
        case name, displayName, displayNameID, value
    }

    public static func == (lhs: EnumCase, rhs: EnumCase) -> Bool {
        lhs.name == rhs.name && lhs.displayName == rhs.displayName && lhs.displayNameID == rhs.displayNameID && lhs.value == rhs.value
    }
}
