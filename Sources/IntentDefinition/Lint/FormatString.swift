/// The `${name}` placeholders of a dialog, response or summary text.
enum FormatString {
    /// The placeholder names in `text`, in order of appearance.
    static func placeholders(in text: String?) -> [String] {
        guard let text else { return [] }
        var names: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "${") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "}") else { break }
            names.append(String(rest[..<end]))
            rest = rest[rest.index(after: end)...]
        }
        return names
    }
}
