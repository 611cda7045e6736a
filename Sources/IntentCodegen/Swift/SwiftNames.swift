import ExthostABI
import IntentDefinition

/// The Swift names and types Xcode's "Intent Classes" generation gives a
/// definition's elements, with the class prefix applied.
struct SwiftNames {
    /// The class prefix (Xcode's "Intent Class Prefix"), possibly empty.
    let prefix: String
    /// The names of the definition's option sets (``EnumType/isOptionSet``),
    /// generated as `OptionSet` structs where an enum is a Swift enum.
    var optionSets: Set<String> = []
    /// The name of the 0 case of enums that do not call it `unknown`
    /// (``EnumType/unknownName``: Apple's `INMessageType.unspecified`; and
    /// ``EnumType/zeroCase``: `INConditionalOperator.all`).
    var zeroCaseNames: [String: String] = [:]
    /// The enums whose 0 is a value (``EnumType/zeroIsValue``): a property
    /// of one always has a value, its 0 case when nothing was given.
    var zeroIsValue: Set<String> = []
    /// The custom types generated as plain `NSObject` subclasses
    /// (``CustomType/isPlainObject``), which cross the ABI through
    /// `_Codecs.plainObject` and resolve with a result typed by the class.
    var plainObjects: Set<String> = []
    /// The Swift value types of the plain objects that have one
    /// (``CustomType/swiftValueType``), by the class's name: values of the
    /// type are held and resolved as the value type, and cross the ABI
    /// through `_Codecs.referenceConvertible`.
    var valueTypes: [String: String] = [:]

    /// Whether a property of `type` can hold no value: an optional, an
    /// enum's `unknown` case, an empty option set. An enum whose 0 is a
    /// value (`INConditionalOperator`) always holds one, as on iOS.
    func hasNoValue(_ type: ParameterType) -> Bool {
        if case .enumeration(let name) = type { return !zeroIsValue.contains(name) }
        return true
    }

    /// Whether `type` is one of the definition's option sets.
    func isOptionSet(_ type: ParameterType) -> Bool {
        if case .enumeration(let name) = type { return optionSets.contains(name) }
        return false
    }

    /// What an enum or option set property holds when it has no value:
    /// `.unknown` (or the enum's own name for its 0 case, which for an enum
    /// whose 0 is a value is that value: `.all`), or the empty set.
    func noValue(_ type: ParameterType) -> String {
        guard case .enumeration(let name) = type else { return ".unknown" }
        if optionSets.contains(name) { return "[]" }
        return "." + SwiftNames.identifier(zeroCaseNames[name] ?? "unknown")
    }

    /// The base of an intent's generated names: its name, or for a system
    /// intent (named by Apple's class name) the name without `Intent`:
    /// `INSendMessageIntent` → `INSendMessage` → `INSendMessageIntentHandling`.
    func base(_ intent: Intent) -> String {
        intent.isSystem && intent.name.hasSuffix("Intent") ? String(intent.name.dropLast("Intent".count)) : intent.name
    }

    func intentClass(_ intent: Intent) -> String { "\(prefix)\(base(intent))Intent" }
    func responseClass(_ intent: Intent) -> String { "\(prefix)\(base(intent))IntentResponse" }
    func responseCode(_ intent: Intent) -> String { "\(prefix)\(base(intent))IntentResponseCode" }
    func handlingProtocol(_ intent: Intent) -> String { "\(prefix)\(base(intent))IntentHandling" }
    func handlerBox(_ intent: Intent) -> String { "_\(prefix)\(base(intent))HandlerBox" }
    func deprecatedFactory(_ intent: Intent) -> String { "_\(prefix)\(base(intent))IntentFactory" }
    /// The protocol and enum through which defaults call deprecated older names.
    func formerNames(_ intent: Intent) -> (calling: String, caller: String) {
        ("_\(prefix)\(base(intent))IntentFormerCalling", "_\(prefix)\(base(intent))IntentFormerNames")
    }
    func enumType(_ name: String) -> String { "\(prefix)\(name)" }
    func customType(_ name: String) -> String { "\(prefix)\(name)" }
    /// What a value of custom type `name` is held as: its Swift value type, or the class.
    func valueType(_ name: String) -> String { "\(prefix)\(valueTypes[name] ?? name)" }
    func parameterResult(_ intent: Intent, _ parameter: Parameter) -> String {
        "\(prefix)\(base(intent))\(parameter.resultName ?? Self.capitalized(parameter.name))ResolutionResult"
    }
    func unsupportedReason(_ intent: Intent, _ parameter: Parameter) -> String {
        "\(prefix)\(base(intent))\(parameter.resultName ?? Self.capitalized(parameter.name))UnsupportedReason"
    }
    func confirmationReason(_ intent: Intent, _ parameter: Parameter) -> String {
        "\(prefix)\(base(intent))\(parameter.resultName ?? Self.capitalized(parameter.name))ConfirmationReason"
    }
    /// The parameter has a result class of its own: it has unsupported or
    /// confirmation reasons.
    static func hasOwnResult(_ parameter: Parameter) -> Bool {
        !parameter.unsupportedReasons.isEmpty || !parameter.confirmationReasons.isEmpty
    }

