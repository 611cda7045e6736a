import Foundation

/// Writes the model as Xcode's `.intentdefinition` property list (XML).
///
/// The model's keys, then the keys it does not describe that the file it
/// was read from had (``IntentDefinition/keptPropertyListKeys``: string IDs,
/// tags, tools versions), each back in its element.
/// Booleans are written when true (Xcode's own habit), except
/// `…SupportsMultipleValues` and `…SupportsResolution`, which are always
/// written because their absence reads as false. Enums get Xcode's implicit
/// `unknown` case first; custom types get the four properties every object has.
enum PropertyListWriter {
    /// The definition as an XML property list.
    ///
    /// - Throws: `IntentDefinitionError` when serialization fails.
    static func write(_ definition: IntentDefinition) throws -> Data {
        let root = KeptPropertyListKeys.restore(definition.keptPropertyListKeys, into: dictionary(definition))
        do {
            return try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)
        } catch {
            throw IntentDefinitionError(.cannotEncode, file: "", message: "cannot write the property list: \(error.localizedDescription)")
        }
    }

    /// The definition as the property list's top-level dictionary, without
    /// the kept keys.
    static func dictionary(_ definition: IntentDefinition) -> [String: Any] {
        var root: [String: Any] = [
            "INIntents": definition.intents.map { intent($0, classPrefix: definition.classPrefix, in: definition) },
            "INEnums": definition.enums.map(enumType),
            "INTypes": definition.types.map { customType($0, in: definition) },
        ]
        root["INIntentDefinitionModelVersion"] = definition.modelVersion
        root["INIntentDefinitionNamespace"] = definition.namespace
        return root
    }

    private static func setTrue(_ dictionary: inout [String: Any], _ key: String, _ value: Bool) {
        if value { dictionary[key] = true }
    }

    private static func intent(_ intent: Intent, classPrefix: String?, in definition: IntentDefinition) -> [String: Any] {
        var result: [String: Any] = [
            "INIntentName": intent.name,
            "INIntentParameters": intent.parameters.map { parameter($0, in: intent) },
            "INIntentResponse": response(intent.response),
        ]
        result["INIntentClassPrefix"] = classPrefix
        result["INIntentTitle"] = intent.title
        result["INIntentDescription"] = intent.description
        result["INIntentTitleID"] = intent.titleID
        result["INIntentDescriptionID"] = intent.descriptionID
        result["INIntentCategory"] = intent.category
        result["INIntentVerb"] = intent.verb
        result["INIntentType"] = intent.kind
        result["INIntentDefaultImageName"] = intent.defaultImageName
        result["INIntentRestrictions"] = intent.restrictions
        result["INIntentKeyParameter"] = intent.keyParameter
        result["INIntentInput"] = intent.inputParameter
        setTrue(&result, "INIntentConfigurable", intent.configurable)
        setTrue(&result, "INIntentIneligibleForSuggestions", intent.ineligibleForSuggestions)
        setTrue(&result, "INIntentDeprecated", intent.deprecated)
        setTrue(&result, "INIntentUserConfirmationRequired", intent.userConfirmationRequired)
        setTrue(&result, "INIntentEligibleForWidgets", intent.eligibleForWidgets)
        var plain: [String: Any] = [:]
        var managed: [String: Any] = [:]
        for combination in intent.parameterCombinations {
            var entry: [String: Any] = [:]
            entry["INIntentParameterCombinationTitle"] = combination.title
            entry["INIntentParameterCombinationSubtitle"] = combination.subtitle
            entry["INIntentParameterCombinationTitleID"] = combination.titleID
            entry["INIntentParameterCombinationSubtitleID"] = combination.subtitleID
            setTrue(&entry, "INIntentParameterCombinationIsPrimary", combination.isPrimary)
            setTrue(&entry, "INIntentParameterCombinationSupportsBackgroundExecution", combination.supportsBackgroundExecution)
            setTrue(&entry, "INIntentParameterCombinationUpdatesLinked", combination.updatesLinked)
            let key = combination.parameters.joined(separator: ",")
            if combination.managed { managed[key] = entry } else { plain[key] = entry }
        }
        if !plain.isEmpty { result["INIntentParameterCombinations"] = plain }
        if !managed.isEmpty { result["INIntentManagedParameterCombinations"] = managed }
        return result
    }

    /// Writes `type` under `prefix` + `Type` / `EnumType` / `ObjectType`.
    private static func writeType(_ type: ParameterType, prefix: String, into dictionary: inout [String: Any]) {
        dictionary[prefix + "Type"] = XcodeTypeName.name(of: type)
        switch type {
        case .enumeration(let name): dictionary[prefix + "EnumType"] = name
        case .custom(let name): dictionary[prefix + "ObjectType"] = name
        default: break
        }
    }

    private static func parameter(_ parameter: Parameter, in intent: Intent) -> [String: Any] {
        var result: [String: Any] = [
            "INIntentParameterName": parameter.name,
            "INIntentParameterDisplayPriority": parameter.displayPriority,
            "INIntentParameterSupportsMultipleValues": parameter.supportsMultipleValues,
            "INIntentParameterSupportsResolution": parameter.supportsResolution,
        ]
        writeType(parameter.type, prefix: "INIntentParameter", into: &result)
        result["INIntentParameterDisplayName"] = parameter.displayName
        result["INIntentParameterDisplayNameID"] = parameter.displayNameID
        setTrue(&result, "INIntentParameterSupportsDynamicEnumeration", parameter.supportsDynamicEnumeration)
        setTrue(&result, "INIntentParameterSupportsSearch", parameter.supportsSearch)
        setTrue(&result, "INIntentParameterConfigurable", parameter.configurable)
        setTrue(&result, "INIntentParameterCustomDisambiguation", parameter.customDisambiguation)
        let metadata = metadata(parameter.metadata, type: parameter.type)
        if !metadata.isEmpty { result["INIntentParameterMetadata"] = metadata }
        if !parameter.prompts.isEmpty {
            result["INIntentParameterPromptDialogs"] = parameter.prompts.map { prompt -> [String: Any] in
                var entry: [String: Any] = ["INIntentParameterPromptDialogType": prompt.kind.rawValue]
                entry["INIntentParameterPromptDialogFormatString"] = prompt.formatString
                entry["INIntentParameterPromptDialogFormatStringID"] = prompt.formatStringID
                setTrue(&entry, "INIntentParameterPromptDialogCustom", prompt.custom)
                return entry
            }
        }
        if let relationship = parameter.relationship {
            let parentType = intent.parameter(named: relationship.parent)?.type
            let (name, value, isArray) = RelationshipPredicateName.name(for: relationship, parentType: parentType)
            var entry: [String: Any] = ["INIntentParameterRelationshipPredicateName": name]
            if !relationship.parent.isEmpty { entry["INIntentParameterRelationshipParentName"] = relationship.parent }
            if let value {
                entry[isArray ? "INIntentParameterRelationshipPredicateValues" : "INIntentParameterRelationshipPredicateValue"] = value
            }
            result["INIntentParameterRelationship"] = entry
        }
        if !parameter.unsupportedReasons.isEmpty {
            result["INIntentParameterUnsupportedReasons"] = parameter.unsupportedReasons.map { reason -> [String: Any] in
                var entry: [String: Any] = ["INIntentParameterUnsupportedReasonCode": reason.code]
                entry["INIntentParameterUnsupportedReasonFormatString"] = reason.formatString
                entry["INIntentParameterUnsupportedReasonFormatStringID"] = reason.formatStringID
                setTrue(&entry, "INIntentParameterUnsupportedReasonCustom", reason.custom)
                return entry
            }
        }
        return result
    }

    private static func metadata(_ metadata: ParameterMetadata, type: ParameterType) -> [String: Any] {
        let prefix = "INIntentParameterMetadata"
        var result: [String: Any] = [:]
        func bound(_ value: Double) -> Any {
            if type == .integer, value.rounded() == value, abs(value) < 1e15 { return Int(value) }
            return value
        }
        result[prefix + "MinimumValue"] = metadata.minimum.map(bound)
        result[prefix + "MaximumValue"] = metadata.maximum.map(bound)
        result[prefix + "DefaultValue"] = metadata.defaultValue.map { MetadataValue.typed($0, for: type) }
        result[prefix + "Capitalization"] = metadata.capitalization
        for (key, text) in metadata.other {
            result[key.hasPrefix(prefix) ? key : prefix + key] = MetadataValue.other(text, key: key)
        }
        for (key, value) in metadata.uninterpreted {
            result[key.hasPrefix(prefix) ? key : prefix + key] = value.propertyList
        }
        return result
    }

    private static func response(_ response: Response) -> [String: Any] {
        var result: [String: Any] = [
            "INIntentResponseCodes": response.codes.map { code -> [String: Any] in
                var entry: [String: Any] = [
                    "INIntentResponseCodeName": code.name,
                    "INIntentResponseCodeSuccess": code.success,
                ]
                entry["INIntentResponseCodeFormatString"] = code.formatString
                entry["INIntentResponseCodeConciseFormatString"] = code.conciseFormatString
                entry["INIntentResponseCodeFormatStringID"] = code.formatStringID
                entry["INIntentResponseCodeConciseFormatStringID"] = code.conciseFormatStringID
                return entry
            },
            "INIntentResponseParameters": response.parameters.enumerated().map { index, parameter -> [String: Any] in
                var entry: [String: Any] = [
                    "INIntentResponseParameterName": parameter.name,
                    "INIntentResponseParameterDisplayPriority": index + 1,
                    "INIntentResponseParameterSupportsMultipleValues": parameter.supportsMultipleValues,
                ]
                writeType(parameter.type, prefix: "INIntentResponseParameter", into: &entry)
                entry["INIntentResponseParameterDisplayName"] = parameter.displayName
                entry["INIntentResponseParameterDisplayNameID"] = parameter.displayNameID
                return entry
            },
        ]
        result["INIntentResponseOutput"] = response.outputParameter
        return result
    }

    private static func enumType(_ enumType: EnumType) -> [String: Any] {
        var unknown: [String: Any] = ["INEnumValueName": "unknown"]
        unknown["INEnumValueDisplayName"] = enumType.unknownDisplayName
        unknown["INEnumValueDisplayNameID"] = enumType.unknownDisplayNameID
        var result: [String: Any] = [
            "INEnumName": enumType.name,
            "INEnumType": "Regular",
            // An enum whose 0 is a case has no unknown case to write.
            "INEnumValues": (enumType.zeroIsValue ? [] : [unknown]) + enumType.cases.map { enumCase -> [String: Any] in
                var entry: [String: Any] = ["INEnumValueName": enumCase.name, "INEnumValueIndex": enumCase.value]
                entry["INEnumValueDisplayName"] = enumCase.displayName
                entry["INEnumValueDisplayNameID"] = enumCase.displayNameID
                return entry
            },
        ]
        result["INEnumDisplayName"] = enumType.displayName
        result["INEnumDisplayNameID"] = enumType.displayNameID
        return result
    }

    /// The properties every `INObject` has, which Xcode lists first with `INTypePropertyDefault`.
    private static let defaultProperties: [(name: String, type: String, multiple: Bool)] = [
        ("identifier", "String", false), ("displayString", "String", false),
        ("pronunciationHint", "String", false), ("alternativeSpeakableMatches", "SpeakableString", true),
    ]

    private static func customType(_ type: CustomType, in definition: IntentDefinition) -> [String: Any] {
        var properties: [[String: Any]] = defaultProperties.enumerated().map { index, property in
            [
                "INTypePropertyName": property.name,
                "INTypePropertyType": property.type,
                "INTypePropertyDefault": true,
                "INTypePropertyDisplayPriority": index + 1,
                "INTypePropertySupportsMultipleValues": property.multiple,
            ]
        }
        for (index, property) in type.properties.enumerated() {
            var entry: [String: Any] = [
                "INTypePropertyName": property.name,
                "INTypePropertyDisplayPriority": defaultProperties.count + index + 1,
                "INTypePropertySupportsMultipleValues": property.supportsMultipleValues,
            ]
            writeType(property.type, prefix: "INTypeProperty", into: &entry)
            entry["INTypePropertyDisplayName"] = property.displayName
            entry["INTypePropertyDisplayNameID"] = property.displayNameID
            properties.append(entry)
        }
        var result: [String: Any] = ["INTypeName": type.name, "INTypeProperties": properties]
        result["INTypeDisplayName"] = type.displayName
        result["INTypeDisplayNameID"] = type.displayNameID
        return result
    }
}
