import Foundation

/// One `.strings` table: the translations Xcode keeps for an intent definition
/// in `<lang>.lproj/<Name>.strings`, keyed by the definition's string IDs
/// (`INIntentParameterPromptDialogFormatStringID`, `INIntentResponseCodeFormatStringID`, …).
///
/// The file is the old-style property-list strings format: `"key" = "value";`
/// entries, `/* … */` and `//` comments, keys and values quoted (or bare words),
/// escapes `\n \t \r \" \\ \' \uXXXX \UXXXXXXXX` and octal `\NNN`. It is UTF-8
/// (with or without a byte-order mark) or UTF-16 with a byte-order mark, as
/// Xcode writes either.
public struct StringsTable: Equatable, Sendable {
    /// The entries, by key.
    public var entries: [String: String]

    /// Creates a table of `entries`.
    public init(_ entries: [String: String] = [:]) {
        self.entries = entries
    }

    /// The text for `key`, if the table has it.
    public subscript(key: String?) -> String? {
        key.flatMap { entries[$0] }
    }

    /// Reads a `.strings` file.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - file: The file's name, for errors (e.g. `ja.lproj/StudyRecord.strings`).
    /// - Returns: The table.
    /// - Throws: ``IntentDefinitionError`` of kind `.malformedStrings`, naming
    ///   the file and the line.
    public static func parse(_ data: Data, file: String) throws -> StringsTable {
        guard let text = decode(data) else {
            throw IntentDefinitionError(
                .malformedStrings, file: file,
                message: "is neither UTF-8 nor UTF-16 with a byte-order mark; save it as UTF-8 (Xcode: File Inspector › Text Encoding)."
            )
        }
        var scanner = StringsScanner(Array(text.unicodeScalars), file: file)
        return StringsTable(try scanner.entries())
    }

    /// Reads the `.strings` file at `url`.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - file: Its name in errors; the last two path components when nil.
    /// - Returns: The table.
    /// - Throws: ``IntentDefinitionError``: `.unreadableFile` or `.malformedStrings`.
    public static func read(contentsOf url: URL, file: String? = nil) throws -> StringsTable {
        let name = file ?? url.pathComponents.suffix(2).joined(separator: "/")
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw IntentDefinitionError(.unreadableFile, file: name, message: "cannot be read (\(error.localizedDescription)).")
        }
        return try parse(data, file: name)
    }

    private static func decode(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(3))
        if bytes.starts(with: [0xFF, 0xFE]) { return String(data: data.dropFirst(2), encoding: .utf16LittleEndian) }
        if bytes.starts(with: [0xFE, 0xFF]) { return String(data: data.dropFirst(2), encoding: .utf16BigEndian) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(data: data.dropFirst(3), encoding: .utf8) }
        return String(data: data, encoding: .utf8)
    }
}

/// Reads the entries of a `.strings` file's text, keeping the line for errors.
private struct StringsScanner {
    private let scalars: [Unicode.Scalar]
    private let file: String
    private var index = 0
    private var line = 1

    init(_ scalars: [Unicode.Scalar], file: String) {
        self.scalars = scalars
        self.file = file
    }

    mutating func entries() throws -> [String: String] {
        var result: [String: String] = [:]
        while true {
            try skipSpaceAndComments()
            guard let first = peek() else { return result }
            guard first == "\"" || Self.isBareWordScalar(first) else {
                throw failure("expected a quoted key, found '\(first)'")
            }
            let key = try word(what: "key")
            try skipSpaceAndComments()
            if peek() == ";" {
                // `"key";` alone: the key is its own value.
                index += 1
                result[key] = key
                continue
            }
            guard peek() == "=" else { throw failure("expected '=' after the key \"\(key)\"") }
            index += 1
            try skipSpaceAndComments()
            guard peek() != nil else { throw failure("expected a value for the key \"\(key)\", found the end of the file") }
            let value = try word(what: "value")
            try skipSpaceAndComments()
            guard peek() == ";" else { throw failure("expected ';' after the value of \"\(key)\"") }
            index += 1
            result[key] = value
        }
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func advance() -> Unicode.Scalar? {
        guard let scalar = peek() else { return nil }
        index += 1
        if scalar == "\n" { line += 1 }
        return scalar
    }

    private func failure(_ message: String, line: Int? = nil) -> IntentDefinitionError {
        IntentDefinitionError(.malformedStrings, file: file, element: "line \(line ?? self.line)", message: message + ".")
    }

    private mutating func skipSpaceAndComments() throws {
        while let scalar = peek() {
            if scalar.properties.isWhitespace {
                _ = advance()
            } else if scalar == "/", peek(1) == "*" {
                let start = line
                index += 2
                while !(peek() == "*" && peek(1) == "/") {
                    guard advance() != nil else { throw failure("a comment opened here is never closed with */", line: start) }
                }
                index += 2
            } else if scalar == "/", peek(1) == "/" {
                while let next = peek(), next != "\n" { index += 1 }
            } else {
                return
            }
        }
    }

    private static func isBareWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_$:./-".unicodeScalars.contains(scalar)
    }

    private mutating func word(what: String) throws -> String {
        guard peek() == "\"" else {
            var text = String.UnicodeScalarView()
            while let scalar = peek(), Self.isBareWordScalar(scalar) { text.append(scalar); index += 1 }
            guard !text.isEmpty else { throw failure("expected a quoted \(what)") }
            return String(text)
        }
        let start = line
        index += 1
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = advance() else {
                throw failure("the \(what) opened with \" here is never closed", line: start)
            }
            if scalar == "\"" { return String(text) }
            if scalar == "\\" { text.append(try escape()) } else { text.append(scalar) }
        }
    }

    private mutating func escape() throws -> Unicode.Scalar {
        guard let scalar = advance() else { throw failure("a backslash ends the file") }
        switch scalar {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "a": return "\u{07}"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "v": return "\u{0B}"
        case "u", "U": return try hexEscape(digits: scalar == "u" ? 4 : 8, escape: scalar)
        case "0"..."7":
            var value = scalar.value - 48
            for _ in 0..<2 {
                guard let next = peek(), ("0"..."7").contains(next) else { break }
                value = value * 8 + next.value - 48
                index += 1
            }
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        default:
            return scalar  // \" \\ \' and any other character stand for themselves
        }
    }

    private mutating func hexEscape(digits: Int, escape: Unicode.Scalar) throws -> Unicode.Scalar {
        var text = ""
        while text.count < digits, let next = peek(), next.properties.isASCIIHexDigit {
            text.unicodeScalars.append(next)
            index += 1
        }
        guard !text.isEmpty, let value = UInt32(text, radix: 16) else {
            throw failure("\\\(escape) must be followed by hexadecimal digits")
        }
        // A UTF-16 surrogate pair written as two \u escapes.
        if (0xD800..<0xDC00).contains(value), peek() == "\\", peek(1) == "u" || peek(1) == "U" {
            let saved = index
            index += 2
            var low = ""
            while low.count < 4, let next = peek(), next.properties.isASCIIHexDigit { low.unicodeScalars.append(next); index += 1 }
            if let lowValue = UInt32(low, radix: 16), (0xDC00..<0xE000).contains(lowValue),
               let scalar = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (lowValue - 0xDC00)) {
                return scalar
            }
            index = saved
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw failure("\\\(escape)\(text) is not a Unicode character")
        }
        return scalar
    }
}
