/// Each model type's fields in the definition tables (``DefinitionTables``),
/// written and read side by side, in the order of the type's declaration.
/// A field added to the model is added here and the tables' version raised.

extension TableWriter {
    /// The name, display name and its string ID most model types start with.
    mutating func names(_ name: String, _ displayName: String?, _ displayNameID: String?) {
        text(name)
        text(displayName)
        text(displayNameID)
    }
}

extension TableReader {
    /// What ``TableWriter/names(_:_:_:)`` wrote.
    mutating func names() throws(DefinitionTablesError) -> (name: String, displayName: String?, displayNameID: String?) {
        (try text(), try optionalText(), try optionalText())
    }
}

extension ParameterType {
    func write(to out: inout TableWriter) { out.text(jsonName) }

    init(tables reader: inout TableReader) throws(DefinitionTablesError) {
        let name = try reader.text()
        guard let type = ParameterType(jsonName: name) else { throw reader.failure("unknown parameter type \"\(name)\"") }
        self = type
    }
}

extension PropertyListValue {
    func write(to out: inout TableWriter) {
        switch self {
        case .string(let value): out.count(0); out.text(value)
        case .integer(let value): out.count(1); out.signed(value)
        case .real(let value): out.count(2); out.real(value)
        case .boolean(let value): out.count(3); out.flag(value)
        case .data(let value): out.count(4); out.list(value) { $0.count(Int($1)) }
        case .array(let items): out.count(5); out.list(items) { $1.write(to: &$0) }
        case .dictionary(let members):
            out.count(6)
            out.list(members.keys.sorted()) { out, key in
                out.text(key)
                members[key]!.write(to: &out)
            }
        }
    }

    init(tables reader: inout TableReader) throws(DefinitionTablesError) {
        switch try reader.number() {
        case 0: self = .string(try reader.text())
        case 1: self = .integer(try reader.signed())
        case 2: self = .real(try reader.real())
        case 3: self = .boolean(try reader.flag())
        case 4:
            self = .data(try reader.list { reader throws(DefinitionTablesError) in
                let byte = try reader.number()
                guard byte <= 0xFF else { throw reader.failure("a data byte is \(byte)") }
                return UInt8(byte)
            })
        case 5: self = .array(try reader.list { reader throws(DefinitionTablesError) in try PropertyListValue(tables: &reader) })
        case 6:
            let count = try reader.count()
            var members: [String: PropertyListValue] = [:]
            for _ in 0..<count {
                let key = try reader.text()
                members[key] = try PropertyListValue(tables: &reader)
            }
            self = .dictionary(members)
        case let other: throw reader.failure("unknown property list value kind \(other)")
        }
    }
}

extension ParameterMetadata {
    func write(to out: inout TableWriter) {
        out.optional(minimum) { $0.real($1) }
        out.optional(maximum) { $0.real($1) }
        out.text(defaultValue)
        out.text(capitalization)
        out.textTable(other)
        out.list(uninterpreted.keys.sorted()) { out, key in
            out.text(key)
            uninterpreted[key]!.write(to: &out)
        }
    }

    init(tables reader: inout TableReader) throws(DefinitionTablesError) {
        self.init()
        minimum = try reader.optional { reader throws(DefinitionTablesError) in try reader.real() }
        maximum = try reader.optional { reader throws(DefinitionTablesError) in try reader.real() }
        defaultValue = try reader.optionalText()
        capitalization = try reader.optionalText()
        other = try reader.textTable()
        let count = try reader.count()
        for _ in 0..<count {
            let key = try reader.text()
            uninterpreted[key] = try PropertyListValue(tables: &reader)
        }
    }
}

extension Prompt {
    func write(to out: inout TableWriter) {
        out.text(kind.rawValue)
        out.text(formatString)
        out.text(formatStringID)
        out.flag(custom)
    }

    init(tables reader: inout TableReader) throws(DefinitionTablesError) {
        let name = try reader.text()
        guard let kind = Kind(rawValue: name) else { throw reader.failure("unknown prompt kind \"\(name)\"") }
        self.init(kind: kind, formatString: try reader.optionalText(), formatStringID: try reader.optionalText())
        custom = try reader.flag()
    }
}

extension Relationship {
    func write(to out: inout TableWriter) {
        out.text(parent)
        out.text(predicate.rawValue)
        out.texts(values)
    }

    init(tables reader: inout TableReader) throws(DefinitionTablesError) {
        let parent = try reader.text()
        let name = try reader.text()
        guard let predicate = Predicate(rawValue: name) else { throw reader.failure("unknown relationship predicate \"\(name)\"") }
        self.init(parent: parent, predicate: predicate, values: try reader.texts())
    }
}

extension UnsupportedReason {
    func write(to out: inout TableWriter) {
        out.text(code)
        out.text(formatString)
        out.text(formatStringID)
        out.flag(custom)
    }

    init(tables reader: inout TableReader) throws(DefinitionTablesError) {
        self.init(code: try reader.text(), formatString: try reader.optionalText(), formatStringID: try reader.optionalText())
        custom = try reader.flag()
    }
}

