/// An enum of `INEnums`.
public struct EnumType: Codable, Equatable, Sendable {
    /// `INEnumName`: the generated enum's name.
    public var name: String
    /// `INEnumDisplayName`.
    public var displayName: String?
    /// The cases in file order. Raw value 0 is `unknown`, which Xcode adds.
    public var cases: [EnumCase]
    /// The display name Xcode gives the `unknown` case (e.g. `"Default"`), if any.
    public var unknownDisplayName: String?

    /// Creates an enum.
    public init(name: String, displayName: String? = nil, cases: [EnumCase] = [], unknownDisplayName: String? = nil) {
        self.name = name
        self.displayName = displayName
        self.cases = cases
        self.unknownDisplayName = unknownDisplayName
    }
}
