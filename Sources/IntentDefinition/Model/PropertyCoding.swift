/// The JSON form a custom type's property (``TypeProperty``) and a response
/// property (``ResponseParameter``) share: five keys, and one flag of each
/// kind's own (`nonnull`, `jsonObject`) written only when true, so that a
/// property without it keeps the form it had before the flag.
enum PropertyCoding: String, CodingKey {
    case name, displayName, displayNameID, type, supportsMultipleValues
    case nonnull, jsonObject

    /// What the shared keys hold, and the flag.
    struct Fields {
        var name: String
        var displayName: String?
        var displayNameID: String?
        var type: ParameterType
        var supportsMultipleValues: Bool
        var flag: Bool
    }

    static func decode(from decoder: any Decoder, flag: PropertyCoding) throws -> Fields {
        let container = try decoder.container(keyedBy: PropertyCoding.self)
        return Fields(
            name: try container.decode(String.self, forKey: .name),
            displayName: try container.decodeIfPresent(String.self, forKey: .displayName),
            displayNameID: try container.decodeIfPresent(String.self, forKey: .displayNameID),
            type: try container.decode(ParameterType.self, forKey: .type),
            supportsMultipleValues: try container.decodeIfPresent(Bool.self, forKey: .supportsMultipleValues) ?? false,
            flag: try container.decodeIfPresent(Bool.self, forKey: flag) ?? false)
    }

    static func encode(_ fields: Fields, flag: PropertyCoding, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PropertyCoding.self)
        try container.encode(fields.name, forKey: .name)
        try container.encodeIfPresent(fields.displayName, forKey: .displayName)
        try container.encodeIfPresent(fields.displayNameID, forKey: .displayNameID)
        try container.encode(fields.type, forKey: .type)
        try container.encode(fields.supportsMultipleValues, forKey: .supportsMultipleValues)
        if fields.flag { try container.encode(true, forKey: flag) }
    }
}
