/// Finds what Xcode would refuse in an intent definition (errors) and what it
/// warns about (warnings), naming file, intent and parameter.
///
/// Errors: duplicate names (intents, parameters, enums, types, cases,
/// properties, response codes and parameters, unsupported reasons), names that
/// are not identifiers, dangling enum / type references, relationships to an
/// unknown parent, to itself or to a parent resolved later, predicates that do
/// not fit the parent's type, minimum greater than maximum, `${x}` placeholders
/// naming nothing, enum case value 0 (reserved for `unknown`), and intents
/// restricted while locked that are not supported.
/// Warnings: no title, no display name, no success response code, combinations
/// with none primary, deprecated intents, and the like.
public struct IntentDefinitionLinter: Sendable {
    /// The extension's `IntentsSupported`, when known; nil skips the check.
    public var intentsSupported: [String]?
    /// The extension's `IntentsRestrictedWhileLocked`.
    public var intentsRestrictedWhileLocked: [String]

    /// Creates a linter.
    ///
    /// - Parameters:
    ///   - intentsSupported: The extension's supported intents, when known.
    ///   - intentsRestrictedWhileLocked: Intents the extension restricts while the device is locked;
    ///     each must be supported.
    public init(intentsSupported: [String]? = nil, intentsRestrictedWhileLocked: [String] = []) {
        self.intentsSupported = intentsSupported
        self.intentsRestrictedWhileLocked = intentsRestrictedWhileLocked
    }

    /// Lints a definition.
    ///
    /// - Parameters:
    ///   - definition: The definition to check.
    ///   - file: The file name used in every diagnostic.
    /// - Returns: The findings, in file order.
    public func lint(_ definition: IntentDefinition, file: String) -> [Diagnostic] {
        var run = LintRun(definition: definition, file: file)
        run.checkDefinition()
        for intent in definition.intents { run.check(intent) }
        for name in intentsRestrictedWhileLocked {
            if let intentsSupported, !intentsSupported.contains(name) {
                run.error(
                    intent: name,
                    "is restricted while locked but not supported: IntentsRestrictedWhileLocked must be a subset of IntentsSupported (iOS error 2002). Add it to IntentsSupported or remove the restriction."
                )
            }
        }
        return run.diagnostics
    }
}

/// One linting pass: the definition, and the diagnostics found so far.
private struct LintRun {
    let definition: IntentDefinition
    let file: String
    var diagnostics: [Diagnostic] = []

    mutating func error(intent: String? = nil, parameter: String? = nil, _ message: String) {
        diagnostics.append(Diagnostic(.error, file: file, intent: intent, parameter: parameter, message: message))
    }

    mutating func warning(intent: String? = nil, parameter: String? = nil, _ message: String) {
        diagnostics.append(Diagnostic(.warning, file: file, intent: intent, parameter: parameter, message: message))
    }

    /// Reports names used more than once, and names that are not identifiers.
    mutating func checkNames(_ names: [String], what: String, intent: String? = nil, parameter: String? = nil) {
        var seen: Set<String> = []
        var reported: Set<String> = []
        for name in names {
            if !Identifier.isValid(name) {
                error(intent: intent, parameter: parameter, "\(what) name '\(name)' is not a valid identifier; use letters, digits and _ only, not starting with a digit.")
            } else if Identifier.swiftKeywords.contains(name) {
                warning(intent: intent, parameter: parameter, "\(what) name '\(name)' is a Swift keyword; generated code has to escape it. Choose another name.")
            }
            if !seen.insert(name).inserted, reported.insert(name).inserted {
                error(intent: intent, parameter: parameter, "duplicate \(what) name '\(name)'; names must be unique. Rename one of them.")
            }
        }
    }

    /// Reports an enum or custom type reference that names nothing.
    mutating func checkReference(_ type: ParameterType, intent: String? = nil, parameter: String? = nil, owner: String) {
        switch type {
        case .enumeration(let name) where definition.enumType(named: name) == nil:
            error(intent: intent, parameter: parameter, "\(owner) refers to enum '\(name)', which is not defined; add it to the enums or change the type.")
        case .custom(let name) where definition.customType(named: name) == nil:
            error(intent: intent, parameter: parameter, "\(owner) refers to custom type '\(name)', which is not defined; add it to the types or change the type.")
        default:
            break
        }
    }

    // MARK: Definition-wide

