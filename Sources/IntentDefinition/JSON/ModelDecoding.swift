/// The JSON form's decoding: every optional, boolean and array key may be
/// omitted (defaults: nil, false, empty; a parameter's `displayPriority`
/// defaults to its position, an enum case's `value` to its position), and an
/// unknown key is an error naming its path. Encoding is the synthesized one,
/// with the property names as keys.

extension IntentDefinition {
    /// Decodes the JSON form.
    ///
    /// - Throws: `JSONFormIssue` or `DecodingError` on malformed input.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        try c.rejectUnknownKeys(["modelVersion", "namespace", "classPrefix", "intents", "enums", "types"])
        self.init(
            modelVersion: try c.optional("modelVersion"),
            namespace: try c.optional("namespace"),
            classPrefix: try c.optional("classPrefix"),
            intents: try c.value("intents", default: []),
            enums: try c.value("enums", default: []),
            types: try c.value("types", default: [])
        )
    }
}

extension Intent {
    /// Decodes the JSON form; parameters without a `displayPriority` take their position.
    ///
    /// - Throws: `JSONFormIssue` or `DecodingError` on malformed input.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        try c.rejectUnknownKeys([
            "name", "title", "description", "category", "verb", "kind", "defaultImageName", "configurable",
            "ineligibleForSuggestions", "deprecated", "userConfirmationRequired", "eligibleForWidgets", "restrictions",
            "keyParameter", "inputParameter", "parameters", "parameterCombinations", "response",
        ])
        var parameters: [Parameter] = try c.value("parameters", default: [])
        for index in parameters.indices where parameters[index].displayPriority == Parameter.unsetPriority {
            parameters[index].displayPriority = index + 1
        }
        let combinations: [ParameterCombination] = try c.value("parameterCombinations", default: [])
        self.init(
            name: try c.required("name"),
            title: try c.optional("title"),
            description: try c.optional("description"),
            category: try c.optional("category"),
            verb: try c.optional("verb"),
            kind: try c.optional("kind"),
            defaultImageName: try c.optional("defaultImageName"),
            configurable: try c.value("configurable", default: false),
            ineligibleForSuggestions: try c.value("ineligibleForSuggestions", default: false),
            deprecated: try c.value("deprecated", default: false),
            userConfirmationRequired: try c.value("userConfirmationRequired", default: false),
            restrictions: try c.optional("restrictions"),
            keyParameter: try c.optional("keyParameter"),
            inputParameter: try c.optional("inputParameter"),
            parameters: PropertyListReader.stableSorted(parameters) { $0.displayPriority },
            parameterCombinations: ParameterCombination.canonicalOrder(combinations),
            response: try c.value("response", default: Response()),
            eligibleForWidgets: try c.value("eligibleForWidgets", default: false)
        )
    }
}

extension Parameter {
    /// The priority a decoded parameter has until its intent gives it its position.
    static let unsetPriority = Int.min

    /// Decodes the JSON form.
    ///
    /// - Throws: `JSONFormIssue` or `DecodingError` on malformed input.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        try c.rejectUnknownKeys([
            "name", "displayName", "displayPriority", "type", "supportsMultipleValues", "supportsResolution",
            "supportsDynamicEnumeration", "supportsSearch", "configurable", "customDisambiguation", "metadata",
            "prompts", "relationship", "unsupportedReasons",
        ])
        self.init(
            name: try c.required("name"),
            displayName: try c.optional("displayName"),
            displayPriority: try c.value("displayPriority", default: Parameter.unsetPriority),
            type: try c.required("type"),
            supportsMultipleValues: try c.value("supportsMultipleValues", default: false),
            supportsResolution: try c.value("supportsResolution", default: false),
            supportsDynamicEnumeration: try c.value("supportsDynamicEnumeration", default: false),
            supportsSearch: try c.value("supportsSearch", default: false),
            configurable: try c.value("configurable", default: false),
            customDisambiguation: try c.value("customDisambiguation", default: false),
            metadata: try c.value("metadata", default: ParameterMetadata()),
            prompts: try c.value("prompts", default: []),
            relationship: try c.optional("relationship"),
            unsupportedReasons: try c.value("unsupportedReasons", default: [])
        )
    }
}

extension ParameterMetadata {
    /// Decodes the JSON form.
    ///
    /// - Throws: `JSONFormIssue` or `DecodingError` on malformed input.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        try c.rejectUnknownKeys(["minimum", "maximum", "defaultValue", "capitalization", "other"])
        self.init(
            minimum: try c.optional("minimum"),
            maximum: try c.optional("maximum"),
            defaultValue: try c.optional("defaultValue"),
            capitalization: try c.optional("capitalization"),
            other: try c.value("other", default: [:])
        )
    }
}


extension Prompt {
    /// Decodes the JSON form.
    ///
    /// - Throws: `JSONFormIssue` or `DecodingError` on malformed input.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        try c.rejectUnknownKeys(["kind", "formatString", "custom"])
        self.init(
            kind: try c.oneOf("kind", Kind.self),
            formatString: try c.optional("formatString"),
            custom: try c.value("custom", default: false)
        )
    }
}

