/// One intent parameter (`INIntentParameters[i]`).
public struct Parameter: Codable, Equatable, Sendable {
    /// `INIntentParameterName`, e.g. `"soup"`.
    public var name: String
    /// `INIntentParameterDisplayName`, e.g. `"Soup"`.
    public var displayName: String?
    /// `INIntentParameterDisplayNameID`: the key of ``displayName`` in the `.strings` tables.
    public var displayNameID: String?
    /// `INIntentParameterDisplayPriority`: resolution order, 1 first.
    public var displayPriority: Int
    /// The parameter's type.
    public var type: ParameterType
    /// `INIntentParameterSupportsMultipleValues`.
    public var supportsMultipleValues: Bool
    /// `INIntentParameterSupportsResolution`.
    public var supportsResolution: Bool
    /// `INIntentParameterSupportsDynamicEnumeration`: options come from the handler.
    public var supportsDynamicEnumeration: Bool
    /// `INIntentParameterSupportsSearch`: the options take a search term.
    public var supportsSearch: Bool
    /// `INIntentParameterConfigurable`.
    public var configurable: Bool
    /// `INIntentParameterCustomDisambiguation`.
    public var customDisambiguation: Bool
    /// `INIntentParameterMetadata`.
    public var metadata: ParameterMetadata
    /// `INIntentParameterPromptDialogs`.
    public var prompts: [Prompt]
    /// `INIntentParameterRelationship`: asked only when it holds.
    public var relationship: Relationship?
    /// `INIntentParameterUnsupportedReasons`, in file order; a reason's index
    /// + 1 is its number across the ABI.
    public var unsupportedReasons: [UnsupportedReason]
    /// Why the handler may ask the user to confirm a value, in file order; a
    /// reason's index + 1 is its number across the ABI (exthost.h,
    /// "Methods"). With any, the parameter has its own result class, as with
    /// unsupported reasons.
    public var confirmationReasons: [ConfirmationReason]
    /// The name the parameter takes in its resolution-result and
    /// unsupported-reason classes when it is not the capitalized parameter
    /// name: Apple's system intents name them in the singular
    /// (`recipients` → `INSendMessageRecipientResolutionResult`). JSON form
    /// only; Xcode's files have no such key.
    public var resultName: String?
    /// The parameter's result class (from its unsupported reasons) is
    /// generated, but its resolve method answers the base class, as Apple's
    /// `resolveCallRecordToCallBack(for:with:)` answers an
    /// `INCallRecordResolutionResult` while
    /// `INStartCallCallRecordToCallBackResolutionResult` exists for the
    /// handler to return. JSON form only (`"resultSubclassOnly": true`);
    /// `nil` is false.
    public var resultSubclassOnly: Bool?
    /// The parameter is deprecated: its property is marked
    /// `@available(*, deprecated, …)` in generated code, and a conversation
    /// never asks for it (``ParameterDeprecation``). JSON form only: Xcode
    /// has no such key (Intents' own reader of definition files knows none,
    /// and no public `.intentdefinition` has one); Apple's system intents
    /// have deprecated parameters (`INSearchCallHistoryIntent.callType`).
    public var deprecated: ParameterDeprecation?

    /// Creates a parameter of `type`; everything else defaults to absent, false or empty (resolution on).
    public init(
        name: String,
        displayName: String? = nil,
        displayPriority: Int = 0,
        type: ParameterType,
        supportsMultipleValues: Bool = false,
        supportsResolution: Bool = true,
        supportsDynamicEnumeration: Bool = false,
        supportsSearch: Bool = false,
        configurable: Bool = false,
        customDisambiguation: Bool = false,
        metadata: ParameterMetadata = ParameterMetadata(),
        prompts: [Prompt] = [],
        relationship: Relationship? = nil,
        unsupportedReasons: [UnsupportedReason] = [],
        resultName: String? = nil,
        resultSubclassOnly: Bool? = nil,
        displayNameID: String? = nil,
        deprecated: ParameterDeprecation? = nil,
        confirmationReasons: [ConfirmationReason] = []
    ) {
        self.displayNameID = displayNameID
        self.name = name
        self.displayName = displayName
        self.displayPriority = displayPriority
        self.type = type
        self.supportsMultipleValues = supportsMultipleValues
        self.supportsResolution = supportsResolution
        self.supportsDynamicEnumeration = supportsDynamicEnumeration
        self.supportsSearch = supportsSearch
        self.configurable = configurable
        self.customDisambiguation = customDisambiguation
        self.metadata = metadata
        self.prompts = prompts
        self.relationship = relationship
        self.unsupportedReasons = unsupportedReasons
        self.confirmationReasons = confirmationReasons
        self.resultName = resultName
        self.resultSubclassOnly = resultSubclassOnly
        self.deprecated = deprecated
    }

    /// The prompt of a kind, if the definition has one with text.
    public func prompt(_ kind: Prompt.Kind) -> String? {
        prompts.first { $0.kind == kind && !($0.formatString ?? "").isEmpty }?.formatString
    }
}

/// Why and how a parameter is deprecated: `"deprecated": true`, or
/// `"deprecated": {"renamed": "callTypes", "message": "…"}` in the JSON form.
public struct ParameterDeprecation: Codable, Equatable, Sendable {
    /// The parameter that replaces it, for `renamed:` (Xcode's fix-it).
    public var renamed: String?
    /// What to do instead, for `message:`.
    public var message: String?

    /// Creates a deprecation.
    public init(renamed: String? = nil, message: String? = nil) {
        self.renamed = renamed
        self.message = message
    }

    private enum CodingKeys: String, CodingKey { case renamed, message }

    public init(from decoder: any Decoder) throws {
        if let flag = try? decoder.singleValueContainer().decode(Bool.self), flag {
            self.init()
            return
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(renamed: try c.decodeIfPresent(String.self, forKey: .renamed), message: try c.decodeIfPresent(String.self, forKey: .message))
    }

    /// `true` when it says nothing more, else its members.
    public func encode(to encoder: any Encoder) throws {
        if renamed == nil && message == nil {
            var c = encoder.singleValueContainer()
            try c.encode(true)
            return
        }
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(renamed, forKey: .renamed)
        try c.encodeIfPresent(message, forKey: .message)
    }
}
