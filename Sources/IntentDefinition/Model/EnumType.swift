import Foundation

/// An enum of `INEnums`, or an option set of the system's.
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
    /// An option set (Apple's `NS_OPTIONS`, JSON `"optionSet": true`): each
    /// case's `value` is one bit, a value is any combination of them, 0 is
    /// none. Xcode's definitions have none; the system's domains do
    /// (`INCallRecordTypeOptions`).
    public var isOptionSet: Bool
    /// The name of the 0 case where it is not `unknown` (JSON
    /// `"unknownName"`): Apple's `INMessageType` calls it `unspecified`.
    /// Xcode's definitions always say `unknown`.
    public var unknownName: String?
    /// Whether raw value 0 is one of the cases, not "no value" (JSON
    /// `"zeroIsValue": true`): Apple's `INConditionalOperator` starts at
    /// `.all = 0`. Such an enum has no `unknown` case, its 0 case
    /// (``zeroCase``) is what a property holds when nothing was given, as on
    /// iOS, and a value of 0 is a value like any other. Xcode's definitions
    /// have none.
    public var zeroIsValue: Bool

    /// The `unknown` case's `INEnumValueDisplayNameID`.
    public var unknownDisplayNameID: String?

    /// Creates an enum.
    public init(
        name: String, displayName: String? = nil, cases: [EnumCase] = [], unknownDisplayName: String? = nil,
        isOptionSet: Bool = false, unknownName: String? = nil,
        displayNameID: String? = nil, unknownDisplayNameID: String? = nil, zeroIsValue: Bool = false
    ) {
        self.zeroIsValue = zeroIsValue
        self.displayNameID = displayNameID
        self.unknownDisplayNameID = unknownDisplayNameID
        self.name = name
        self.displayName = displayName
        self.cases = cases
        self.unknownDisplayName = unknownDisplayName
        self.isOptionSet = isOptionSet
        self.unknownName = unknownName
    }

    private enum CodingKeys: String, CodingKey {
        case name, displayName, displayNameID, cases, unknownDisplayName, unknownDisplayNameID, unknownName, zeroIsValue
        case isOptionSet = "optionSet"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
        displayNameID = try container.decodeIfPresent(String.self, forKey: .displayNameID)
        cases = try container.decodeIfPresent([EnumCase].self, forKey: .cases) ?? []
        unknownDisplayName = try container.decodeIfPresent(String.self, forKey: .unknownDisplayName)
        unknownDisplayNameID = try container.decodeIfPresent(String.self, forKey: .unknownDisplayNameID)
        isOptionSet = try container.decodeIfPresent(Bool.self, forKey: .isOptionSet) ?? false
        unknownName = try container.decodeIfPresent(String.self, forKey: .unknownName)
        zeroIsValue = try container.decodeIfPresent(Bool.self, forKey: .zeroIsValue) ?? false
    }

    /// Encodes the JSON form; `optionSet` and `zeroIsValue` only when true,
    /// so an enum's form is unchanged.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(displayName, forKey: .displayName)
        try container.encodeIfPresent(displayNameID, forKey: .displayNameID)
        try container.encode(cases, forKey: .cases)
        try container.encodeIfPresent(unknownDisplayName, forKey: .unknownDisplayName)
        try container.encodeIfPresent(unknownDisplayNameID, forKey: .unknownDisplayNameID)
        if isOptionSet { try container.encode(true, forKey: .isOptionSet) }
        try container.encodeIfPresent(unknownName, forKey: .unknownName)
        if zeroIsValue { try container.encode(true, forKey: .zeroIsValue) }
    }

    /// The case whose raw value is 0 in an enum where 0 is a value
    /// (``zeroIsValue``); nil in every other enum, whose 0 is `unknown`.
    public var zeroCase: EnumCase? {
        zeroIsValue ? cases.first { $0.value == 0 } : nil
    }

    /// The cases a raw value holds: for an option set each case whose bit is
    /// set, in definition order; for an enum the one case with that value.
    public func cases(in raw: Int) -> [EnumCase] {
        if isOptionSet { return cases.filter { raw & $0.value != 0 } }
        return cases.filter { $0.value == raw }
    }

    /// The case named `name` (its name or display name, any case), if any.
    public func `case`(named name: String) -> EnumCase? {
        cases.first {
            $0.name.caseInsensitiveCompare(name) == .orderedSame
                || $0.displayName?.caseInsensitiveCompare(name) == .orderedSame
        }
    }
}
