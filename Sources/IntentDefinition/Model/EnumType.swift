/// An enum of `INEnums`.
public struct EnumType: Codable, Equatable, Sendable {
    /// `INEnumName`: the generated enum's name.
    public var name: String
    /// `INEnumDisplayName`.
    public var displayName: String?
    /// `INEnumDisplayNameID`.
    public var displayNameID: String?
    /// The cases in file order. Raw value 0 is `unknown`, which Xcode adds.
    public var cases: [EnumCase]
    /// The display name Xcode gives the `unknown` case (e.g. `"Default"`), if any.
    public var unknownDisplayName: String?
    /// The `unknown` case's `INEnumValueDisplayNameID`.
    public var unknownDisplayNameID: String?

    /// Creates an enum.
    public init(name: String, displayName: String? = nil, cases: [EnumCase] = [], unknownDisplayName: String? = nil,
                displayNameID: String? = nil, unknownDisplayNameID: String? = nil) {
        self.displayNameID = displayNameID
        self.unknownDisplayNameID = unknownDisplayNameID
        self.name = name
        self.displayName = displayName
        self.cases = cases
        self.unknownDisplayName = unknownDisplayName
    }
}