    /// `rangeStart` → `RangeStart`.
    static func capitalized(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }

    /// `INIntegerResolutionResult` → `integerResolutionResult`.
    static func initializerLabel(_ className: String) -> String {
        var name = Substring(className)
        if name.hasPrefix("IN"), name.dropFirst(2).first?.isUppercase == true { name = name.dropFirst(2) }
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    /// A name usable as a Swift identifier: keywords in backticks.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// A type name made from a file stem: `study-record` → `StudyRecord`.
    static func typeName(fromStem stem: String) -> String {
        let words = stem.split { !$0.isLetter && !$0.isNumber }
        var name = words.map { capitalized(String($0)) }.joined()
        if name.isEmpty || name.first!.isNumber { name = "Intents" + name }
        return name
    }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while",
        "as", "Any", "catch", "false", "is", "nil", "super", "self", "Self", "throw", "throws", "true", "try",
    ]

    // MARK: Types

    /// The element type of a property (intent, response or custom type).
    func propertyElement(_ type: ParameterType) -> String {
        switch type {
        case .string: "String"
        case .integer, .decimal, .boolean, .duration: "NSNumber"
        case .dateComponents: "DateComponents"
        case .url: "URL"
        case .placemark: "CLPlacemark"
        case .currencyAmount: "INCurrencyAmount"
        case .person: "INPerson"
        case .file: "INFile"
        case .object: "INObject"
        case .enumeration(let name): enumType(name)
        case .custom(let name): valueType(name)
        }
    }

    /// The element of the `INObjectCollection` a `provide<Param>OptionsCollection`
    /// method gives, exactly as in Xcode's generated protocol.
    ///
    /// Xcode generates the handling protocol in Objective-C
    /// (`INObjectCollection<NSString *> *`); a lightweight generic argument
    /// is not bridged when Swift imports it, so the Swift requirement reads
    /// `INObjectCollection<NSString>`, `<NSNumber>`, `<NSURL>`,
    /// `<NSDateComponents>`, or the object class. Arrays are bridged, so the
    /// older `provide<Param>Options` form takes `[String]`, `[NSNumber]`,
    /// `[URL]`, `[DateComponents]` (``propertyElement(_:)``), as does
    /// `default<Param>(for:)`. A handler written with another element type
    /// would be a different overload that is never called.
    func optionsElement(_ type: ParameterType) -> String {
        switch type {
        case .string: "NSString"
        case .url: "NSURL"
        case .dateComponents: "NSDateComponents"
        default: propertyElement(type)
        }
    }

    /// `items`, an array of property elements, as an array of options
    /// elements (``optionsElement(_:)``).
    func optionsItems(_ type: ParameterType, _ items: String) -> String {
        let element = optionsElement(type)
        return element == propertyElement(type) ? items : "\(items).map { $0 as \(element) }"
    }

    /// The codec of an options element (``optionsElement(_:)``).
    func optionsCodec(_ type: ParameterType) -> String {
        switch type {
        case .string: "_Codecs.stringObject"
        case .url: "_Codecs.urlObject"
        case .dateComponents: "_Codecs.dateComponentsObject"
        default: propertyCodec(type)
        }
    }

    /// The declared type of a property, and its initial value if any.
    func propertyType(_ type: ParameterType, multiple: Bool) -> (type: String, initial: String?) {
        let element = propertyElement(type)
        if multiple { return ("[\(element)]?", nil) }
        if case .enumeration = type { return (element, noValue(type)) }
        return ("\(element)?", nil)
    }

    /// The SDK resolution result a parameter type resolves with.
    func resultBase(_ type: ParameterType) -> String {
        switch type {
        case .string: "INStringResolutionResult"
        case .integer: "INIntegerResolutionResult"
        case .decimal: "INDoubleResolutionResult"
        case .boolean: "INBooleanResolutionResult"
        case .dateComponents: "INDateComponentsResolutionResult"
        case .duration: "INTimeIntervalResolutionResult"
        case .url: "INURLResolutionResult"
        case .placemark: "INPlacemarkResolutionResult"
        case .currencyAmount: "INCurrencyAmountResolutionResult"
        case .person: "INPersonResolutionResult"
        case .file: "INFileResolutionResult"
        case .object: "INObjectResolutionResult"
        case .enumeration(let name): "\(enumType(name))ResolutionResult"
        case .custom(let name): "\(valueType(name))ResolutionResult"
        }
    }

    /// The result class of a parameter's resolve method: its own when it
    /// has unsupported or confirmation reasons, unless it answers the base
    /// class (``Parameter/resultSubclassOnly``).
    func parameterResultType(_ intent: Intent, _ parameter: Parameter) -> String {
        !Self.hasOwnResult(parameter) || parameter.resultSubclassOnly == true
            ? resultBase(parameter.type) : parameterResult(intent, parameter)
    }

