import ExthostABI

/// The JSON form's decoding: every optional, boolean and array key may be
/// omitted (defaults: nil, false, empty; a parameter's `displayPriority`
/// defaults to its position, an enum case's `value` to its position), and an
/// unknown key is an error naming its path. Encoding is the synthesized one,
/// with the property names as keys.
///
/// Each type reads itself from a `FormNode` (`init(form:)`); its `Decodable`
/// conformance, for any other decoder, reads the JSON value first and then
/// does the same (``JSONFormDecodable``).

/// A model type read from its JSON form.
protocol JSONFormDecodable: Decodable {
    /// Reads the type from a node of the JSON form.
    ///
    /// - Throws: `JSONFormIssue` on malformed input.
    init(form node: FormNode) throws
}

extension JSONFormDecodable {
    /// Decodes the JSON form.
    ///
    /// - Throws: `JSONFormIssue` or `DecodingError` on malformed input.
    public init(from decoder: any Decoder) throws {
        try self.init(form: FormNode(try OrderedJSON(from: decoder), codingPath: decoder.codingPath))
    }
}

extension IntentDefinition: JSONFormDecodable {
    init(form node: FormNode) throws {
        let c = try node.object()
        try c.rejectUnknownKeys(["modelVersion", "namespace", "classPrefix", "intents", "enums", "types", "localizations", "keptPropertyListKeys"])
        self.init(
            modelVersion: try c.optionalString("modelVersion"),
            namespace: try c.optionalString("namespace"),
            classPrefix: try c.optionalString("classPrefix"),
            intents: try c.list("intents", Intent.init(form:)),
            enums: try c.list("enums", EnumType.init(form:)),
            types: try c.list("types", CustomType.init(form:)),
            localizations: try c.node("localizations").map(Self.localizations(form:))
        )
        if let kept = c.node("keptPropertyListKeys") {
            for member in try kept.object().members {
                keptPropertyListKeys[member.key] = try PropertyListValue(form: FormNode(member.value, parentPath: kept.codingPath, key: .name(member.key)))
            }
        }
    }

    /// `{"ja": {"<ID>": "text", …}, …}`.
    private static func localizations(form node: FormNode) throws -> [String: [String: String]] {
        var result: [String: [String: String]] = [:]
        for language in try node.object().members {
            var table: [String: String] = [:]
            let tableNode = FormNode(language.value, parentPath: node.codingPath, key: .name(language.key))
            for entry in try tableNode.object().members {
                table[entry.key] = try FormNode(entry.value, parentPath: tableNode.codingPath, key: .name(entry.key)).string()
            }
            result[language.key] = table
        }
        return result
    }
}

extension Intent: JSONFormDecodable {
    /// Reads the JSON form; parameters without a `displayPriority` take their position.
    init(form node: FormNode) throws {
        let c = try node.object()
        try c.rejectUnknownKeys([
            "name", "title", "description", "category", "verb", "kind", "defaultImageName", "configurable",
            "ineligibleForSuggestions", "deprecated", "userConfirmationRequired", "eligibleForWidgets", "restrictions",
            "keyParameter", "inputParameter", "parameters", "parameterCombinations", "response", "formerNames",
            "titleID", "descriptionID", "deprecationMessage",
        ])
        var parameters = try c.list("parameters", Parameter.init(form:))
        for index in parameters.indices where parameters[index].displayPriority == Parameter.unsetPriority {
            parameters[index].displayPriority = index + 1
        }
        let combinations = try c.list("parameterCombinations", ParameterCombination.init(form:))
        let deprecated = try c.bool("deprecated")
        let deprecationMessage = try c.optionalString("deprecationMessage")
        if deprecationMessage != nil, !deprecated {
            throw JSONFormIssue(
                kind: .unknownValue, codingPath: c.codingPath + [JSONKey("deprecationMessage")],
                message: "deprecationMessage is set, but the intent is not deprecated; add \"deprecated\": true or remove the message."
            )
        }
        self.init(
            name: try c.string("name"),
            title: try c.optionalString("title"),
            description: try c.optionalString("description"),
            category: try c.optionalString("category"),
            verb: try c.optionalString("verb"),
            kind: try c.optionalString("kind"),
            defaultImageName: try c.optionalString("defaultImageName"),
            configurable: try c.bool("configurable"),
            ineligibleForSuggestions: try c.bool("ineligibleForSuggestions"),
            deprecated: deprecated,
            userConfirmationRequired: try c.bool("userConfirmationRequired"),
            restrictions: try c.optionalInt("restrictions"),
            keyParameter: try c.optionalString("keyParameter"),
            inputParameter: try c.optionalString("inputParameter"),
            parameters: PropertyListReader.stableSorted(parameters) { $0.displayPriority },
            parameterCombinations: ParameterCombination.canonicalOrder(combinations),
            response: try c.node("response").map(Response.init(form:)) ?? Response(),
            eligibleForWidgets: try c.bool("eligibleForWidgets"),
            formerNames: try c.node("formerNames").map(FormerHandlerNames.init(form:)),
            titleID: try c.optionalString("titleID"),
            descriptionID: try c.optionalString("descriptionID"),
            deprecationMessage: deprecationMessage
        )
    }
}

