import IntentDefinition
import Testing

/// Which language a request is answered in, from one language or an HTTP
/// `Accept-Language` list.
@Suite("Language preference")
struct LanguagePreferenceTests {
    @Test("Accept-Language: by quality, the header's order among equals; q=0, * and malformed elements left out")
    func acceptLanguage() {
        #expect(LanguagePreference.acceptLanguage("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5").languages == ["fr-CH", "fr", "en", "de"])
        #expect(LanguagePreference.acceptLanguage("en;q=0.5, ja").languages == ["ja", "en"])
        #expect(LanguagePreference.acceptLanguage("de;q=0.5, ja;q=0.5, fr;q=0.5").languages == ["de", "ja", "fr"])
        #expect(LanguagePreference.acceptLanguage("ja;q=0, en").languages == ["en"])
        #expect(LanguagePreference.acceptLanguage("ja;q=1.5, ko;q=x, zh-Hant ; Q=0.3, ,;,fr<script>").languages == ["zh-Hant"])
        #expect(LanguagePreference.acceptLanguage("").languages.isEmpty)
    }

    @Test("the first language a table serves; English, the base texts' language, stops the search")
    func chosen() {
        let tables = ["ja", "pt-BR"]
        #expect(LanguagePreference(["fr", "ja-JP"]).language(among: tables) == "ja")
        #expect(LanguagePreference(["pt_BR.UTF-8"]).language(among: tables) == "pt-BR")
        #expect(LanguagePreference(["pt-PT", "ja"]).language(among: tables) == "ja", "pt-PT is not pt-BR, nor served by it")
        #expect(LanguagePreference(["en-US", "ja"]).language(among: tables) == nil)
        #expect(LanguagePreference(["en-US", "ja"]).language(among: ["en", "ja"]) == "en", "a definition's own English table")
        #expect(LanguagePreference([nil, "", "C"]).language(among: tables) == nil)
        #expect(LanguagePreference.base.language(among: tables) == nil)
    }
}
