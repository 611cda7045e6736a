/// The `${name}` placeholders of a dialog, response or summary text: the one
/// scanner of them, used by the linter (which names must exist), the Swift
/// renderer (which properties a response's template reads) and the
/// conversation (which fills them in).
public enum FormatString {
    /// A stretch of a template.
    public enum Piece: Equatable, Sendable {
        /// Text said as it is. A `${` without its `}` is text too.
        case text(Substring)
        /// `${name}`: the name between the braces.
        case placeholder(String)
    }

    /// The template cut into text and placeholders, in order.
    public static func pieces(of text: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = text[...]
        while let open = rest.range(of: "${") {
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else { break }
            if open.lowerBound > rest.startIndex { pieces.append(.text(rest[..<open.lowerBound])) }
            pieces.append(.placeholder(String(rest[open.upperBound..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(rest)) }
        return pieces
    }

    /// The placeholder names in `text`, in order of appearance (repeats included).
    public static func placeholders(in text: String?) -> [String] {
        guard let text else { return [] }
        return pieces(of: text).compactMap { piece in
            if case .placeholder(let name) = piece { return name }
            return nil
        }
    }

    /// Replaces each placeholder with what `value` gives for its name;
    /// a placeholder `value` has nothing for is left out.
    public static func fill(_ text: String, _ value: (String) -> String?) -> String {
        pieces(of: text).map { piece in
            switch piece {
            case .text(let text): String(text)
            case .placeholder(let name): value(name) ?? ""
            }
        }.joined()
    }
}
