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

    public init(from decoder: any Decoder) throws {
        let fields = try PropertyCoding.decode(from: decoder, flag: .jsonObject)
        self.init(name: fields.name, displayName: fields.displayName, type: fields.type, supportsMultipleValues: fields.supportsMultipleValues,
                  displayNameID: fields.displayNameID, isJSONObject: fields.flag)
    }

    /// Encodes the JSON form; `jsonObject` only when true, so other properties' form is unchanged.
    public func encode(to encoder: any Encoder) throws {
        let fields = PropertyCoding.Fields(name: name, displayName: displayName, displayNameID: displayNameID, type: type,
                                           supportsMultipleValues: supportsMultipleValues, flag: isJSONObject)
        try PropertyCoding.encode(fields, flag: .jsonObject, to: encoder)
    }
}
