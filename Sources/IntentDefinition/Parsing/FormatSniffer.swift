import Foundation

/// Tells the two file forms apart by their first bytes, not their extension.
enum FormatSniffer {
    /// The first byte that is not whitespace or a UTF-8 byte-order mark.
    private static func firstSignificantBytes(_ data: Data, count: Int) -> [UInt8] {
        var bytes = Array(data.prefix(4096))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let start = bytes.firstIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } ?? bytes.endIndex
        return Array(bytes[start...].prefix(count))
    }

    /// True when the data starts like JSON (an object).
    static func looksLikeJSON(_ data: Data) -> Bool {
        firstSignificantBytes(data, count: 1) == [UInt8(ascii: "{")]
    }

    /// True when the data starts like an XML (`<`) or binary (`bplist`) property list.
    static func looksLikePropertyList(_ data: Data) -> Bool {
        let head = firstSignificantBytes(data, count: 6)
        return head.first == UInt8(ascii: "<") || head == Array("bplist".utf8)
    }
}
