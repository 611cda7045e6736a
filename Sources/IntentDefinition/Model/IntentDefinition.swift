import ExthostABI

/// An intent definition: the model of one Xcode `.intentdefinition` file.
///
/// This is the only description of an intent in exthost. The parser builds it
/// from Xcode's property list, the JSON form is its `Codable` encoding, code
/// generation renders it, and the host reads it (embedded in each plugin) to
/// learn every intent's parameters and the C signature of every method.
public struct IntentDefinition: Codable, Equatable, Sendable {
    /// `INIntentDefinitionModelVersion`, e.g. `"1.2"`.
    public var modelVersion: String?
    /// `INIntentDefinitionNamespace`, when Xcode wrote one.
    public var namespace: String?
    /// The class prefix generated types take (Xcode's "Intent Class Prefix").
    public var classPrefix: String?
    /// The intents, in file order.
    public var intents: [Intent]
    /// The enums (`INEnums`).
    public var enums: [EnumType]
    /// The custom types (`INTypes`).
    public var types: [CustomType]
    /// The translations of the definition's texts, by language (`"ja"`,
    /// `"pt-BR"`), each keyed by the definition's string IDs as Xcode's
    /// `<lang>.lproj/<Name>.strings` are; nil when the definition has none.
    /// The texts in the model itself are the base (`Base.lproj`) ones.
    public var localizations: [String: [String: String]]?
    /// Keys of the `.intentdefinition` the model does not describe (string
    /// IDs, tags, tools versions, keys of a newer Xcode), by the path of
    /// their element, written back by ``IntentDefinitionFile/encodePropertyList(_:)``
    /// so a round trip keeps them. In the JSON form as
    /// `keptPropertyListKeys` (omitted when empty: path → value, each value
    /// in ``PropertyListValue``'s form), so `exthost convert` to JSON and
    /// back keeps them too; not compared by `==`: they change nothing
    /// exthost does.
    public var keptPropertyListKeys: [String: PropertyListValue] = [:]

    private enum CodingKeys: String, CodingKey {
        case modelVersion, namespace, classPrefix, intents, enums, types, localizations, keptPropertyListKeys
    }

    /// The JSON form: absent optionals and empty kept keys are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(modelVersion, forKey: .modelVersion)
        try container.encodeIfPresent(namespace, forKey: .namespace)
        try container.encodeIfPresent(classPrefix, forKey: .classPrefix)
        try container.encode(intents, forKey: .intents)
        try container.encode(enums, forKey: .enums)
        try container.encode(types, forKey: .types)
        try container.encodeIfPresent(localizations, forKey: .localizations)
        if !keptPropertyListKeys.isEmpty { try container.encode(keptPropertyListKeys, forKey: .keptPropertyListKeys) }
    }

    public static func == (lhs: IntentDefinition, rhs: IntentDefinition) -> Bool {
        lhs.modelVersion == rhs.modelVersion && lhs.namespace == rhs.namespace && lhs.classPrefix == rhs.classPrefix
            && lhs.intents == rhs.intents && lhs.enums == rhs.enums && lhs.types == rhs.types && lhs.localizations == rhs.localizations
    }

    /// Creates a definition; every part defaults to empty.
    public init(
        modelVersion: String? = nil,
        namespace: String? = nil,
        classPrefix: String? = nil,
        intents: [Intent] = [],
        enums: [EnumType] = [],
        types: [CustomType] = [],
        localizations: [String: [String: String]]? = nil
    ) {
        self.localizations = localizations
        self.modelVersion = modelVersion
        self.namespace = namespace
        self.classPrefix = classPrefix
        self.intents = intents
        self.enums = enums
        self.types = types
    }

    /// The intent named `name`, if any.
    public func intent(named name: String) -> Intent? {
        intents.first { $0.name == name }
    }

    /// The enum named `name`, if any.
    public func enumType(named name: String) -> EnumType? {
        enums.first { $0.name == name }
    }

    /// The custom type named `name`, if any.
    public func customType(named name: String) -> CustomType? {
        types.first { $0.name == name }
    }
}
