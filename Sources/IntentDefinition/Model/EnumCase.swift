/// One case of an enum.
public struct EnumCase: Codable, Equatable, Sendable {
    /// `INEnumValueName`: the generated case's name.
    public var name: String
    /// `INEnumValueDisplayName`.
    public var displayName: String?
    /// The raw value (`INEnumValueIndex`), never 0.
    public var value: Int

    /// Creates an enum case with raw value `value`.
    public init(name: String, displayName: String? = nil, value: Int) {
        self.name = name
        self.displayName = displayName
        self.value = value
    }
}
