/// One entry of `INIntentParameterCombinations`: the summary shown for a set
/// of parameters.
public struct ParameterCombination: Codable, Equatable, Sendable {
    /// The parameter names, as in the key (`"soup,options"`).
    public var parameters: [String]
    /// `INIntentParameterCombinationTitle`, with `${parameter}` placeholders.
    public var title: String?
    /// `INIntentParameterCombinationSubtitle`, with `${parameter}` placeholders.
    public var subtitle: String?
    /// `INIntentParameterCombinationTitleID`: the key of ``title`` in the `.strings` tables.
    public var titleID: String?
    /// `INIntentParameterCombinationSubtitleID`.
    public var subtitleID: String?
    /// `INIntentParameterCombinationIsPrimary`: the summary Shortcuts shows first.
    public var isPrimary: Bool
    /// `INIntentParameterCombinationSupportsBackgroundExecution`.
    public var supportsBackgroundExecution: Bool
    /// True when it came from `INIntentManagedParameterCombinations`.
    public var managed: Bool
    /// `INIntentParameterCombinationUpdatesLinked` (managed combinations).
    public var updatesLinked: Bool

    /// Creates a combination of `parameters`.
    public init(
        parameters: [String],
        title: String? = nil,
        subtitle: String? = nil,
        isPrimary: Bool = false,
        supportsBackgroundExecution: Bool = false,
        managed: Bool = false,
        updatesLinked: Bool = false,
        titleID: String? = nil,
        subtitleID: String? = nil
    ) {
        self.titleID = titleID
        self.subtitleID = subtitleID
        self.parameters = parameters
        self.title = title
        self.subtitle = subtitle
        self.isPrimary = isPrimary
        self.supportsBackgroundExecution = supportsBackgroundExecution
        self.managed = managed
        self.updatesLinked = updatesLinked
    }
}
