import Foundation

/// The `func` declarations of a Swift source, read as far as the handler
/// linter needs: name, argument labels, parameter types and the result.
/// Not a Swift parser: comments are skipped, string literals are not (a
/// `func` inside a string is read as one).
enum SwiftFunctionScanner {
    struct Parameter: Equatable {
        /// The argument label; `_` for none.
        var label: String
        /// The type as written, without spaces or attributes.
        var type: String
    }

    struct Function: Equatable {
        var name: String
        /// 1-based line of `func`.
        var line: Int
        var parameters: [Parameter]
        /// What follows the parameter list up to the body (`async throws -> T`).
        var result: String

        /// The text where an options method names its element: the
        /// parameters after the intent, and the result.
        var optionsText: String {
            (parameters.dropFirst().map(\.type) + [result]).joined(separator: ",")
        }

        /// `E` of the first `INObjectCollection<E>` in ``optionsText``.
        var collectionElement: String? {
            guard let start = optionsText.range(of: "INObjectCollection<") else { return nil }
            return SwiftFunctionScanner.balanced(optionsText[start.upperBound...], open: "<", close: ">")
        }

        /// `E` of the first `[E]` in ``optionsText``.
        var arrayElement: String? {
            guard let start = optionsText.firstIndex(of: "[") else { return nil }
            return SwiftFunctionScanner.balanced(optionsText[optionsText.index(after: start)...], open: "[", close: "]")
        }
    }

    /// The text up to the bracket closing one already open, nil when it never closes.
    static func balanced(_ text: Substring, open: Character, close: Character) -> String? {
        var depth = 1
        for index in text.indices {
            if text[index] == open { depth += 1 }
            if text[index] == close {
                depth -= 1
                if depth == 0 { return String(text[..<index]) }
            }
        }
        return nil
    }

    /// The source with comments replaced by spaces (newlines kept, so lines still count).
    static func withoutComments(_ source: String) -> [Character] {
        var result: [Character] = []
        let characters = Array(source)
        var index = 0
        while index < characters.count {
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            if characters[index] == "/", next == "/" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else if characters[index] == "/", next == "*" {
                index += 2
                while index < characters.count, !(characters[index] == "*" && index + 1 < characters.count && characters[index + 1] == "/") {
                    if characters[index] == "\n" { result.append("\n") }
                    index += 1
                }
                index += 2
            } else {
                result.append(characters[index])
                index += 1
            }
        }
        return result
    }

    static func functions(in source: String) -> [Function] {
        let text = withoutComments(source)
        var functions: [Function] = []
        var line = 1
        var index = 0
        func isIdentifier(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }
        while index < text.count {
            if text[index] == "\n" { line += 1 }
            guard text[index] == "f", index + 4 < text.count, String(text[index..<index + 4]) == "func", text[index + 4].isWhitespace,
                index == 0 || !isIdentifier(text[index - 1])
            else {
                index += 1
                continue
            }
            var cursor = index + 4
            while cursor < text.count, text[cursor].isWhitespace { cursor += 1 }
            let nameStart = cursor
            while cursor < text.count, isIdentifier(text[cursor]) { cursor += 1 }
            let name = String(text[nameStart..<cursor])
            // Generic parameters, then the parameter list.
            while cursor < text.count, text[cursor] != "(", text[cursor] != "{" { cursor += 1 }
            guard cursor < text.count, text[cursor] == "(", !name.isEmpty,
                let list = balanced(Substring(String(text[(cursor + 1)...])), open: "(", close: ")")
            else {
                index = cursor
                continue
            }
            let afterList = cursor + 1 + list.count + 1
            var resultEnd = afterList
            while resultEnd < text.count, text[resultEnd] != "{", text[resultEnd] != "}" { resultEnd += 1 }
            let result = String(text[min(afterList, text.count)..<min(resultEnd, text.count)]).filter { !$0.isWhitespace }
            functions.append(Function(name: name, line: line, parameters: parameters(list), result: result))
            for character in text[index..<min(afterList, text.count)] where character == "\n" { line += 1 }
            index = min(afterList, text.count)
        }
        return functions
    }

    /// `for intent: I, with completion: @escaping (R) -> Void` → labels and types.
    static func parameters(_ list: String) -> [Parameter] {
        var pieces: [String] = []
        var depth = 0
        var current = ""
        for character in list {
            if "([<".contains(character) { depth += 1 }
            if ")]>".contains(character) { depth -= 1 }
            if character == ",", depth == 0 {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.allSatisfy(\.isWhitespace) { pieces.append(current) }
        return pieces.compactMap { piece in
            guard let colon = piece.firstIndex(of: ":") else { return nil }
            let names = piece[..<colon].split(whereSeparator: \.isWhitespace)
            guard let label = names.first else { return nil }
            var type = String(piece[piece.index(after: colon)...])
            if let defaultValue = type.firstIndex(of: "=") { type = String(type[..<defaultValue]) }
            var compact = type.filter { !$0.isWhitespace }
            for attribute in ["@escaping", "@Sendable", "inout"] {
                while let range = compact.range(of: attribute) { compact.removeSubrange(range) }
            }
            return Parameter(label: String(label), type: compact)
        }
    }
}