extension Parameter {
    func write(to out: inout TableWriter) {
        out.names(name, displayName, displayNameID)
        out.signed(displayPriority)
        type.write(to: &out)
        for flag in [supportsMultipleValues, supportsResolution, supportsDynamicEnumeration, supportsSearch, configurable, customDisambiguation] {
            out.flag(flag)
        }
        metadata.write(to: &out)
        out.list(prompts) { $1.write(to: &$0) }
        out.optional(relationship) { $1.write(to: &$0) }
        out.list(unsupportedReasons) { $1.write(to: &$0) }
        out.text(resultName)
        out.optional(resultSubclassOnly) { $0.flag($1) }
        out.optional(deprecated) { out, deprecation in
            out.text(deprecation.renamed)
            out.text(deprecation.message)
        }
        out.list(confirmationReasons) { $1.write(to: &$0) }
    }

    init(tables reader: inout TableReader) throws(DefinitionTablesError) {
        let names = try reader.names()
        let displayPriority = try reader.signed()
        self.init(name: names.name, displayName: names.displayName, displayPriority: displayPriority, type: try ParameterType(tables: &reader),
                  displayNameID: names.displayNameID)
        supportsMultipleValues = try reader.flag()
        supportsResolution = try reader.flag()
        supportsDynamicEnumeration = try reader.flag()
        supportsSearch = try reader.flag()
        configurable = try reader.flag()
        customDisambiguation = try reader.flag()
        metadata = try ParameterMetadata(tables: &reader)
        prompts = try reader.list { reader throws(DefinitionTablesError) in try Prompt(tables: &reader) }
        relationship = try reader.optional { reader throws(DefinitionTablesError) in try Relationship(tables: &reader) }
        unsupportedReasons = try reader.list { reader throws(DefinitionTablesError) in try UnsupportedReason(tables: &reader) }
        resultName = try reader.optionalText()
        resultSubclassOnly = try reader.optional { reader throws(DefinitionTablesError) in try reader.flag() }
        deprecated = try reader.optional { reader throws(DefinitionTablesError) in
            ParameterDeprecation(renamed: try reader.optionalText(), message: try reader.optionalText())
        }
        confirmationReasons = try reader.list { reader throws(DefinitionTablesError) in try ConfirmationReason(tables: &reader) }
    }
}

extension ParameterCombination {
    func write(to out: inout TableWriter) {
        out.texts(parameters)
        out.text(title)
        out.text(subtitle)
        out.text(titleID)
        out.text(subtitleID)
        for flag in [isPrimary, supportsBackgroundExecution, managed, updatesLinked] { out.flag(flag) }
    }

    init(tables reader: inout TableReader) throws(DefinitionTablesError) {
        self.init(parameters: try reader.texts())
        title = try reader.optionalText()
        subtitle = try reader.optionalText()
        titleID = try reader.optionalText()
        subtitleID = try reader.optionalText()
        isPrimary = try reader.flag()
        supportsBackgroundExecution = try reader.flag()
        managed = try reader.flag()
        updatesLinked = try reader.flag()
    }
}

extension ResponseParameter {
    func write(to out: inout TableWriter) {
        out.names(name, displayName, displayNameID)
        type.write(to: &out)
        out.flag(supportsMultipleValues)
        out.flag(isJSONObject)
    }

    init(tables reader: inout TableReader) throws(DefinitionTablesError) {
        let names = try reader.names()
        self.init(name: names.name, displayName: names.displayName, type: try ParameterType(tables: &reader),
                  supportsMultipleValues: try reader.flag(), displayNameID: names.displayNameID, isJSONObject: try reader.flag())
    }
}

extension ResponseCode {
    func write(to out: inout TableWriter) {
        out.text(name)
        out.text(formatString)
        out.text(conciseFormatString)
        out.text(formatStringID)
        out.text(conciseFormatStringID)
        out.flag(success)
        out.optional(value) { $0.signed($1) }
    }

    init(tables reader: inout TableReader) throws(DefinitionTablesError) {
        self.init(name: try reader.text())
        formatString = try reader.optionalText()
        conciseFormatString = try reader.optionalText()
        formatStringID = try reader.optionalText()
        conciseFormatStringID = try reader.optionalText()
        success = try reader.flag()
        value = try reader.optional { reader throws(DefinitionTablesError) in try reader.signed() }
    }
}

extension Response {
    func write(to out: inout TableWriter) {
        out.list(parameters) { $1.write(to: &$0) }
        out.list(codes) { $1.write(to: &$0) }
        out.text(outputParameter)
    }

    init(tables reader: inout TableReader) throws(DefinitionTablesError) {
        self.init(
            parameters: try reader.list { reader throws(DefinitionTablesError) in try ResponseParameter(tables: &reader) },
            codes: try reader.list { reader throws(DefinitionTablesError) in try ResponseCode(tables: &reader) },
            outputParameter: try reader.optionalText()
        )
    }
}

