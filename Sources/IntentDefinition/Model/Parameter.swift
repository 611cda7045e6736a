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
        displayNameID: String? = nil
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
        self.resultName = resultName
        self.resultSubclassOnly = resultSubclassOnly
    }

    /// The prompt of a kind, if the definition has one with text.
    public func prompt(_ kind: Prompt.Kind) -> String? {
        prompts.first { $0.kind == kind && !($0.formatString ?? "").isEmpty }?.formatString
    }
}
