extension IntentDefinition {
    /// The language of ``localizations`` that serves a request in `language`:
    /// the same tag (`pt-BR`), else its language alone (`ja-JP` → `ja`).
    ///
    /// - Parameter language: A language tag or a POSIX locale name
    ///   (`ja`, `ja-JP`, `ja_JP.UTF-8`).
    /// - Returns: The key in ``localizations``, or nil when the base texts serve it.
    public func localizationLanguage(for language: String) -> String? {
        guard let localizations else { return nil }
        return Self.language(for: language, among: localizations.keys)
    }

    /// The language of `languages` that serves a request in `language`: the
    /// same tag (`pt-BR`), else its language alone (`ja-JP` → `ja`).
    ///
    /// - Parameters:
    ///   - language: A language tag or a POSIX locale name (`ja`, `ja-JP`, `ja_JP.UTF-8`).
    ///   - languages: The languages there are texts in.
    /// - Returns: One of `languages`, or nil when the base texts serve it.
    public static func language(for language: String, among languages: some Collection<String>) -> String? {
        guard let tag = languageTag(language) else { return nil }
        let keys = languages.sorted()
        if let exact = keys.first(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }) { return exact }
        let base = tag.split(separator: "-").first.map(String.init) ?? tag
        return keys.first { $0.caseInsensitiveCompare(base) == .orderedSame }
    }

    /// The definition with its texts in `language`: intents' titles and
    /// descriptions, parameter and response-parameter display names,
    /// parameter-combination summaries, prompts, unsupported reasons,
    /// response templates, enum, enum-case, custom-type and property display
    /// names; every text the language's table lacks stays the base one.
    ///
    /// - Parameter language: A language tag or POSIX locale name; nil keeps the base texts.
    /// - Returns: The localised definition.
    public func localized(for language: String?) -> IntentDefinition {
        guard let language, let key = localizationLanguage(for: language), let table = localizations?[key] else { return self }
        return localized(with: table)
    }

    /// The definition with every text whose string ID is in `table` replaced by the table's text.
    ///
    /// - Parameter table: Texts by string ID, as in a `<lang>.lproj/<Name>.strings` file.
    /// - Returns: The localised definition.
    public func localized(with table: [String: String]) -> IntentDefinition {
        func text(_ id: String?, _ base: String?) -> String? { id.flatMap { table[$0] } ?? base }
        var result = self
        for i in result.intents.indices {
            let intent = result.intents[i]
            result.intents[i].title = text(intent.titleID, intent.title)
            result.intents[i].description = text(intent.descriptionID, intent.description)
            for k in intent.parameterCombinations.indices {
                let combination = intent.parameterCombinations[k]
                result.intents[i].parameterCombinations[k].title = text(combination.titleID, combination.title)
                result.intents[i].parameterCombinations[k].subtitle = text(combination.subtitleID, combination.subtitle)
            }
            for k in intent.response.parameters.indices {
                let parameter = intent.response.parameters[k]
                result.intents[i].response.parameters[k].displayName = text(parameter.displayNameID, parameter.displayName)
            }
            for p in result.intents[i].parameters.indices {
                var parameter = result.intents[i].parameters[p]
                parameter.displayName = text(parameter.displayNameID, parameter.displayName)
                for k in parameter.prompts.indices {
                    parameter.prompts[k].formatString = text(parameter.prompts[k].formatStringID, parameter.prompts[k].formatString)
                }
                for k in parameter.unsupportedReasons.indices {
                    let reason = parameter.unsupportedReasons[k]
                    parameter.unsupportedReasons[k].formatString = text(reason.formatStringID, reason.formatString)
                }
                for k in parameter.confirmationReasons.indices {
                    let reason = parameter.confirmationReasons[k]
                    parameter.confirmationReasons[k].formatString = text(reason.formatStringID, reason.formatString)
                }
                result.intents[i].parameters[p] = parameter
            }
            for c in result.intents[i].response.codes.indices {
                let code = result.intents[i].response.codes[c]
                result.intents[i].response.codes[c].formatString = text(code.formatStringID, code.formatString)
                result.intents[i].response.codes[c].conciseFormatString = text(code.conciseFormatStringID, code.conciseFormatString)
            }
        }
        for e in result.enums.indices {
            let enumType = result.enums[e]
            result.enums[e].displayName = text(enumType.displayNameID, enumType.displayName)
            result.enums[e].unknownDisplayName = text(enumType.unknownDisplayNameID, enumType.unknownDisplayName)
            for k in enumType.cases.indices {
                let base = enumType.cases[k]
                let translated = text(base.displayNameID, base.displayName)
                result.enums[e].cases[k].displayName = translated
                if translated != base.displayName { result.enums[e].cases[k].baseDisplayName = base.baseDisplayName ?? base.displayName }
            }
        }
        for t in result.types.indices {
            let type = result.types[t]
            result.types[t].displayName = text(type.displayNameID, type.displayName)
            for k in type.properties.indices {
                result.types[t].properties[k].displayName = text(type.properties[k].displayNameID, type.properties[k].displayName)
            }
        }
        return result
    }

    /// The case of `enumType` that `text` names, in any language: its case
    /// name or display name (``EnumType/case(named:)``), its base display
    /// name under a translation, else its display name in any language of
    /// the definition's tables (in the languages' order), so a request is
    /// understood whatever language it names the case in. Letter case is
    /// ignored.
    ///
    /// - Parameters:
    ///   - text: What the request or answer says.
    ///   - enumType: An enum of this definition.
    /// - Returns: The case, or nil when no language names one so.
    public func enumCase(named text: String, of enumType: EnumType) -> EnumCase? {
        if let found = enumType.case(named: text) { return found }
        func same(_ name: String?) -> Bool { name?.caseInsensitiveCompare(text) == .orderedSame }
        if let found = enumType.cases.first(where: { same($0.baseDisplayName) }) { return found }
        for language in (localizations ?? [:]).keys.sorted() {
            let table = localizations?[language] ?? [:]
            if let found = enumType.cases.first(where: { $0.displayNameID.map { same(table[$0]) } ?? false }) { return found }
        }
        return nil
    }

    /// `ja_JP.UTF-8` → `ja-JP`; nil for `C`, `POSIX` and empty names.
    static func languageTag(_ name: String) -> String? {
        var tag = Substring(name)
        if let dot = tag.firstIndex(where: { $0 == "." || $0 == "@" }) { tag = tag[..<dot] }
        let result = tag.replacingOccurrences(of: "_", with: "-")
        return ["", "C", "POSIX"].contains(result) ? nil : result
    }
}
