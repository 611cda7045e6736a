/// The marks an extension process writes on its standard output and
/// standard error when a request opens and closes, so that the supervisor,
/// reading those pipes on a thread of its own, knows which request each
/// line the plugin printed belongs to (`docs/extension-process-protocol.md`,
/// "Output marks").
///
/// A mark is a line of its own: the record separator (0x1E), then
/// `exthost-request <identifier>` or `exthost-request-end`, then a newline.
/// The process flushes its stdio buffers before writing one, so what the
/// plugin printed before lands before it in the pipe.
package enum OutputMark {
    /// The bytes every mark starts with.
    static let prefix: [UInt8] = [0x1E] + Array("exthost-request".utf8)

    /// The identifier as the mark carries it: control characters (a
    /// newline would end the mark) left out.
    package static func key(_ identifier: String) -> String {
        String(decoding: identifier.utf8.filter { $0 >= 0x20 && $0 != 0x7F }, as: UTF8.self)
    }

    /// The mark written when `identifier`'s request opens.
    package static func opening(_ identifier: String) -> [UInt8] {
        prefix + [0x20] + Array(key(identifier).utf8) + [10]
    }

    /// The mark written when the open request closes.
    package static let closing: [UInt8] = prefix + Array("-end".utf8) + [10]

    /// What one line read from a pipe holds.
    enum Parsed: Equatable {
        /// Output alone.
        case text
        /// A mark, after the output before it on the line (a line the
        /// plugin left without its newline), possibly empty; the request
        /// it opens, or nil for the end of the open one.
        case mark(before: Int, opens: String?)
    }

    /// Reads one line (its newline left out).
    static func parse(_ line: ArraySlice<UInt8>) -> Parsed {
        guard let range = line.firstRange(of: prefix) else { return .text }
        let rest = line[range.upperBound...]
        let before = range.lowerBound - line.startIndex
        if rest.first == 0x20 { return .mark(before: before, opens: String(decoding: rest.dropFirst(), as: UTF8.self)) }
        if rest.elementsEqual("-end".utf8) { return .mark(before: before, opens: nil) }
        return .text
    }
}