    mutating func checkDefinition() {
        checkNames(definition.intents.map(\.name), what: "intent")
        checkNames(definition.enums.map(\.name), what: "enum")
        checkNames(definition.types.map(\.name), what: "custom type")
        for name in Set(definition.enums.map(\.name)).intersection(definition.types.map(\.name)).sorted() {
            error("'\(name)' is both an enum and a custom type; generated type names would clash. Rename one.")
        }
        for enumType in definition.enums { check(enumType) }
        for type in definition.types { check(type) }
    }

    mutating func check(_ enumType: EnumType) {
        let owner = "enum \(enumType.name)"
        if enumType.cases.isEmpty {
            warning("\(owner) has no cases besides unknown; add the values it can take.")
        }
        checkNames(enumType.cases.map(\.name), what: "\(owner) case")
        var values: [Int: String] = [:]
        for enumCase in enumType.cases {
            if enumCase.name == "unknown" {
                error("\(owner) case 'unknown' clashes with the unknown case Xcode adds (value 0); rename it.")
            }
            if enumCase.value == 0, !enumType.zeroIsValue {
                error("\(owner) case '\(enumCase.name)' has value 0, which is reserved for unknown; number cases from 1.")
            } else if enumCase.value < 0 {
                error("\(owner) case '\(enumCase.name)' has negative value \(enumCase.value); use values from 1.")
            }
            if let other = values[enumCase.value] {
                error("\(owner) cases '\(other)' and '\(enumCase.name)' share value \(enumCase.value); give each case its own value.")
            } else {
                values[enumCase.value] = enumCase.name
            }
        }
    }

    mutating func check(_ type: CustomType) {
        let owner = "custom type \(type.name)"
        checkNames(type.properties.map(\.name), what: "\(owner) property")
        for property in type.properties {
            if ["identifier", "displayString", "pronunciationHint", "alternativeSpeakableMatches", "subtitleString", "displayImage"].contains(property.name) {
                error("\(owner) property '\(property.name)' clashes with the property every INObject has; rename it.")
            }
            checkReference(property.type, owner: "\(owner) property '\(property.name)'")
        }
    }

    // MARK: Intents

    mutating func check(_ intent: Intent) {
        let name = intent.name
        // A system intent is named by Apple's class name, and generated names drop its `Intent`.
        if name.hasSuffix("Intent") && !intent.isSystem {
            warning(intent: name, "the name ends in 'Intent', so the generated class is \(name)Intent; drop the suffix.")
        }
        if (intent.title ?? "").isEmpty {
            warning(intent: name, "has no title; Shortcuts and Siri show the title, so give it one.")
        }
        // A deprecated system intent's replacement is Apple's (INStartCallIntent
        // for iOS 10's audio and video calls), not the app's to offer.
        if intent.deprecated, !intent.isSystem {
            warning(intent: name, "is deprecated; keep it only for existing shortcuts and offer a replacement.")
        }
        checkNames(intent.parameters.map(\.name), what: "parameter", intent: name)
        let parameterNames = intent.parameters.map(\.name)
        for key in [("key parameter", intent.keyParameter), ("input parameter", intent.inputParameter)] {
            if let value = key.1, !parameterNames.contains(value) {
                error(intent: name, "\(key.0) '\(value)' is not a parameter of \(name); name one of \(list(parameterNames)).")
            }
        }
        var priorities: [Int: String] = [:]
        for (index, parameter) in intent.parameters.enumerated() {
            if let other = priorities[parameter.displayPriority] {
                warning(intent: name, parameter: parameter.name, "shares display priority \(parameter.displayPriority) with '\(other)', so their resolution order depends on file order; give each parameter its own priority.")
            } else {
                priorities[parameter.displayPriority] = parameter.name
            }
            check(parameter, at: index, in: intent)
        }
        check(intent.response, intent: intent)
        checkCombinations(intent)
    }

