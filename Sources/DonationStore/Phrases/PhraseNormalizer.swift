import Foundation

/// How two invocation phrases are compared: what a listener cannot tell
/// apart is the same phrase.
///
/// A phrase is normalised by Unicode compatibility composition (NFKC: a
/// full-width `Ｏｐｅｎ` or half-width `ｶﾀｶﾅ` becomes `Open`, `カタカナ`), case
/// folding, and dropping punctuation, symbols and every space, then
/// canonical composition (NFC), so that a voiced or semi-voiced mark ends up
/// in one code point with its kana: half-width `ｺｰﾄﾞ`, `コート゛` with the
/// spacing mark, and `コード` are the same bytes. (Foundation on Linux leaves
/// a half-width `ﾞ` as a combining mark after NFKC; Swift's `==` would call
/// the two equal, but the store compares the normal forms in SQLite, byte
/// by byte.) Two phrases are *close* when their normalised forms differ by
/// at most one edit per five characters (at least one), or one contains the
/// other.
public enum PhraseNormalizer {
    /// The phrase as compared.
    ///
    /// - Parameter phrase: The phrase as written.
    /// - Returns: Its normal form (may be empty).
    public static func normalize(_ phrase: String) -> String {
        let composed = phrase.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var scalars = String.UnicodeScalarView()
        for scalar in composed.unicodeScalars {
            if CharacterSet.punctuationCharacters.contains(scalar) || CharacterSet.symbols.contains(scalar)
                || CharacterSet.whitespacesAndNewlines.contains(scalar) || CharacterSet.controlCharacters.contains(scalar) {
                continue
            }
            scalars.append(scalar)
        }
        // After the spaces are gone: `ト` + `゛` (NFKC's space + U+3099) → `ド`.
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// Whether two normalised phrases are close enough to be misheard for
    /// one another (not equal).
    ///
    /// - Parameters:
    ///   - a: A normalised phrase.
    ///   - b: Another.
    public static func areClose(_ a: String, _ b: String) -> Bool {
        guard a != b, !a.isEmpty, !b.isEmpty else { return false }
        if a.contains(b) || b.contains(a) { return true }
        let x = Array(a), y = Array(b)
        let allowed = max(1, min(x.count, y.count) / 5)
        if abs(x.count - y.count) > allowed { return false }
        return editDistance(x, y) <= allowed
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ x: [Character], _ y: [Character]) -> Int {
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...max(x.count, 1) where !x.isEmpty {
            current[0] = i
            for j in stride(from: 1, through: y.count, by: 1) {
                let substitution = previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return x.isEmpty ? y.count : previous[y.count]
    }
}
