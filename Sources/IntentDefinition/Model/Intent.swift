import ExthostABI

/// One intent (`INIntents[i]`).
public struct Intent: Codable, Equatable, Sendable {
    /// `INIntentName`: the base of every generated name (`<Name>Intent`).
    public var name: String
    /// `INIntentTitle`, shown to the user.
    public var title: String?
    /// `INIntentDescription`.
    public var description: String?
    /// `INIntentTitleID`: the key of ``title`` in the `.strings` tables.
    public var titleID: String?
    /// `INIntentDescriptionID`.
    public var descriptionID: String?
    /// `INIntentCategory`, e.g. `"order"`, `"create"`, `"generic"`.
    public var category: String?
    /// `INIntentVerb`, e.g. `"Order"`.
    public var verb: String?
    /// `INIntentType`: `"Custom"` for an app's own intents, else a system intent.
    public var kind: String?
    /// `INIntentDefaultImageName`.
    public var defaultImageName: String?
    /// `INIntentConfigurable` (the intent can be used in Shortcuts and widgets).
    public var configurable: Bool
    /// `INIntentIneligibleForSuggestions`.
    public var ineligibleForSuggestions: Bool
    /// `INIntentDeprecated`.
    public var deprecated: Bool
    /// What Apple's SDK says after "<symbol> is deprecated." on each symbol
    /// of a deprecated system intent ("There is no replacement." for iOS
    /// 15's four); nil keeps the generated message of ``deprecated``.
    /// JSON form only.
    public var deprecationMessage: String?
    /// `INIntentUserConfirmationRequired`: ask the user before handling.
    public var userConfirmationRequired: Bool
    /// `INIntentEligibleForWidgets`: the intent configures a widget.
    public var eligibleForWidgets: Bool
    /// `INIntentRestrictions` as stored by Xcode (a bit set).
    public var restrictions: Int?
    /// `INIntentKeyParameter`.
    public var keyParameter: String?
    /// `INIntentInput`: the parameter that takes Shortcuts' input.
    public var inputParameter: String?
    /// The parameters, ordered by display priority (the order they are resolved in).
    public var parameters: [Parameter]
    /// `INIntentParameterCombinations` and `INIntentManagedParameterCombinations`,
    /// sorted by their key.
    public var parameterCombinations: [ParameterCombination]
    /// `INIntentResponse`.
    public var response: Response
    /// The older Swift names of a system intent's handling methods, which
    /// handlers written against earlier SDKs implement. JSON form only.
    public var formerNames: FormerHandlerNames?

    /// Creates an intent; everything but the name defaults to absent, false or empty.
    public init(
        name: String,
        title: String? = nil,
        description: String? = nil,
        category: String? = nil,
        verb: String? = nil,
        kind: String? = "Custom",
        defaultImageName: String? = nil,
        configurable: Bool = false,
        ineligibleForSuggestions: Bool = false,
        deprecated: Bool = false,
        userConfirmationRequired: Bool = false,
        restrictions: Int? = nil,
        keyParameter: String? = nil,
        inputParameter: String? = nil,
        parameters: [Parameter] = [],
        parameterCombinations: [ParameterCombination] = [],
        response: Response = Response(),
        eligibleForWidgets: Bool = false,
        formerNames: FormerHandlerNames? = nil,
        titleID: String? = nil,
        descriptionID: String? = nil,
        deprecationMessage: String? = nil
    ) {
        self.deprecationMessage = deprecationMessage
        self.titleID = titleID
        self.descriptionID = descriptionID
        self.name = name
        self.title = title
        self.description = description
        self.category = category
        self.verb = verb
        self.kind = kind
        self.defaultImageName = defaultImageName
        self.configurable = configurable
        self.ineligibleForSuggestions = ineligibleForSuggestions
        self.deprecated = deprecated
        self.userConfirmationRequired = userConfirmationRequired
        self.eligibleForWidgets = eligibleForWidgets
        self.restrictions = restrictions
        self.keyParameter = keyParameter
        self.inputParameter = inputParameter
        self.parameters = parameters
        self.parameterCombinations = parameterCombinations
        self.response = response
        self.formerNames = formerNames
    }

    /// A system intent: one exthost defines (``SystemIntents``) instead of an
    /// app, named by Apple's class name (`INSendMessageIntent`).
    public var isSystem: Bool { kind == SystemIntents.kind }

    /// A response code's raw value in the generated enum, as an app's
    /// `switch` sees it: Apple's for a system intent
    /// (`INHangUpCallIntentResponseCode.failureNoCallToHangUp` is 6), Xcode's
    /// for an app's own (its codes from 100), which is also its number across
    /// the ABI; nil for a name the response lacks.
    ///
    /// - Parameter name: The code's name (`success`, `failureNoCallToHangUp`).
    public func responseCodeRawValue(named name: String) -> Int? {
        if isSystem { return response.appleNumberedCodes.first { $0.code.name == name }?.rawValue }
        return response.abiCode(named: name).map(Int.init)
    }

    /// The response codes a handler of this intent may answer, as they
    /// cross the ABI (`exthost_response_code`), in ascending order: every
    /// system code for an app's intent (Xcode's enum has them all, listed
    /// or not), only those Apple's enum has for a system intent
    /// (`INHangUpCallIntentResponseCode` has no `continueInApp`), then the
    /// custom codes from 100.
    public var abiResponseCodes: [(value: Int32, name: String)] {
        let system = SystemResponseCode.allCases.filter { code in !isSystem || response.codes.contains { $0.name == code.name } }
        return system.map { ($0.rawValue, $0.name) }
            + response.customCodes.enumerated().map { (SystemResponseCode.custom(at: $0.offset), $0.element.name) }
    }

    /// The name of the response code a handler answered across the ABI;
    /// nil for a number this intent has no code for.
    public func responseCodeName(abiCode code: Int32) -> String? {
        if let system = SystemResponseCode(rawValue: code) {
            return !isSystem || response.codes.contains(where: { $0.name == system.name }) ? system.name : nil
        }
        guard let index = SystemResponseCode.customIndex(of: code) else { return nil }
        let custom = response.customCodes
        return index < custom.count ? custom[index].name : nil
    }

    /// The intent's class name, as apps and their activity types see it:
    /// `PostStudyRecordIntent` for an app's `PostStudyRecord`; a system
    /// intent's own name (`INStartCallIntent`), which is already Apple's
    /// class name.
    public var className: String { isSystem ? name : name + "Intent" }

    /// The parameter named `name`, if any.
    public func parameter(named name: String) -> Parameter? {
        parameters.first { $0.name == name }
    }
}