extension Relationship {
    /// Decodes the JSON form.
    ///
    /// - Throws: `JSONFormIssue` or `DecodingError` on malformed input.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        try c.rejectUnknownKeys(["parent", "predicate", "values"])
        self.init(
            parent: try c.required("parent"),
            predicate: try c.oneOf("predicate", Predicate.self),
            values: try c.value("values", default: [])
        )
    }
}

extension UnsupportedReason {
    /// Decodes the JSON form.
    ///
    /// - Throws: `JSONFormIssue` or `DecodingError` on malformed input.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        try c.rejectUnknownKeys(["code", "formatString", "custom"])
        self.init(
            code: try c.required("code"),
            formatString: try c.optional("formatString"),
            custom: try c.value("custom", default: false)
        )
    }
}

extension ParameterCombination {
    /// Decodes the JSON form.
    ///
    /// - Throws: `JSONFormIssue` or `DecodingError` on malformed input.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        try c.rejectUnknownKeys(["parameters", "title", "subtitle", "isPrimary", "supportsBackgroundExecution", "managed", "updatesLinked"])
        self.init(
            parameters: try c.required("parameters"),
            title: try c.optional("title"),
            subtitle: try c.optional("subtitle"),
            isPrimary: try c.value("isPrimary", default: false),
            supportsBackgroundExecution: try c.value("supportsBackgroundExecution", default: false),
            managed: try c.value("managed", default: false),
            updatesLinked: try c.value("updatesLinked", default: false)
        )
    }

    /// The model's order: plain combinations, then managed ones, each sorted by key.
    static func canonicalOrder(_ combinations: [ParameterCombination]) -> [ParameterCombination] {
        combinations.enumerated().sorted { lhs, rhs in
            let left = (lhs.element.managed ? 1 : 0, lhs.element.parameters.joined(separator: ","))
            let right = (rhs.element.managed ? 1 : 0, rhs.element.parameters.joined(separator: ","))
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
    }
}

extension Response {
    /// Decodes the JSON form.
    ///
    /// - Throws: `JSONFormIssue` or `DecodingError` on malformed input.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        try c.rejectUnknownKeys(["parameters", "codes", "outputParameter"])
        self.init(
            parameters: try c.value("parameters", default: []),
            codes: try c.value("codes", default: []),
            outputParameter: try c.optional("outputParameter")
        )
    }
}

extension ResponseParameter {
    /// Decodes the JSON form.
    ///
    /// - Throws: `JSONFormIssue` or `DecodingError` on malformed input.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        try c.rejectUnknownKeys(["name", "displayName", "type", "supportsMultipleValues"])
        self.init(
            name: try c.required("name"),
            displayName: try c.optional("displayName"),
            type: try c.required("type"),
            supportsMultipleValues: try c.value("supportsMultipleValues", default: false)
        )
    }
}

extension ResponseCode {
    /// Decodes the JSON form.
    ///
    /// - Throws: `JSONFormIssue` or `DecodingError` on malformed input.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        try c.rejectUnknownKeys(["name", "formatString", "conciseFormatString", "success"])
        self.init(
            name: try c.required("name"),
            formatString: try c.optional("formatString"),
            conciseFormatString: try c.optional("conciseFormatString"),
            success: try c.value("success", default: false)
        )
    }
}

extension EnumType {
    /// Decodes the JSON form; cases without a `value` take their position (1, 2, …).
    ///
    /// - Throws: `JSONFormIssue` or `DecodingError` on malformed input.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        try c.rejectUnknownKeys(["name", "displayName", "cases", "unknownDisplayName"])
        var cases: [EnumCase] = try c.value("cases", default: [])
        for index in cases.indices where cases[index].value == EnumCase.unsetValue {
            cases[index].value = index + 1
        }
        self.init(
            name: try c.required("name"),
            displayName: try c.optional("displayName"),
            cases: cases,
            unknownDisplayName: try c.optional("unknownDisplayName")
        )
    }
}

extension EnumCase {
    /// The value a decoded case has until its enum gives it its position.
    static let unsetValue = Int.min

    /// Decodes the JSON form.
    ///
    /// - Throws: `JSONFormIssue` or `DecodingError` on malformed input.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        try c.rejectUnknownKeys(["name", "displayName", "value"])
        self.init(
            name: try c.required("name"),
            displayName: try c.optional("displayName"),
            value: try c.value("value", default: EnumCase.unsetValue)
        )
    }
}

extension CustomType {
    /// Decodes the JSON form.
    ///
    /// - Throws: `JSONFormIssue` or `DecodingError` on malformed input.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        try c.rejectUnknownKeys(["name", "displayName", "properties"])
        self.init(
            name: try c.required("name"),
            displayName: try c.optional("displayName"),
            properties: try c.value("properties", default: [])
        )
    }
}

extension TypeProperty {
    /// Decodes the JSON form.
    ///
    /// - Throws: `JSONFormIssue` or `DecodingError` on malformed input.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        try c.rejectUnknownKeys(["name", "displayName", "type", "supportsMultipleValues"])
        self.init(
            name: try c.required("name"),
            displayName: try c.optional("displayName"),
            type: try c.required("type"),
            supportsMultipleValues: try c.value("supportsMultipleValues", default: false)
        )
    }
}
