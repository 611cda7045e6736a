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

    /// Creates a definition; every part defaults to empty.
    public init(
        modelVersion: String? = nil,
        namespace: String? = nil,
        classPrefix: String? = nil,
        intents: [Intent] = [],
        enums: [EnumType] = [],
        types: [CustomType] = []
    ) {
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

/// One intent (`INIntents[i]`).
public struct Intent: Codable, Equatable, Sendable {
    /// `INIntentName`: the base of every generated name (`<Name>Intent`).
    public var name: String
    /// `INIntentTitle`, shown to the user.
    public var title: String?
    /// `INIntentDescription`.
    public var description: String?
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
        eligibleForWidgets: Bool = false
    ) {
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
    }

    /// The parameter named `name`, if any.
    public func parameter(named name: String) -> Parameter? {
        parameters.first { $0.name == name }
    }
}

/// One intent parameter (`INIntentParameters[i]`).
public struct Parameter: Codable, Equatable, Sendable {
    /// `INIntentParameterName`, e.g. `"soup"`.
    public var name: String
    /// `INIntentParameterDisplayName`, e.g. `"Soup"`.
    public var displayName: String?
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
        unsupportedReasons: [UnsupportedReason] = []
    ) {
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
    }

    /// The prompt of a kind, if the definition has one with text.
    public func prompt(_ kind: Prompt.Kind) -> String? {
        prompts.first { $0.kind == kind && !($0.formatString ?? "").isEmpty }?.formatString
    }
}

/// The type of a parameter or property.
public enum ParameterType: Equatable, Hashable, Sendable {
    /// Text (Xcode's `String`).
    case string
    /// A whole number (`Integer`).
    case integer
    /// A number with a fraction (`Decimal`).
    case decimal
    /// True or false (`Boolean`).
    case boolean
    /// A date and/or time (`DateComponents`).
    case dateComponents
    /// A length of time (Xcode's "Duration", stored as `TimeInterval`).
    case duration
    /// A URL (`URL`).
    case url
    /// A location (`Placemark`).
    case placemark
    /// An amount with a currency (`CurrencyAmount`).
    case currencyAmount
    /// A person (`Person`).
    case person
    /// A file (`File`).
    case file
    /// A plain `INObject` (Xcode's "Object" without a custom type).
    case object
    /// An enum of `INEnums`, by name.
    case enumeration(String)
    /// A custom type of `INTypes`, by name.
    case custom(String)

    /// How a value of this type crosses the plugin ABI (see `exthost.h`).
    public var valueKind: ValueKind {
        switch self {
        case .string, .url, .dateComponents: .string
        case .integer: .integer
        case .decimal, .duration: .decimal
        case .boolean: .boolean
        case .enumeration: .enumeration
        case .placemark, .currencyAmount, .person, .file, .object, .custom: .object
        }
    }

    /// The name used in the JSON form: `"String"`, `"Integer"`, …,
    /// `"enum:Name"`, `"type:Name"`.
    public var jsonName: String {
        switch self {
        case .string: "String"
        case .integer: "Integer"
        case .decimal: "Decimal"
        case .boolean: "Boolean"
        case .dateComponents: "DateComponents"
        case .duration: "Duration"
        case .url: "URL"
        case .placemark: "Placemark"
        case .currencyAmount: "CurrencyAmount"
        case .person: "Person"
        case .file: "File"
        case .object: "Object"
        case .enumeration(let name): "enum:\(name)"
        case .custom(let name): "type:\(name)"
        }
    }

    /// The type named `name` in the JSON form, or nil when there is none.
    public init?(jsonName name: String) {
        if name.hasPrefix("enum:") {
            self = .enumeration(String(name.dropFirst(5)))
            return
        }
        if name.hasPrefix("type:") {
            self = .custom(String(name.dropFirst(5)))
            return
        }
        let all: [ParameterType] = [
            .string, .integer, .decimal, .boolean, .dateComponents, .duration, .url,
            .placemark, .currencyAmount, .person, .file, .object,
        ]
        guard let match = all.first(where: { $0.jsonName == name }) else { return nil }
        self = match
    }
}

extension ParameterType: Codable {
    /// Decodes a type name of the JSON form (`"String"`, `"enum:Name"`, …).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let type = ParameterType(jsonName: name) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "unknown parameter type '\(name)'; expected String, Integer, Decimal, Boolean, DateComponents, Duration, URL, Placemark, CurrencyAmount, Person, File, Object, enum:<Name> or type:<Name>"
            )
        }
        self = type
    }

    /// Encodes the type name of the JSON form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(jsonName)
    }
}

/// `INIntentParameterMetadata`.
public struct ParameterMetadata: Codable, Equatable, Sendable {
    /// Smallest accepted value (Integer, Decimal, Duration).
    public var minimum: Double?
    /// Largest accepted value (Integer, Decimal, Duration).
    public var maximum: Double?
    /// The default value, as text.
    public var defaultValue: String?
    /// `INIntentParameterMetadataCapitalization`, e.g. `"Sentences"`.
    public var capitalization: String?
    /// Any other metadata key, kept as text so a round trip loses nothing.
    public var other: [String: String]