extension FormerHandlerNames: JSONFormDecodable {
    init(form node: FormNode) throws {
        let c = try node.object()
        try c.rejectUnknownKeys(["label", "parameters", "deprecated"])
        self.init(
            label: try c.string("label"), formerParameters: try c.list("parameters", FormerParameter.init(form:)),
            deprecated: try c.bool("deprecated") ? true : nil
        )
    }
}

extension FormerParameter: JSONFormDecodable {
    /// A parameter's name (a renamed method), or an object saying what else changed.
    init(form node: FormNode) throws {
        if case .string(let name) = node.value {
            self.init(name: name)
            return
        }
        let c = try node.object()
        try c.rejectUnknownKeys(["name", "formerName", "type", "baseResult", "deprecationMessage"])
        self.init(
            name: try c.string("name"),
            formerName: try c.optionalString("formerName"),
            type: c.node("type") == nil ? nil : try c.type("type"),
            baseResult: try c.bool("baseResult") ? true : nil,
            deprecationMessage: try c.optionalString("deprecationMessage")
        )
    }
}

extension Parameter: JSONFormDecodable {
    /// The priority a decoded parameter has until its intent gives it its position.
    static let unsetPriority = Int.min

    init(form node: FormNode) throws {
        let c = try node.object()
        try c.rejectUnknownKeys([
            "name", "displayName", "displayPriority", "type", "supportsMultipleValues", "supportsResolution",
            "supportsDynamicEnumeration", "supportsSearch", "configurable", "customDisambiguation", "metadata",
            "prompts", "relationship", "unsupportedReasons", "confirmationReasons", "resultName", "resultSubclassOnly", "displayNameID", "deprecated",
        ])
        self.init(
            name: try c.string("name"),
            displayName: try c.optionalString("displayName"),
            displayPriority: try c.optionalInt("displayPriority") ?? Parameter.unsetPriority,
            type: try c.type("type"),
            supportsMultipleValues: try c.bool("supportsMultipleValues"),
            supportsResolution: try c.bool("supportsResolution"),
            supportsDynamicEnumeration: try c.bool("supportsDynamicEnumeration"),
            supportsSearch: try c.bool("supportsSearch"),
            configurable: try c.bool("configurable"),
            customDisambiguation: try c.bool("customDisambiguation"),
            metadata: try c.node("metadata").map(ParameterMetadata.init(form:)) ?? ParameterMetadata(),
            prompts: try c.list("prompts", Prompt.init(form:)),
            relationship: try c.node("relationship").map(Relationship.init(form:)),
            unsupportedReasons: try c.list("unsupportedReasons", UnsupportedReason.init(form:)),
            resultName: try c.optionalString("resultName"),
            resultSubclassOnly: try c.bool("resultSubclassOnly") ? true : nil,
            displayNameID: try c.optionalString("displayNameID"),
            deprecated: try c.node("deprecated").flatMap(ParameterDeprecation.read(form:)),
            confirmationReasons: try c.list("confirmationReasons", ConfirmationReason.init(form:))
        )
    }
}

extension ParameterMetadata: JSONFormDecodable {
    init(form node: FormNode) throws {
        let c = try node.object()
        try c.rejectUnknownKeys(["minimum", "maximum", "defaultValue", "capitalization", "other", "uninterpreted"])
        var other: [String: String] = [:]
        if let node = c.node("other") {
            for member in try node.object().members {
                other[member.key] = try FormNode(member.value, parentPath: node.codingPath, key: .name(member.key)).string()
            }
        }
        var uninterpreted: [String: PropertyListValue] = [:]
        if let node = c.node("uninterpreted") {
            for member in try node.object().members {
                uninterpreted[member.key] = try PropertyListValue(form: FormNode(member.value, parentPath: node.codingPath, key: .name(member.key)))
            }
        }
        self.init(
            minimum: try c.optionalDouble("minimum"),
            maximum: try c.optionalDouble("maximum"),
            defaultValue: try c.optionalString("defaultValue"),
            capitalization: try c.optionalString("capitalization"),
            other: other,
            uninterpreted: uninterpreted
        )
    }
}