extension Intent {
    func write(to out: inout TableWriter) {
        out.text(name)
        for text in [title, description, titleID, descriptionID, category, verb, kind, defaultImageName] { out.text(text) }
        for flag in [configurable, ineligibleForSuggestions, deprecated, userConfirmationRequired, eligibleForWidgets] { out.flag(flag) }
        out.optional(restrictions) { $0.signed($1) }
        out.text(keyParameter)
        out.text(inputParameter)
        out.list(parameters) { $1.write(to: &$0) }
        out.list(parameterCombinations) { $1.write(to: &$0) }
        response.write(to: &out)
        out.optional(formerNames) { out, names in
            out.text(names.label)
            out.list(names.parameters) { out, parameter in
                out.text(parameter.name)
                out.text(parameter.formerName)
                out.optional(parameter.type) { $1.write(to: &$0) }
                out.optional(parameter.baseResult) { $0.flag($1) }
                out.text(parameter.deprecationMessage)
            }
            out.optional(names.deprecated) { $0.flag($1) }
        }
        out.text(deprecationMessage)
    }

    init(tables reader: inout TableReader) throws(DefinitionTablesError) {
        self.init(name: try reader.text())
        title = try reader.optionalText()
        description = try reader.optionalText()
        titleID = try reader.optionalText()
        descriptionID = try reader.optionalText()
        category = try reader.optionalText()
        verb = try reader.optionalText()
        kind = try reader.optionalText()
        defaultImageName = try reader.optionalText()
        configurable = try reader.flag()
        ineligibleForSuggestions = try reader.flag()
        deprecated = try reader.flag()
        userConfirmationRequired = try reader.flag()
        eligibleForWidgets = try reader.flag()
        restrictions = try reader.optional { reader throws(DefinitionTablesError) in try reader.signed() }
        keyParameter = try reader.optionalText()
        inputParameter = try reader.optionalText()
        parameters = try reader.list { reader throws(DefinitionTablesError) in try Parameter(tables: &reader) }
        parameterCombinations = try reader.list { reader throws(DefinitionTablesError) in try ParameterCombination(tables: &reader) }
        response = try Response(tables: &reader)
        formerNames = try reader.optional { reader throws(DefinitionTablesError) in
            let label = try reader.text()
            let parameters = try reader.list { reader throws(DefinitionTablesError) in
                FormerParameter(name: try reader.text(), formerName: try reader.optionalText(),
                                type: try reader.optional { reader throws(DefinitionTablesError) in try ParameterType(tables: &reader) },
                                baseResult: try reader.optional { reader throws(DefinitionTablesError) in try reader.flag() },
                                deprecationMessage: try reader.optionalText())
            }
            return FormerHandlerNames(label: label, formerParameters: parameters,
                                      deprecated: try reader.optional { reader throws(DefinitionTablesError) in try reader.flag() })
        }
        deprecationMessage = try reader.optionalText()
    }
}

extension EnumType {
    func write(to out: inout TableWriter) {
        out.names(name, displayName, displayNameID)
        out.list(cases) { out, item in
            out.names(item.name, item.displayName, item.displayNameID)
            out.signed(item.value)
        }
        out.text(unknownDisplayName)
        out.flag(isOptionSet)
        out.text(unknownName)
        out.text(unknownDisplayNameID)
        out.flag(zeroIsValue)
    }

    init(tables reader: inout TableReader) throws(DefinitionTablesError) {
        let names = try reader.names()
        self.init(name: names.name, displayName: names.displayName, displayNameID: names.displayNameID)
        cases = try reader.list { reader throws(DefinitionTablesError) in
            let names = try reader.names()
            return EnumCase(name: names.name, displayName: names.displayName, value: try reader.signed(), displayNameID: names.displayNameID)
        }
        unknownDisplayName = try reader.optionalText()
        isOptionSet = try reader.flag()
        unknownName = try reader.optionalText()
        unknownDisplayNameID = try reader.optionalText()
        zeroIsValue = try reader.flag()
    }
}

extension CustomType {
    func write(to out: inout TableWriter) {
        out.names(name, displayName, displayNameID)
        out.list(properties) { out, property in
            out.names(property.name, property.displayName, property.displayNameID)
            property.type.write(to: &out)
            out.flag(property.supportsMultipleValues)
            out.flag(property.isNonnull)
        }
        out.flag(isPlainObject)
        // Only a plain object has a Swift value type: other types' tables are unchanged.
        if isPlainObject { out.text(swiftValueType) }
    }

    init(tables reader: inout TableReader) throws(DefinitionTablesError) {
        let names = try reader.names()
        self.init(name: names.name, displayName: names.displayName, displayNameID: names.displayNameID)
        properties = try reader.list { reader throws(DefinitionTablesError) in
            let names = try reader.names()
            return TypeProperty(name: names.name, displayName: names.displayName, type: try ParameterType(tables: &reader),
                                supportsMultipleValues: try reader.flag(), isNonnull: try reader.flag(), displayNameID: names.displayNameID)
        }
        isPlainObject = try reader.flag()
        if isPlainObject { swiftValueType = try reader.optionalText() }
    }
}