    /// The codec of the value a resolution result carries.
    func resultCodec(_ type: ParameterType) -> String {
        switch type {
        case .string: "_Codecs.string"
        case .url: "_Codecs.url"
        case .dateComponents: "_Codecs.dateComponents"
        case .integer: "_Codecs.integer"
        case .decimal, .duration: "_Codecs.decimal"
        case .boolean: "_Codecs.boolean"
        case .enumeration: "_Codecs.enumeration"
        case .custom(let name) where valueTypes[name] != nil: "_Codecs.referenceConvertible(\(valueType(name)).self)"
        case .custom(let name) where plainObjects.contains(name): "_Codecs.plainObject(\(customType(name)).self)"
        case .placemark, .currencyAmount, .person, .file, .object, .custom: "_Codecs.object(INObject.self)"
        }
    }

    /// The codec of a property's element type.
    func propertyCodec(_ type: ParameterType) -> String {
        switch type {
        case .string: "_Codecs.string"
        case .url: "_Codecs.url"
        case .dateComponents: "_Codecs.dateComponents"
        case .integer: "_Codecs.integerNumber"
        case .decimal, .duration: "_Codecs.decimalNumber"
        case .boolean: "_Codecs.booleanNumber"
        case .enumeration(let name) where optionSets.contains(name): "_Codecs.optionSet(\(enumType(name)).self)"
        case .enumeration(let name): "_Codecs.enumeration(\(enumType(name)).self, unknown: \(noValue(type)))"
        case .placemark, .currencyAmount, .person, .file, .object: "_Codecs.object(\(propertyElement(type)).self)"
        case .custom(let name) where valueTypes[name] != nil: "_Codecs.referenceConvertible(\(valueType(name)).self)"
        case .custom(let name) where plainObjects.contains(name): "_Codecs.plainObject(\(customType(name)).self)"
        case .custom(let name): "_Codecs.object(\(customType(name)).self)"
        }
    }

    /// An expression turning a property element `value` into what
    /// `success(with:)` of the parameter's result takes.
    func resultValue(_ type: ParameterType, _ value: String) -> String {
        switch type {
        case .integer: "\(value).intValue"
        case .decimal, .duration: "\(value).doubleValue"
        case .boolean: "\(value).boolValue"
        default: value
        }
    }

    /// The C type of a completion's value argument for a value kind.
    static func completionArgument(_ kind: ValueKind) -> String {
        switch kind {
        case .string: "UnsafePointer<CChar>?"
        case .integer: "Int64"
        case .decimal: "Double"
        case .boolean: "Bool"
        case .enumeration: "Int32"
        case .object: "UnsafePointer<exthost_object>?"
        }
    }

    // MARK: JSON of custom-type properties

    /// An expression for the JSON value of a non-nil property element: an
    /// enum by its case name, as intent files and the app wire write it
    /// (``fromJSON(_:_:)`` also takes its raw value).
    func jsonValue(_ type: ParameterType, _ value: String) -> String {
        switch type {
        case .string: value
        case .integer, .decimal, .boolean, .duration: value
        case .url: "\(value).absoluteString"
        case .dateComponents: "ISO8601DateComponents.string(from: \(value))"
        case .enumeration(let name) where optionSets.contains(name): "\(value)._exthostNames"
        case .enumeration: "String(describing: \(value))"
        case .placemark, .currencyAmount, .person, .file, .object, .custom: "\(value).jsonObject"
        }
    }

    /// An expression for a property element from a JSON value `json` (an
    /// `Any?`); an enum by raw value or by case name (as the system sends an
    /// app's in-app intents).
    func fromJSON(_ type: ParameterType, _ json: String) -> String {
        switch type {
        case .string: "\(json) as? String"
        case .integer, .decimal, .boolean, .duration: "\(json) as? NSNumber"
        case .url: "(\(json) as? String).flatMap { URL(string: $0) }"
        case .dateComponents: "(\(json) as? String).flatMap { ISO8601DateComponents.components(from: $0) }"
        case .enumeration(let name) where optionSets.contains(name): "\(enumType(name))._exthostValue(fromJSON: \(json))"
        case .enumeration(let name):
            "(\(json) as? Int).flatMap { \(enumType(name))(rawValue: $0) } ?? (\(json) as? String).flatMap { name in \(enumType(name)).allCases.first { String(describing: $0) == name } }"
        case .placemark, .currencyAmount, .person, .file, .object: "\(propertyElement(type))._exthostObject(fromJSON: \(json))"
        case .custom(let name): "\(valueType(name))._exthostObject(fromJSON: \(json))"
        }
    }
}

extension SwiftNames {
    /// Names for `definition`'s elements, with `prefix`.
    init(prefix: String, definition: IntentDefinition) {
        self.prefix = prefix
        optionSets = Set(definition.enums.filter(\.isOptionSet).map(\.name))
        zeroCaseNames = Dictionary(uniqueKeysWithValues: definition.enums.compactMap { enumType in
            (enumType.zeroCase?.name ?? enumType.unknownName).map { (enumType.name, $0) }
        })
        zeroIsValue = Set(definition.enums.filter(\.zeroIsValue).map(\.name))
        plainObjects = Set(definition.types.filter(\.isPlainObject).map(\.name))
        valueTypes = Dictionary(uniqueKeysWithValues: definition.types.compactMap { type in type.swiftValueType.map { (type.name, $0) } })
    }
}