    /// Creates metadata; every entry defaults to absent.
    public init(
        minimum: Double? = nil,
        maximum: Double? = nil,
        defaultValue: String? = nil,
        capitalization: String? = nil,
        other: [String: String] = [:]
    ) {
        self.minimum = minimum
        self.maximum = maximum
        self.defaultValue = defaultValue
        self.capitalization = capitalization
        self.other = other
    }
}

/// One of a parameter's `INIntentParameterPromptDialogs`.
public struct Prompt: Codable, Equatable, Sendable {
    /// `INIntentParameterPromptDialogType`.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Asks for a value.
        case primary = "Primary"
        /// Names the parameter in Shortcuts' and widgets' configuration.
        case configuration = "Configuration"
        /// Introduces a disambiguation (may use `${count}`).
        case disambiguationIntroduction = "DisambiguationIntroduction"
        /// Asks which of the offered items.
        case disambiguationSelection = "DisambiguationSelection"
        /// Asks to confirm a value.
        case confirmation = "Confirmation"
        /// Asks to pick from the options.
        case valueSelection = "ValueSelection"
    }

    /// The dialog this prompt is for.
    public var kind: Kind
    /// The text, with `${parameter}` placeholders.
    public var formatString: String?
    /// `INIntentParameterPromptDialogCustom`.
    public var custom: Bool

    /// Creates a prompt of `kind`.
    public init(kind: Kind, formatString: String? = nil, custom: Bool = false) {
        self.kind = kind
        self.formatString = formatString
        self.custom = custom
    }
}

/// `INIntentParameterRelationship`: the parameter is asked only when the
/// predicate holds on its parent.
public struct Relationship: Codable, Equatable, Sendable {
    /// `INIntentParameterRelationshipPredicateName`.
    public enum Predicate: String, Codable, Sendable, CaseIterable {
        /// Xcode's `HasAnyValue`: the parent has a value.
        case hasAnyValue = "HasAnyValue"
        /// The parent has no value (exthost only; Xcode has no such predicate).
        case hasNoValue = "HasNoValue"
        /// Xcode's `<Type>HasExactValue`: the parent equals one of `values`.
        case isEqualTo = "IsEqualTo"
        /// Xcode's `<Type>ValueIsNotEqual`: the parent equals none of `values`.
        case isNotEqualTo = "IsNotEqualTo"
        /// Xcode's `BooleanHasExactValue` with true.
        case isTrue = "IsTrue"
        /// Xcode's `BooleanHasExactValue` with false.
        case isFalse = "IsFalse"
        /// Xcode's `…ValueIsGreaterThan` (numbers).
        case isGreaterThan = "IsGreaterThan"
        /// Xcode's `…ValueIsGreaterThanOrEqual` (numbers).
        case isGreaterThanOrEqualTo = "IsGreaterThanOrEqualTo"
        /// Xcode's `…ValueIsLessThan` (numbers).
        case isLessThan = "IsLessThan"
        /// Xcode's `…ValueIsLessThanOrEqual` (numbers).
        case isLessThanOrEqualTo = "IsLessThanOrEqualTo"
        /// Xcode's `…ValueIsWithinRange`: `values` holds the lower and upper bound.
        case isWithinRange = "IsWithinRange"
        /// Xcode's `…ValueContains` (text, object identifiers).
        case contains = "Contains"
        /// Xcode's `…ValueDoesNotContain` (text, object identifiers).
        case doesNotContain = "DoesNotContain"
    }

    /// `INIntentParameterRelationshipParentName`.
    public var parent: String
    /// The condition on the parent.
    public var predicate: Predicate
    /// `INIntentParameterRelationshipPredicateValue(s)`, as text (enum case
    /// names for an enum parent).
    public var values: [String]

    /// Creates a relationship on `parent`.
    public init(parent: String, predicate: Predicate, values: [String] = []) {
        self.parent = parent
        self.predicate = predicate
        self.values = values
    }
}

/// One of a parameter's `INIntentParameterUnsupportedReasons`.
public struct UnsupportedReason: Codable, Equatable, Sendable {
    /// `INIntentParameterUnsupportedReasonCode`: the generated enum case.
    public var code: String
    /// The message, with `${parameter}` placeholders.
    public var formatString: String?
    /// `INIntentParameterUnsupportedReasonCustom`.
    public var custom: Bool

    /// Creates an unsupported reason with its generated case name `code`.
    public init(code: String, formatString: String? = nil, custom: Bool = true) {
        self.code = code
        self.formatString = formatString
        self.custom = custom
    }
}