    mutating func check(_ parameter: Parameter, at index: Int, in intent: Intent) {
        let name = parameter.name
        let intentName = intent.name
        if (parameter.displayName ?? "").isEmpty {
            warning(intent: intentName, parameter: name, "has no display name; Siri and Shortcuts show it, so give it one.")
        }
        checkReference(parameter.type, intent: intentName, parameter: name, owner: "the parameter")
        checkMetadata(parameter, intent: intentName)
        if let relationship = parameter.relationship {
            checkRelationship(relationship, of: parameter, at: index, in: intent)
        }
        let parameterNames = intent.parameters.map(\.name)
        var kinds: Set<Prompt.Kind> = []
        for prompt in parameter.prompts {
            if !kinds.insert(prompt.kind).inserted {
                warning(intent: intentName, parameter: name, "has more than one \(prompt.kind.rawValue) prompt; only the first is used.")
            }
            let allowed = prompt.kind == .disambiguationIntroduction ? parameterNames + ["count"] : parameterNames
            for placeholder in FormatString.placeholders(in: prompt.formatString) where !allowed.contains(placeholder) {
                error(intent: intentName, parameter: name, "\(prompt.kind.rawValue) prompt refers to ${\(placeholder)}, which is not a parameter of \(intentName); use one of \(list(allowed)).")
            }
        }
        for (what, reasons) in [("unsupported reason", parameter.unsupportedReasons), ("confirmation reason", parameter.confirmationReasons)] {
            checkNames(reasons.map(\.code), what: what, intent: intentName, parameter: name)
            for reason in reasons {
                for placeholder in FormatString.placeholders(in: reason.formatString) where !parameterNames.contains(placeholder) {
                    error(intent: intentName, parameter: name, "\(what) '\(reason.code)' refers to ${\(placeholder)}, which is not a parameter of \(intentName); use one of \(list(parameterNames)).")
                }
            }
        }
    }

    private static func isNumeric(_ type: ParameterType) -> Bool {
        type == .integer || type == .decimal || type == .duration
    }

    mutating func checkMetadata(_ parameter: Parameter, intent: String) {
        let metadata = parameter.metadata
        for key in metadata.uninterpreted.keys.sorted() where !metadata.uninterpreted[key]!.isEmptyData {
            warning(
                intent: intent, parameter: parameter.name,
                "metadata \(key) has a shape exthost does not use; it is kept as written and written back unchanged."
            )
        }
        let name = parameter.name
        if let minimum = metadata.minimum, let maximum = metadata.maximum, minimum > maximum {
            error(intent: intent, parameter: name, "minimum \(MetadataValue.format(minimum)) is greater than maximum \(MetadataValue.format(maximum)); swap them or fix one.")
        }
        if metadata.minimum != nil || metadata.maximum != nil, !Self.isNumeric(parameter.type) {
            warning(intent: intent, parameter: name, "has a minimum or maximum, but a \(parameter.type.jsonName) has no bounds; remove them.")
        }
        guard let defaultValue = metadata.defaultValue else { return }
        switch parameter.type {
        case .enumeration(let enumName):
            if let enumType = definition.enumType(named: enumName), !enumType.cases.contains(where: { $0.name == defaultValue }) {
                error(intent: intent, parameter: name, "default value '\(defaultValue)' is not a case of \(enumName); use one of \(list(enumType.cases.map(\.name))).")
            }
        case .integer, .decimal, .duration:
            guard let number = Double(defaultValue) else {
                error(intent: intent, parameter: name, "default value '\(defaultValue)' is not a number.")
                return
            }
            if let minimum = metadata.minimum, number < minimum {
                warning(intent: intent, parameter: name, "default value \(defaultValue) is below the minimum \(MetadataValue.format(minimum)).")
            }
            if let maximum = metadata.maximum, number > maximum {
                warning(intent: intent, parameter: name, "default value \(defaultValue) is above the maximum \(MetadataValue.format(maximum)).")
            }
        case .boolean where defaultValue != "true" && defaultValue != "false":
            error(intent: intent, parameter: name, "default value '\(defaultValue)' is not a boolean; use true or false.")
        default:
            break
        }
    }

