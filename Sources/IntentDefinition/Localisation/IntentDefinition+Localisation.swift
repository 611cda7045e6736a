extension IntentDefinition {
    /// The language of ``localizations`` that serves a request in `language`:
    /// the same tag (`pt-BR`), else its language alone (`ja-JP` → `ja`).
    ///
    /// - Parameter language: A language tag or a POSIX locale name
    ///   (`ja`, `ja-JP`, `ja_JP.UTF-8`).
    /// - Returns: The key in ``localizations``, or nil when the base texts serve it.
    public func localizationLanguage(for language: String) -> String? {
        guard let localizations, let tag = Self.languageTag(language) else { return nil }
        let keys = localizations.keys.sorted()
        if let exact = keys.first(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }) { return exact }
        let base = tag.split(separator: "-").first.map(String.init) ?? tag
        return keys.first { $0.caseInsensitiveCompare(base) == .orderedSame }
    }

    /// The definition with its prompts, unsupported reasons and response
    /// templates in `language`; every text the language's table lacks stays
    /// the base one.
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
            for p in result.intents[i].parameters.indices {
                var parameter = result.intents[i].parameters[p]
                for k in parameter.prompts.indices {
                    parameter.prompts[k].formatString = text(parameter.prompts[k].formatStringID, parameter.prompts[k].formatString)
                }
                for k in parameter.unsupportedReasons.indices {
                    let reason = parameter.unsupportedReasons[k]
                    parameter.unsupportedReasons[k].formatString = text(reason.formatStringID, reason.formatString)
                }
                result.intents[i].parameters[p] = parameter
            }
            for c in result.intents[i].response.codes.indices {
                let code = result.intents[i].response.codes[c]
                result.intents[i].response.codes[c].formatString = text(code.formatStringID, code.formatString)
                result.intents[i].response.codes[c].conciseFormatString = text(code.conciseFormatStringID, code.conciseFormatString)
            }
        }
        return result
    }

    /// `ja_JP.UTF-8` → `ja-JP`; nil for `C`, `POSIX` and empty names.
    static func languageTag(_ name: String) -> String? {
        var tag = Substring(name)
        if let dot = tag.firstIndex(where: { $0 == "." || $0 == "@" }) { tag = tag[..<dot] }
        let result = tag.replacingOccurrences(of: "_", with: "-")
        return ["", "C", "POSIX"].contains(result) ? nil : result
    }
}
