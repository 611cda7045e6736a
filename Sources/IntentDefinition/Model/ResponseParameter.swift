/// One response property (`INIntentResponseParameters[i]`).
public struct ResponseParameter: Codable, Equatable, Sendable {
    /// `INIntentResponseParameterName`.
    public var name: String
    /// `INIntentResponseParameterDisplayName`.
    public var displayName: String?
    /// `INIntentResponseParameterDisplayNameID`.
    public var displayNameID: String?
    /// The value's type.
    public var type: ParameterType
    /// `INIntentResponseParameterSupportsMultipleValues`.
    public var supportsMultipleValues: Bool
    /// Whether a String property's text is a JSON object (JSON form
    /// `"jsonObject": true`; Xcode's format has no such key). The SDK
    /// declares the property `[String: Any]?` and the ABI carries the
    /// object's text; what people read (`exthost run --json`, the HTTP API)
    /// shows the object itself. `INPlayMediaIntentResponse.nowPlayingInfo`
    /// is one.
    public var isJSONObject: Bool

    /// Creates a response parameter.
    public init(name: String, displayName: String? = nil, type: ParameterType, supportsMultipleValues: Bool = false,
                displayNameID: String? = nil, isJSONObject: Bool = false) {
        self.displayNameID = displayNameID
        self.name = name
        self.displayName = displayName
        self.type = type
        self.supportsMultipleValues = supportsMultipleValues
        self.isJSONObject = isJSONObject
    }

    private enum CodingKeys: String, CodingKey {
        case name, displayName, displayNameID, type, supportsMultipleValues
        case isJSONObject = "jsonObject"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        displayName = try container.decodeIfPresent(String.self, forKey: .displayName)
        displayNameID = try container.decodeIfPresent(String.self, forKey: .displayNameID)
        type = try container.decode(ParameterType.self, forKey: .type)
        supportsMultipleValues = try container.decodeIfPresent(Bool.self, forKey: .supportsMultipleValues) ?? false
        isJSONObject = try container.decodeIfPresent(Bool.self, forKey: .isJSONObject) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(displayName, forKey: .displayName)
        try container.encodeIfPresent(displayNameID, forKey: .displayNameID)
        try container.encode(type, forKey: .type)
        try container.encode(supportsMultipleValues, forKey: .supportsMultipleValues)
        if isJSONObject { try container.encode(true, forKey: .isJSONObject) }
    }
}