/// One entry of `INIntentParameterCombinations`: the summary shown for a set
/// of parameters.
public struct ParameterCombination: Codable, Equatable, Sendable {
    /// The parameter names, as in the key (`"soup,options"`).
    public var parameters: [String]
    /// `INIntentParameterCombinationTitle`, with `${parameter}` placeholders.
    public var title: String?
    /// `INIntentParameterCombinationSubtitle`, with `${parameter}` placeholders.
    public var subtitle: String?
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
        updatesLinked: Bool = false
    ) {
        self.parameters = parameters
        self.title = title
        self.subtitle = subtitle
        self.isPrimary = isPrimary
        self.supportsBackgroundExecution = supportsBackgroundExecution
        self.managed = managed
        self.updatesLinked = updatesLinked
    }
}

/// `INIntentResponse`.
public struct Response: Codable, Equatable, Sendable {
    /// `INIntentResponseParameters`, in display order.
    public var parameters: [ResponseParameter]
    /// `INIntentResponseCodes`, in file order.
    public var codes: [ResponseCode]
    /// `INIntentResponseOutput`: the response parameter Shortcuts receives as output.
    public var outputParameter: String?

    /// Creates a response.
    public init(parameters: [ResponseParameter] = [], codes: [ResponseCode] = [], outputParameter: String? = nil) {
        self.parameters = parameters
        self.codes = codes
        self.outputParameter = outputParameter
    }

    /// The codes Xcode generates beyond the system ones, in file order: their
    /// raw values are 100, 101, …
    public var customCodes: [ResponseCode] {
        codes.filter { !ResponseCode.systemNames.contains($0.name) }
    }
}

/// One response property (`INIntentResponseParameters[i]`).
public struct ResponseParameter: Codable, Equatable, Sendable {
    /// `INIntentResponseParameterName`.
    public var name: String
    /// `INIntentResponseParameterDisplayName`.
    public var displayName: String?
    /// The value's type.
    public var type: ParameterType
    /// `INIntentResponseParameterSupportsMultipleValues`.
    public var supportsMultipleValues: Bool

    /// Creates a response parameter.
    public init(name: String, displayName: String? = nil, type: ParameterType, supportsMultipleValues: Bool = false) {
        self.name = name
        self.displayName = displayName
        self.type = type
        self.supportsMultipleValues = supportsMultipleValues
    }
}

/// One response template (`INIntentResponseCodes[i]`).
public struct ResponseCode: Codable, Equatable, Sendable {
    /// The system response codes, in raw-value order (0…6).
    public static let systemNames = SystemResponseCode.allCases.map(\.name)

    /// `INIntentResponseCodeName`, e.g. `"failureOutOfStock"`.
    public var name: String
    /// What is said, with `${parameter}` placeholders.
    public var formatString: String?
    /// `INIntentResponseCodeConciseFormatString`.
    public var conciseFormatString: String?
    /// `INIntentResponseCodeSuccess`: false marks an error template.
    public var success: Bool

    /// Creates a response code.
    public init(name: String, formatString: String? = nil, conciseFormatString: String? = nil, success: Bool = false) {
        self.name = name
        self.formatString = formatString
        self.conciseFormatString = conciseFormatString
        self.success = success
    }
}

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

/// One case of an enum.
public struct EnumCase: Codable, Equatable, Sendable {
    /// `INEnumValueName`: the generated case's name.
    public var name: String
    /// `INEnumValueDisplayName`.
    public var displayName: String?
    /// The raw value (`INEnumValueIndex`), never 0.
    public var value: Int

    /// Creates an enum case with raw value `value`.
    public init(name: String, displayName: String? = nil, value: Int) {
        self.name = name
        self.displayName = displayName
        self.value = value
    }
}

/// A custom type of `INTypes`: a subclass of `INObject` with its own properties.
public struct CustomType: Codable, Equatable, Sendable {
    /// `INTypeName`: the generated class's name.
    public var name: String
    /// `INTypeDisplayName`.
    public var displayName: String?
    /// `INTypeProperties` beyond the ones every object has, by display priority.
    public var properties: [TypeProperty]

    /// Creates a custom type.
    public init(name: String, displayName: String? = nil, properties: [TypeProperty] = []) {
        self.name = name
        self.displayName = displayName
        self.properties = properties
    }
}

/// One property of a custom type. `identifier` and `displayString` are not
/// listed: every object has them.
public struct TypeProperty: Codable, Equatable, Sendable {
    /// `INTypePropertyName`.
    public var name: String
    /// `INTypePropertyDisplayName`.
    public var displayName: String?
    /// The property's type.
    public var type: ParameterType
    /// `INTypePropertySupportsMultipleValues`.
    public var supportsMultipleValues: Bool

    /// Creates a custom-type property.
    public init(name: String, displayName: String? = nil, type: ParameterType, supportsMultipleValues: Bool = false) {
        self.name = name
        self.displayName = displayName
        self.type = type
        self.supportsMultipleValues = supportsMultipleValues
    }
}