extension PropertyListValue {
    /// Decodes the JSON form: an object with one member naming the type.
    init(form node: FormNode) throws {
        let c = try node.object()
        try c.rejectUnknownKeys(["string", "integer", "real", "boolean", "data", "array", "dictionary"])
        if let text = try c.optionalString("string") {
            self = .string(text)
        } else if let int = try c.optionalInt("integer") {
            self = .integer(int)
        } else if let double = try c.optionalDouble("real") {
            self = .real(double)
        } else if let flag = c.node("boolean") {
            self = .boolean(try flag.bool())
        } else if let bytes = c.node("data") {
            self = .data(try bytes.array().map { node in
                guard let byte = UInt8(exactly: try node.int()) else { throw node.mismatch(UInt8.self) }
                return byte
            })
        } else if let items = c.node("array") {
            self = .array(try items.array().map(PropertyListValue.init(form:)))
        } else if let members = c.node("dictionary") {
            var result: [String: PropertyListValue] = [:]
            for member in try members.object().members {
                result[member.key] = try PropertyListValue(form: FormNode(member.value, parentPath: members.codingPath, key: .name(member.key)))
            }
            self = .dictionary(result)
        } else {
            throw node.mismatch(PropertyListValue.self)
        }
    }
}

extension Prompt: JSONFormDecodable {
    init(form node: FormNode) throws {
        let c = try node.object()
        try c.rejectUnknownKeys(["kind", "formatString", "formatStringID", "custom"])
        self.init(
            kind: try c.oneOf("kind", Kind.self),
            formatString: try c.optionalString("formatString"),
            custom: try c.bool("custom"),
            formatStringID: try c.optionalString("formatStringID")
        )
    }
}

extension Relationship: JSONFormDecodable {
    init(form node: FormNode) throws {
        let c = try node.object()
        try c.rejectUnknownKeys(["parent", "predicate", "values"])
        self.init(
            parent: try c.string("parent"),
            predicate: try c.oneOf("predicate", Predicate.self),
            values: try c.strings("values")
        )
    }
}

extension UnsupportedReason: JSONFormDecodable {
    init(form node: FormNode) throws {
        let c = try node.object()
        try c.rejectUnknownKeys(["code", "formatString", "formatStringID", "custom"])
        self.init(
            code: try c.string("code"),
            formatString: try c.optionalString("formatString"),
            custom: try c.bool("custom"),
            formatStringID: try c.optionalString("formatStringID")
        )
    }
}

