import Foundation

/// Reads Xcode's `.intentdefinition` property list into the model.
///
/// Every key that changes behaviour or generated code is mapped; the keys
/// that only matter to Xcode's editor and localization (`…ID`, `…Tag`,
/// `INIntentLastParameterTag`, tools versions, namespaces of references) and
/// any other are kept as they are (``KeptPropertyListKeys``).
enum PropertyListReader {
    /// Parses `data` (an XML or binary property list) into a definition.
    ///
    /// - Throws: `IntentDefinitionError` naming `file` and the element at fault.
    static func read(_ data: Data, file: String) throws -> IntentDefinition {
        guard FormatSniffer.looksLikePropertyList(data) else {
            throw IntentDefinitionError(
                .notAPropertyList, file: file,
                message: "not a property list: it does not start with <?xml, <plist or bplist. Give Xcode's .intentdefinition file (an XML property list) or exthost's JSON form."
            )
        }
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw IntentDefinitionError(
                .notAPropertyList, file: file,
                message: "not a readable property list (\(error.localizedDescription)). Open it in Xcode or check the XML is well-formed."
            )
        }
        guard let dictionary = root as? [String: Any] else {
            throw IntentDefinitionError(
                .notAnIntentDefinition, file: file,
                message: "not an intent definition: the top level is \(PropertyListNode.describe(root)), expected a dictionary with INIntents."
            )
        }
        let top = PropertyListNode(values: dictionary, path: [], file: file)
        guard top.has("INIntents") else {
            throw IntentDefinitionError(
                .notAnIntentDefinition, file: file,
                message: "not an intent definition: there is no INIntents array at the top level. Is this an .intentdefinition file?"
            )
        }
        let intentNodes = try top.dictionaries("INIntents", nameKey: "INIntentName")
        var classPrefix: String?
        var prefixSource: String?
        for node in intentNodes {
            guard let prefix = try node.string("INIntentClassPrefix") else { continue }
            if let classPrefix, classPrefix != prefix {
                throw node.error(
                    .unknownValue,
                    "INIntentClassPrefix is '\(prefix)' but \(prefixSource ?? "another intent") has '\(classPrefix)'; Xcode sets one class prefix per file, so make them equal."
                )
            }
            classPrefix = prefix
            prefixSource = node.path.last
        }
        let enums = try top.dictionaries("INEnums", nameKey: "INEnumName").map(enumType)
        let typeNodes = try top.dictionaries("INTypes", nameKey: "INTypeName")
        let known = KnownTypes(
            enums: enums.map(\.name),
            types: try typeNodes.map { try $0.requiredString("INTypeName") }
        )
        var definition = IntentDefinition(
            modelVersion: try top.string("INIntentDefinitionModelVersion"),
            namespace: try top.string("INIntentDefinitionNamespace"),
            classPrefix: classPrefix,
            intents: try intentNodes.map { try intent($0, known: known) },
            enums: enums,
            types: try typeNodes.map { try customType($0, known: known) }
        )
        definition.keptPropertyListKeys = KeptPropertyListKeys.missing(from: PropertyListWriter.dictionary(definition), original: dictionary)
        return definition
    }

    // MARK: Intents

    private static func intent(_ node: PropertyListNode, known: KnownTypes) throws -> Intent {
        let parameterNodes = try node.dictionaries("INIntentParameters", nameKey: "INIntentParameterName")
        var parameters = try parameterNodes.enumerated().map { index, parameterNode in
            try parameter(parameterNode, position: index, known: known)
        }
        let intentName = try node.requiredString("INIntentName")
        for (parameterNode, parameter) in zip(parameterNodes, parameters) {
            guard let parent = parameter.relationship?.parent, !parent.isEmpty,
                !parameters.contains(where: { $0.name == parent })
            else { continue }
            throw parameterNode.error(
                .danglingReference,
                "relationship parent '\(parent)' is not a parameter of \(intentName)\(KnownTypes.list(parameters.map(\.name))); name an existing parameter or remove the relationship."
            )
        }
        parameters = stableSorted(parameters) { $0.displayPriority }
        let combinations =
            try node.entries("INIntentParameterCombinations").map { try combination($0.name, $0.node, managed: false) }
            + node.entries("INIntentManagedParameterCombinations").map { try combination($0.name, $0.node, managed: true) }
        return Intent(
            name: intentName,
            title: try node.string("INIntentTitle"),
            description: try node.string("INIntentDescription"),
            category: try node.string("INIntentCategory"),
            verb: try node.string("INIntentVerb"),
            kind: try node.string("INIntentType"),
            defaultImageName: try node.string("INIntentDefaultImageName"),
            configurable: try node.bool("INIntentConfigurable") ?? false,
            ineligibleForSuggestions: try node.bool("INIntentIneligibleForSuggestions") ?? false,
            deprecated: try node.bool("INIntentDeprecated") ?? false,
            userConfirmationRequired: try node.bool("INIntentUserConfirmationRequired") ?? false,
            restrictions: try node.int("INIntentRestrictions"),
            keyParameter: try node.string("INIntentKeyParameter"),
            inputParameter: try node.string("INIntentInput"),
            parameters: parameters,
            parameterCombinations: combinations,
            response: try node.dictionary("INIntentResponse").map { try response($0, known: known) } ?? Response(),
            eligibleForWidgets: try node.bool("INIntentEligibleForWidgets") ?? false,
            titleID: try node.string("INIntentTitleID"),
            descriptionID: try node.string("INIntentDescriptionID")
        )
    }

    private static func combination(_ key: String, _ node: PropertyListNode, managed: Bool) throws -> ParameterCombination {
        ParameterCombination(
            parameters: key.split(separator: ",", omittingEmptySubsequences: true)
                .map { $0.trimmingCharacters(in: .whitespaces) },
            title: try node.string("INIntentParameterCombinationTitle"),
            subtitle: try node.string("INIntentParameterCombinationSubtitle"),
            isPrimary: try node.bool("INIntentParameterCombinationIsPrimary") ?? false,
            supportsBackgroundExecution: try node.bool("INIntentParameterCombinationSupportsBackgroundExecution") ?? false,
            managed: managed,
            updatesLinked: try node.bool("INIntentParameterCombinationUpdatesLinked") ?? false,
            titleID: try node.string("INIntentParameterCombinationTitleID"),
            subtitleID: try node.string("INIntentParameterCombinationSubtitleID")
        )
    }

    // MARK: Parameters

    private static func parameter(_ node: PropertyListNode, position: Int, known: KnownTypes) throws -> Parameter {
        let type = try parameterType(node, prefix: "INIntentParameter", known: known)
        return Parameter(
            name: try node.requiredString("INIntentParameterName"),
            displayName: try node.string("INIntentParameterDisplayName"),
            displayPriority: try node.int("INIntentParameterDisplayPriority") ?? position + 1,
            type: type,
            supportsMultipleValues: try node.bool("INIntentParameterSupportsMultipleValues") ?? false,
            supportsResolution: try node.bool("INIntentParameterSupportsResolution") ?? false,
            supportsDynamicEnumeration: try node.bool("INIntentParameterSupportsDynamicEnumeration") ?? false,
            supportsSearch: try node.bool("INIntentParameterSupportsSearch") ?? false,
            configurable: try node.bool("INIntentParameterConfigurable") ?? false,
            customDisambiguation: try node.bool("INIntentParameterCustomDisambiguation") ?? false,
            metadata: try node.dictionary("INIntentParameterMetadata").map(metadata) ?? ParameterMetadata(),
            prompts: try node.dictionaries("INIntentParameterPromptDialogs", nameKey: "INIntentParameterPromptDialogType").map(prompt),
            relationship: try node.dictionary("INIntentParameterRelationship").map(relationship),
            unsupportedReasons: try node.dictionaries("INIntentParameterUnsupportedReasons", nameKey: "INIntentParameterUnsupportedReasonCode").map(unsupportedReason),
            displayNameID: try node.string("INIntentParameterDisplayNameID")
        )
    }

    /// The type of a parameter, property or response parameter; `prefix` is
    /// `INIntentParameter`, `INTypeProperty` or `INIntentResponseParameter`.
    static func parameterType(_ node: PropertyListNode, prefix: String, known: KnownTypes) throws -> ParameterType {
        let name = try node.requiredString(prefix + "Type")
        let enumType = try node.string(prefix + "EnumType")
        let objectType = try node.string(prefix + "ObjectType")
        guard let type = XcodeTypeName.type(named: name, enumType: enumType, objectType: objectType) else {
            throw node.error(
                .unknownParameterType,
                "unknown parameter type '\(name)'; expected one of \(XcodeTypeName.expectedList) (an enum is Integer with \(prefix)EnumType, a custom type is Object with \(prefix)ObjectType). Change the type in Xcode to one exthost supports."
            )
        }
        switch type {
        case .enumeration(let name) where !known.enums.contains(name):
            throw node.error(
                .danglingReference,
                "refers to enum '\(name)', which is not in INEnums\(KnownTypes.list(known.enums)); add the enum or change the type."
            )
        case .custom(let name) where !known.types.contains(name):
            throw node.error(
                .danglingReference,
                "refers to custom type '\(name)', which is not in INTypes\(KnownTypes.list(known.types)); add the type or change the type."
            )
        default:
            return type
        }
    }

    private static let metadataPrefix = "INIntentParameterMetadata"

    private static func metadata(_ node: PropertyListNode) throws -> ParameterMetadata {
        var metadata = ParameterMetadata()
        for (key, value) in node.values {
            let shortKey = key.hasPrefix(metadataPrefix) ? String(key.dropFirst(metadataPrefix.count)) : key
            // A shape that is not text (Custom UTIs as `[{UTI: …}]`, a cleared
            // number saved as `<data></data>`) is kept as written, unused.
            if !isText(value) {
                guard let kept = PropertyListValue(propertyList: value) else {
                    throw node.error(.wrongValueType, "\(key) is \(PropertyListNode.describe(value)); expected a string, number, boolean, data, array or dictionary.")
                }
                metadata.uninterpreted[shortKey] = kept
                continue
            }
            switch shortKey {
            case "MinimumValue": metadata.minimum = try node.double(key)
            case "MaximumValue": metadata.maximum = try node.double(key)
            case "DefaultValue": metadata.defaultValue = try text(value, key: key, node: node)
            case "Capitalization": metadata.capitalization = try node.string(key)
            default: metadata.other[shortKey] = try text(value, key: key, node: node)
            }
        }
        return metadata
    }

    /// Whether `value` is a scalar, or an array of scalars, that ``text(_:key:node:)`` reads.
    private static func isText(_ value: Any) -> Bool {
        if value is String || value is NSNumber { return true }
        if let array = value as? [Any] { return array.allSatisfy { $0 is String || $0 is NSNumber } }
        return false
    }

    /// A scalar (or array of scalars) as text: strings as is, booleans as
    /// `true`/`false`, numbers in their shortest form, arrays joined with `,`.
    static func text(_ value: Any, key: String, node: PropertyListNode) throws -> String {
        if type(of: value) == Bool.self, let bool = value as? Bool { return bool ? "true" : "false" }
        if let string = value as? String { return string }
        if let number = value as? NSNumber { return MetadataValue.format(number.doubleValue) }
        if let array = value as? [Any] {
            return try array.map { try text($0, key: key, node: node) }.joined(separator: ",")
        }
        throw node.error(.wrongValueType, "\(key) is \(PropertyListNode.describe(value)); expected a string, number or boolean.")
    }

    private static func prompt(_ node: PropertyListNode) throws -> Prompt {
        let kindName = try node.requiredString("INIntentParameterPromptDialogType")
        guard let kind = Prompt.Kind(rawValue: kindName) else {
            let expected = [Prompt.Kind.primary, .configuration, .disambiguationIntroduction, .disambiguationSelection, .confirmation, .valueSelection]
                .map(\.rawValue).joined(separator: ", ")
            throw node.error(.unknownValue, "unknown prompt dialog type '\(kindName)'; expected one of \(expected).")
        }
        return Prompt(
            kind: kind,
            formatString: try node.string("INIntentParameterPromptDialogFormatString"),
            custom: try node.bool("INIntentParameterPromptDialogCustom") ?? false,
            formatStringID: try node.string("INIntentParameterPromptDialogFormatStringID")
        )
    }

    private static func unsupportedReason(_ node: PropertyListNode) throws -> UnsupportedReason {
        UnsupportedReason(
            code: try node.requiredString("INIntentParameterUnsupportedReasonCode"),
            formatString: try node.string("INIntentParameterUnsupportedReasonFormatString"),
            custom: try node.bool("INIntentParameterUnsupportedReasonCustom") ?? false,
            formatStringID: try node.string("INIntentParameterUnsupportedReasonFormatStringID")
        )
    }

    private static func relationship(_ node: PropertyListNode) throws -> Relationship {
        let parent = try node.string("INIntentParameterRelationshipParentName") ?? ""
        let predicateName = try node.requiredString("INIntentParameterRelationshipPredicateName")
        var values: [String] = []
        if let many = try node.array("INIntentParameterRelationshipPredicateValues") {
            values = try many.map { try text($0, key: "INIntentParameterRelationshipPredicateValues", node: node) }
        } else if let one = node.values["INIntentParameterRelationshipPredicateValue"] {
            values = [try text(one, key: "INIntentParameterRelationshipPredicateValue", node: node)]
        }
        guard let (predicate, predicateValues) = RelationshipPredicateName.predicate(named: predicateName, values: values) else {
            throw node.error(
                .unknownValue,
                "unknown relationship predicate '\(predicateName)'; expected HasAnyValue, <Type>HasExactValue, <Type>ValueIsNotEqual, <Type>ValueIsGreaterThan(OrEqual), <Type>ValueIsLessThan(OrEqual), <Type>ValueIsWithinRange, <Type>ValueContains or <Type>ValueDoesNotContain."
            )
        }
        return Relationship(parent: parent, predicate: predicate, values: predicateValues)
    }

    // MARK: Responses

    private static func response(_ node: PropertyListNode, known: KnownTypes) throws -> Response {
        let parameterNodes = try node.dictionaries("INIntentResponseParameters", nameKey: "INIntentResponseParameterName")
        let ranked = try parameterNodes.enumerated().map { index, parameterNode in
            (
                rank: try parameterNode.int("INIntentResponseParameterDisplayPriority") ?? index + 1,
                parameter: ResponseParameter(
                    name: try parameterNode.requiredString("INIntentResponseParameterName"),
                    displayName: try parameterNode.string("INIntentResponseParameterDisplayName"),
                    type: try parameterType(parameterNode, prefix: "INIntentResponseParameter", known: known),
                    supportsMultipleValues: try parameterNode.bool("INIntentResponseParameterSupportsMultipleValues") ?? false,
                    displayNameID: try parameterNode.string("INIntentResponseParameterDisplayNameID")
                )
            )
        }
        return Response(
            parameters: stableSorted(ranked) { $0.rank }.map(\.parameter),
            codes: try node.dictionaries("INIntentResponseCodes", nameKey: "INIntentResponseCodeName").map { codeNode in
                ResponseCode(
                    name: try codeNode.requiredString("INIntentResponseCodeName"),
                    formatString: try codeNode.string("INIntentResponseCodeFormatString"),
                    conciseFormatString: try codeNode.string("INIntentResponseCodeConciseFormatString"),
                    success: try codeNode.bool("INIntentResponseCodeSuccess") ?? false,
                    formatStringID: try codeNode.string("INIntentResponseCodeFormatStringID"),
                    conciseFormatStringID: try codeNode.string("INIntentResponseCodeConciseFormatStringID")
                )
            },
            outputParameter: try node.string("INIntentResponseOutput")
        )
    }

    // MARK: Enums and custom types

    private static func enumType(_ node: PropertyListNode) throws -> EnumType {
        var result = EnumType(
            name: try node.requiredString("INEnumName"),
            displayName: try node.string("INEnumDisplayName"),
            displayNameID: try node.string("INEnumDisplayNameID")
        )
        for (position, caseNode) in try node.dictionaries("INEnumValues", nameKey: "INEnumValueName").enumerated() {
            let name = try caseNode.requiredString("INEnumValueName")
            let index = try caseNode.int("INEnumValueIndex")
            let displayName = try caseNode.string("INEnumValueDisplayName")
            let displayNameID = try caseNode.string("INEnumValueDisplayNameID")
            if name == "unknown", index ?? 0 == 0 {
                // Xcode's implicit case 0, listed first without an index.
                result.unknownDisplayName = displayName
                result.unknownDisplayNameID = displayNameID
                continue
            }
            result.cases.append(EnumCase(name: name, displayName: displayName, value: index ?? position, displayNameID: displayNameID))
        }
        return result
    }

    private static func customType(_ node: PropertyListNode, known: KnownTypes) throws -> CustomType {
        let propertyNodes = try node.dictionaries("INTypeProperties", nameKey: "INTypePropertyName")
        var ranked: [(rank: Int, property: TypeProperty)] = []
        for (index, propertyNode) in propertyNodes.enumerated() where try propertyNode.bool("INTypePropertyDefault") != true {
            ranked.append((
                rank: try propertyNode.int("INTypePropertyDisplayPriority") ?? index + 1,
                property: TypeProperty(
                    name: try propertyNode.requiredString("INTypePropertyName"),
                    displayName: try propertyNode.string("INTypePropertyDisplayName"),
                    type: try parameterType(propertyNode, prefix: "INTypeProperty", known: known),
                    supportsMultipleValues: try propertyNode.bool("INTypePropertySupportsMultipleValues") ?? false,
                    displayNameID: try propertyNode.string("INTypePropertyDisplayNameID")
                )
            ))
        }
        return CustomType(
            name: try node.requiredString("INTypeName"),
            displayName: try node.string("INTypeDisplayName"),
            properties: stableSorted(ranked) { $0.rank }.map(\.property),
            displayNameID: try node.string("INTypeDisplayNameID")
        )
    }

    /// The enum and custom type names a file defines, for checking references where they are made.
    struct KnownTypes {
        let enums: [String]
        let types: [String]

        /// ` (known: a, b)` or ` (there are none)`, for messages.
        static func list(_ names: [String]) -> String {
            names.isEmpty ? " (there are none)" : " (known: \(names.joined(separator: ", ")))"
        }
    }

    /// Sorts by `rank`, keeping file order between equal ranks.
    static func stableSorted<T>(_ items: [T], by rank: (T) -> Int) -> [T] {
        items.enumerated()
            .sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }
            .map(\.element)
    }
}
