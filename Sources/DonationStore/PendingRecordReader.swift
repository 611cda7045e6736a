import Foundation
import JSONText

extension PendingRecord.Entry {
    /// The entry in `bytes` (a pending file, or a journal line without its
    /// end), read by ``init(written:)`` when they have the shape
    /// ``json`` writes, else by `JSONDecoder`, which reads every file an
    /// earlier version wrote (members in another order, white space) and
    /// refuses what is not a record, as before. Nil for what is not one.
    static func read(_ bytes: ArraySlice<UInt8>) -> Self? {
        if let entry = bytes.withUnsafeBufferPointer({ Self(written: $0) }) { return entry }
        return try? JSONDecoder().decode(Self.self, from: Data(bytes))
    }

    /// The entry `bytes` hold when they are exactly what ``json`` writes:
    /// its members in its order, no white space, each string's raw bytes
    /// UTF-8 and its escapes JSON's (decoded by `JSONText.unescaped`, as
    /// the service's line reader decodes them). Nil for anything else,
    /// which is left to `JSONDecoder` (``read(_:)``): a control character
    /// or a byte-order mark inside a string, a kind or a source no version
    /// writes, a number JSON does not allow.
    ///
    /// Rationale: `JSONDecoder` reading these records cost the store's next
    /// opener (`exthost donations list` after a one-shot `run`) ~4.7 M
    /// instructions for the first and ~1.5 M for each further one in a
    /// debug build (`docs/plan-fast-path.md`, "Pending records read without
    /// `JSONDecoder`"). `PendingRecordTests` reads what the writer writes
    /// with both and compares them.
    init?(written bytes: UnsafeBufferPointer<UInt8>) {
        var reader = WrittenReader(bytes: bytes)
        guard reader.literal(#"{"donation":{"identifier":"#), let identifier = reader.string(),
              reader.literal(#","shortcut":{"kind":"#), let kindName = reader.string(), let kind = Shortcut.Kind(rawValue: kindName),
              reader.literal(#","app":"#), let app = reader.string(),
              let intent = reader.optionalString(#","intent":"#),
              let parameters = reader.optionalString(#","parameters":"#),
              let activityType = reader.optionalString(#","activityType":"#),
              let title = reader.optionalString(#","title":"#),
              let userInfo = reader.optionalString(#","userInfo":"#),
              let persistentIdentifier = reader.optionalString(#","persistentIdentifier":"#),
              let suggestedInvocationPhrase = reader.optionalString(#","suggestedInvocationPhrase":"#),
              reader.literal("}"),
              let groupIdentifier = reader.optionalString(#","groupIdentifier":"#),
              let intentHandlingStatus = reader.optionalString(#","intentHandlingStatus":"#),
              reader.literal(#","eligibleForPrediction":"#), let eligibleForPrediction = reader.boolean(),
              reader.literal(#","source":"#), let sourceName = reader.string(), let source = Donation.Source(rawValue: sourceName),
              reader.literal(#","startDate":"#), let startDate = reader.number(),
              reader.literal(#","endDate":"#), let endDate = reader.number(),
              reader.literal(#"},"runStart":"#), let runStart = reader.number(),
              reader.literal("}"), reader.index == bytes.count else { return nil }
        let shortcut = Shortcut(kind: kind, app: app, intent: intent, parameters: parameters, activityType: activityType,
                                title: title, userInfo: userInfo, persistentIdentifier: persistentIdentifier,
                                suggestedInvocationPhrase: suggestedInvocationPhrase)
        self.init(donation: Donation(identifier: identifier, shortcut: shortcut, groupIdentifier: groupIdentifier,
                                     intentHandlingStatus: intentHandlingStatus, eligibleForPrediction: eligibleForPrediction,
                                     source: source, startDate: Date(timeIntervalSinceReferenceDate: startDate),
                                     endDate: Date(timeIntervalSinceReferenceDate: endDate)),
                  runStart: Date(timeIntervalSinceReferenceDate: runStart))
    }
}

/// Reads the pieces ``PendingRecord/Entry/json`` writes, in order; each
/// piece's reader gives nil (and the entry is left to `JSONDecoder`) where
/// the bytes are not what the writer would have written there.
private struct WrittenReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    /// Moves past `text` when the bytes here are it.
    mutating func literal(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count - index >= count, memcmp(bytes.baseAddress! + index, text.utf8Start, count) == 0 else { return false }
        index += count
        return true
    }

    /// The string here, quotes included (``JSONText/appendString(_:to:)``'s).
    mutating func string() -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        let start = index
        var escaped = false
        // The bytes as numbers (`"` 0x22, `\` 0x5C): `UInt8(ascii:)` is
        // not folded in a debug build, and this loop runs per byte.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x22 { break }
            // Never written raw: left to JSONDecoder, which refuses a
            // control character and may treat a byte-order mark apart.
            if byte < 0x20 { return nil }
            if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF { return nil }
            if byte == 0x5C {
                escaped = true
                index += 1
            }
            index += 1
        }
        guard index < bytes.count else { return nil }
        // Made from the base address, not by rebasing a slice: the slice's
        // type, made at its first use in a process, cost ~390,000
        // instructions (callgrind, debug build).
        let raw = UnsafeBufferPointer(start: bytes.baseAddress! + start, count: index - start)
        index += 1
        return escaped ? JSONText.unescaped(raw) : String(validating: raw, as: UTF8.self)
    }

    /// An optional member the writer leaves out when it is nil: `.some(nil)`
    /// when the bytes here are not its `key`, nil when its value is not a
    /// string this reader reads.
    mutating func optionalString(_ key: StaticString) -> String?? {
        guard literal(key) else { return .some(nil) }
        guard let value = string() else { return nil }
        return .some(value)
    }

    mutating func boolean() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
    }

    /// The number here (``JSONText/appendNumber(_:to:)``'s: `Double`'s
    /// description, an exponent included, which `Double(_:)` reads back
    /// to the same value), checked against JSON's grammar first.
    mutating func number() -> Double? {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] &- 0x30 < 10 { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        guard let value = Double(String(decoding: UnsafeBufferPointer(start: bytes.baseAddress! + start, count: index - start), as: UTF8.self)),
              value.isFinite else { return nil }
        return value
    }
}