    mutating func checkRelationship(_ relationship: Relationship, of parameter: Parameter, at index: Int, in intent: Intent) {
        let name = parameter.name
        let intentName = intent.name
        guard !relationship.parent.isEmpty else {
            warning(intent: intentName, parameter: name, "has a relationship without a parent; Xcode ignores it, so remove it or choose the parent.")
            return
        }
        guard let parentIndex = intent.parameters.firstIndex(where: { $0.name == relationship.parent }) else {
            error(intent: intentName, parameter: name, "relationship parent '\(relationship.parent)' is not a parameter of \(intentName); use one of \(list(intent.parameters.map(\.name))).")
            return
        }
        if parentIndex == index {
            error(intent: intentName, parameter: name, "relationship parent is the parameter itself; choose another parameter.")
            return
        }
        if parentIndex > index {
            error(intent: intentName, parameter: name, "relationship parent '\(relationship.parent)' is resolved after this parameter (display priority \(intent.parameters[parentIndex].displayPriority) vs \(parameter.displayPriority)); give the parent a lower display priority.")
        }
        let parentType = intent.parameters[parentIndex].type
        let values = relationship.values
        let predicate = relationship.predicate.rawValue
        switch relationship.predicate {
        case .hasAnyValue:
            break
        case .hasNoValue:
            warning(intent: intentName, parameter: name, "predicate HasNoValue is exthost's own; Xcode offers HasAnyValue and comparisons, so Xcode cannot show this relationship.")
        case .isTrue, .isFalse:
            if parentType != .boolean {
                error(intent: intentName, parameter: name, "predicate \(predicate) needs a Boolean parent, but '\(relationship.parent)' is \(parentType.jsonName).")
            }
        case .isEqualTo, .isNotEqualTo, .contains, .doesNotContain:
            if values.isEmpty {
                error(intent: intentName, parameter: name, "predicate \(predicate) needs a value to compare '\(relationship.parent)' with; add one.")
            }
            if case .enumeration(let enumName) = parentType, let enumType = definition.enumType(named: enumName) {
                for value in values where !enumType.cases.contains(where: { $0.name == value }) {
                    error(intent: intentName, parameter: name, "relationship value '\(value)' is not a case of \(enumName); use one of \(list(enumType.cases.map(\.name))).")
                }
            }
        case .isGreaterThan, .isGreaterThanOrEqualTo, .isLessThan, .isLessThanOrEqualTo, .isWithinRange:
            let count = relationship.predicate == .isWithinRange ? 2 : 1
            if !Self.isNumeric(parentType) {
                error(intent: intentName, parameter: name, "predicate \(predicate) compares numbers, but '\(relationship.parent)' is \(parentType.jsonName).")
            }
            if values.count != count || values.contains(where: { Double($0) == nil }) {
                error(intent: intentName, parameter: name, "predicate \(predicate) needs \(count == 1 ? "one number" : "two numbers (lower and upper bound)"); it has \(list(values)).")
            }
        }
    }

    mutating func check(_ response: Response, intent: Intent) {
        let intentName = intent.name
        checkNames(response.parameters.map(\.name), what: "response parameter", intent: intentName)
        for parameter in response.parameters {
            checkReference(parameter.type, intent: intentName, owner: "response parameter '\(parameter.name)'")
        }
        checkNames(response.codes.map(\.name), what: "response code", intent: intentName)
        let names = response.parameters.map(\.name)
        for code in response.codes {
            for text in [code.formatString, code.conciseFormatString] {
                for placeholder in FormatString.placeholders(in: text) where !names.contains(placeholder) {
                    error(intent: intentName, "response '\(code.name)' refers to ${\(placeholder)}, which is not a response parameter; add it to the response or use one of \(list(names)).")
                }
            }
        }
        // A system intent's codes are Apple's, and some have no success:
        // INStartCallIntent ends by handing the call to the app.
        if !response.codes.contains(where: \.success), !intent.isSystem {
            warning(intent: intentName, "has no success response code; add one (e.g. 'success' marked as success).")
        }
        if let output = response.outputParameter, !names.contains(output) {
            error(intent: intentName, "response output '\(output)' is not a response parameter; use one of \(list(names)).")
        }
    }

    mutating func checkCombinations(_ intent: Intent) {
        let intentName = intent.name
        let parameterNames = intent.parameters.map(\.name)
        var seen: Set<String> = []
        for combination in intent.parameterCombinations {
            let key = (combination.managed ? "managed:" : "") + combination.parameters.joined(separator: ",")
            if !seen.insert(key).inserted {
                error(intent: intentName, "parameter combination '\(combination.parameters.joined(separator: ","))' appears twice; keep one.")
            }
            for parameter in combination.parameters where !parameterNames.contains(parameter) {
                error(intent: intentName, "parameter combination '\(combination.parameters.joined(separator: ","))' names '\(parameter)', which is not a parameter of \(intentName).")
            }
            for text in [combination.title, combination.subtitle] {
                for placeholder in FormatString.placeholders(in: text) where !combination.parameters.contains(placeholder) {
                    error(intent: intentName, "summary of combination '\(combination.parameters.joined(separator: ","))' refers to ${\(placeholder)}, which is not in the combination; add it to the combination or remove it from the summary.")
                }
            }
        }
        let plain = intent.parameterCombinations.filter { !$0.managed }
        if !plain.isEmpty, !plain.contains(where: \.isPrimary) {
            warning(intent: intentName, "has parameter combinations but none is primary; mark the one Shortcuts should show first.")
        }
    }

    private func list(_ names: [String]) -> String {
        names.isEmpty ? "(none)" : names.joined(separator: ", ")
    }
}