extension ParameterCombination: JSONFormDecodable {
    init(form node: FormNode) throws {
        let c = try node.object()
        try c.rejectUnknownKeys(["parameters", "title", "subtitle", "isPrimary", "supportsBackgroundExecution", "managed", "updatesLinked",
                                  "titleID", "subtitleID"])
        _ = try c.required("parameters")
        self.init(
            parameters: try c.strings("parameters"),
            title: try c.optionalString("title"),
            subtitle: try c.optionalString("subtitle"),
            isPrimary: try c.bool("isPrimary"),
            supportsBackgroundExecution: try c.bool("supportsBackgroundExecution"),
            managed: try c.bool("managed"),
            updatesLinked: try c.bool("updatesLinked"),
            titleID: try c.optionalString("titleID"),
            subtitleID: try c.optionalString("subtitleID")
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

extension Response: JSONFormDecodable {
    init(form node: FormNode) throws {
        let c = try node.object()
        try c.rejectUnknownKeys(["parameters", "codes", "outputParameter"])
        self.init(
            parameters: try c.list("parameters", ResponseParameter.init(form:)),
            codes: try c.list("codes", ResponseCode.init(form:)),
            outputParameter: try c.optionalString("outputParameter")
        )
    }
}

extension ResponseParameter: JSONFormDecodable {
    init(form node: FormNode) throws {
        let c = try node.object()
        try c.rejectUnknownKeys(["name", "displayName", "displayNameID", "type", "supportsMultipleValues", "jsonObject"])
        self.init(
            name: try c.string("name"),
            displayName: try c.optionalString("displayName"),
            type: try c.type("type"),
            supportsMultipleValues: try c.bool("supportsMultipleValues"),
            displayNameID: try c.optionalString("displayNameID"),
            isJSONObject: try c.bool("jsonObject")
        )
        if isJSONObject, type != .string || supportsMultipleValues {
            throw DecodingError.dataCorrupted(.init(
                codingPath: node.codingPath,
                debugDescription: "response property '\(name)' is a jsonObject but is \(supportsMultipleValues ? "a list of " : "one ")\(type.jsonName): "
                    + "only a single String holds a JSON object's text; make it \"type\": \"String\" without \"supportsMultipleValues\", or remove \"jsonObject\"."
            ))
        }
    }
}

extension ResponseCode: JSONFormDecodable {
    init(form node: FormNode) throws {
        let c = try node.object()
        try c.rejectUnknownKeys(["name", "formatString", "formatStringID", "conciseFormatString", "conciseFormatStringID", "success", "value"])
        self.init(
            name: try c.string("name"),
            formatString: try c.optionalString("formatString"),
            conciseFormatString: try c.optionalString("conciseFormatString"),
            success: try c.bool("success"),
            formatStringID: try c.optionalString("formatStringID"),
            conciseFormatStringID: try c.optionalString("conciseFormatStringID"),
            value: try c.optionalInt("value")
        )
    }
}

extension EnumType: JSONFormDecodable {
    /// Reads the JSON form; cases without a `value` take their position (1, 2, …),
    /// or in an option set their bit (1, 2, 4, …). An option set's values must
    /// be distinct single bits that fit the ABI's `int32_t` (up to `1 << 30`).
    /// An enum whose 0 is a value (`zeroIsValue`) has exactly one case of
    /// value 0 and no name for an `unknown` case.
    init(form node: FormNode) throws {
        let c = try node.object()
        try c.rejectUnknownKeys([
            "name", "displayName", "displayNameID", "cases", "unknownDisplayName", "unknownDisplayNameID", "optionSet", "unknownName",
            "zeroIsValue",
        ])
        let isOptionSet = try c.bool("optionSet")
        let zeroIsValue = try c.bool("zeroIsValue")
        var cases = try c.list("cases", EnumCase.init(form:))
        for index in cases.indices where cases[index].value == EnumCase.unsetValue {
            cases[index].value = isOptionSet ? 1 << index : index + 1
        }
        if isOptionSet {
            var seen = 0
            for enumCase in cases {
                let value = enumCase.value
                guard value > 0, value <= 1 << 30, value & (value - 1) == 0, seen & value == 0 else {
                    throw DecodingError.dataCorrupted(.init(
                        codingPath: node.codingPath,
                        debugDescription: "option '\(enumCase.name)' has value \(value): each option of an option set is one bit of its own, 1 to 1 << 30 (1, 2, 4, …); give it a power of two no other option has."
                    ))
                }
                seen |= value
            }
        }
        if zeroIsValue {
            func refuse(_ reason: String) -> DecodingError {
                DecodingError.dataCorrupted(.init(codingPath: node.codingPath, debugDescription: "\"zeroIsValue\": true says 0 is one of the enum's cases, \(reason)"))
            }
            if isOptionSet { throw refuse("but an option set's 0 is no option: leave out one of \"zeroIsValue\" and \"optionSet\".") }
            if c.node("unknownName") != nil || c.node("unknownDisplayName") != nil {
                throw refuse("so it has no unknown case to name: leave out \"unknownName\" and \"unknownDisplayName\".")
            }
            let zeros = cases.filter { $0.value == 0 }.map(\.name)
            guard zeros.count == 1 else {
                throw refuse(zeros.isEmpty ? "but no case has \"value\": 0; give the first case (Apple's) value 0."
                    : "but \(zeros.count) cases have value 0 (\(zeros.joined(separator: ", "))); give one of them 0.")
            }
        }
        self.init(
            name: try c.string("name"),
            displayName: try c.optionalString("displayName"),
            cases: cases,
            unknownDisplayName: try c.optionalString("unknownDisplayName"),
            isOptionSet: isOptionSet,
            unknownName: try c.optionalString("unknownName"),
            displayNameID: try c.optionalString("displayNameID"),
            unknownDisplayNameID: try c.optionalString("unknownDisplayNameID"),
            zeroIsValue: zeroIsValue
        )
    }
}

extension EnumCase: JSONFormDecodable {
    /// The value a decoded case has until its enum gives it its position.
    static let unsetValue = Int.min

    init(form node: FormNode) throws {
        let c = try node.object()
        try c.rejectUnknownKeys(["name", "displayName", "displayNameID", "value"])
        self.init(
            name: try c.string("name"),
            displayName: try c.optionalString("displayName"),
            value: try c.optionalInt("value") ?? EnumCase.unsetValue,
            displayNameID: try c.optionalString("displayNameID")
        )
    }
}

extension CustomType: JSONFormDecodable {
    init(form node: FormNode) throws {
        let c = try node.object()
        try c.rejectUnknownKeys(["name", "displayName", "displayNameID", "properties", "plainObject", "swiftValueType"])
        let plain = try c.bool("plainObject")
        let valueType = try c.optionalString("swiftValueType")
        if valueType != nil, !plain {
            throw DecodingError.dataCorrupted(.init(
                codingPath: node.codingPath,
                debugDescription: "type '\(try c.string("name"))' has \"swiftValueType\" but is no plain object: only a plain object is refined into a Swift value type; add \"plainObject\": true or remove \"swiftValueType\"."
            ))
        }
        self.init(
            name: try c.string("name"),
            displayName: try c.optionalString("displayName"),
            properties: try c.list("properties") { node in try TypeProperty(form: node, inPlainObject: plain) },
            displayNameID: try c.optionalString("displayNameID"),
            isPlainObject: plain,
            swiftValueType: valueType
        )
    }
}

extension TypeProperty: JSONFormDecodable {
    init(form node: FormNode) throws { try self.init(form: node, inPlainObject: false) }

    /// Reads a property; one of a plain object (``CustomType/isPlainObject``)
    /// may also be a nonnull number (Swift's `Int`, 0 when not given) or a
    /// nonnull enum (one that must be given, as it has no blank value).
    init(form node: FormNode, inPlainObject: Bool) throws {
        let c = try node.object()
        try c.rejectUnknownKeys(["name", "displayName", "displayNameID", "type", "supportsMultipleValues", "nonnull"])
        self.init(
            name: try c.string("name"),
            displayName: try c.optionalString("displayName"),
            type: try c.type("type"),
            supportsMultipleValues: try c.bool("supportsMultipleValues"),
            isNonnull: try c.bool("nonnull"),
            displayNameID: try c.optionalString("displayNameID")
        )
        let plainKinds: [ValueKind] = [.object, .integer, .decimal, .boolean, .enumeration]
        if isNonnull, !supportsMultipleValues, !(inPlainObject ? plainKinds : [.object]).contains(type.valueKind) {
            let allowed = inPlainObject ? "a list, an object, a number, a Boolean or an enum" : "a list or an object (or, in a plain object, a number or an enum)"
            throw DecodingError.dataCorrupted(.init(
                codingPath: node.codingPath,
                debugDescription: "property '\(name)' is nonnull but is one \(type.jsonName): only \(allowed) can be nonnull; remove \"nonnull\" or make it a list."
            ))
        }
    }
}

extension OrderedJSON: Decodable {
    /// Reads any JSON value from a decoder, so the model's readers can run
    /// behind any `Decoder`.
    init(from decoder: any Decoder) throws {
        if var items = try? decoder.unkeyedContainer() {
            var values: [OrderedJSON] = []
            while !items.isAtEnd { values.append(try items.decode(OrderedJSON.self)) }
            self = .array(values)
            return
        }
        if let object = try? decoder.container(keyedBy: JSONKey.self) {
            self = .object(try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
                (key.stringValue, try object.decode(OrderedJSON.self, forKey: key))
            })
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let whole = try? single.decode(Int.self) {
            self = .number(Double(whole), text: String(whole))
        } else if let number = try? single.decode(Double.self) {
            self = .number(number, text: String(number))
        } else {
            self = .string(try single.decode(String.self))
        }
    }
}

extension ParameterDeprecation {
    /// `true`, `false` (not deprecated: nil), or an object with `renamed` and `message`.
    static func read(form node: FormNode) throws -> ParameterDeprecation? {
        if case .bool(let flag) = node.value { return flag ? ParameterDeprecation() : nil }
        let c = try node.object()
        try c.rejectUnknownKeys(["renamed", "message"])
        return ParameterDeprecation(renamed: try c.optionalString("renamed"), message: try c.optionalString("message"))
    }
}
