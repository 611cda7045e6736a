/// A coding key for any string, so decoders can list and reject unknown keys.
struct JSONKey: CodingKey, Hashable {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// A problem in the JSON form found while decoding, with where it happened.
///
/// Thrown from the model's `init(from:)`; `JSONFormReader` turns it into an
/// `IntentDefinitionError` with the element named.
struct JSONFormIssue: Error {
    let kind: IntentDefinitionError.Kind
    let codingPath: [any CodingKey]
    let message: String
}

extension KeyedDecodingContainer where Key == JSONKey {
    /// Throws when the object has a key outside `allowed`.
    func rejectUnknownKeys(_ allowed: [String]) throws {
        for key in allKeys where !allowed.contains(key.stringValue) {
            throw JSONFormIssue(
                kind: .unknownKey,
                codingPath: codingPath + [key],
                message: "unknown key '\(key.stringValue)'; expected one of \(allowed.joined(separator: ", ")). Remove it or fix its spelling."
            )
        }
    }

    /// The value at `key`, or `fallback` when the key is absent or null.
    func value<T: Decodable>(_ key: String, default fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: JSONKey(key)) ?? fallback
    }

    /// The value at `key`, nil when absent or null.
    func optional<T: Decodable>(_ key: String) throws -> T? {
        try decodeIfPresent(T.self, forKey: JSONKey(key))
    }

    /// The value at `key`, which must be present.
    func required<T: Decodable>(_ key: String) throws -> T {
        guard contains(JSONKey(key)) else {
            throw JSONFormIssue(kind: .missingKey, codingPath: codingPath + [JSONKey(key)], message: "'\(key)' is missing; it is required here.")
        }
        return try decode(T.self, forKey: JSONKey(key))
    }

    /// A string at `key` that must be one of `allowed`'s raw values.
    func oneOf<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws -> T where T.RawValue == String {
        let raw: String = try required(key)
        guard let value = T(rawValue: raw) else {
            throw JSONFormIssue(
                kind: .unknownValue, codingPath: codingPath + [JSONKey(key)],
                message: "unknown value '\(raw)'; expected one of \(T.allCases.map(\.rawValue).joined(separator: ", "))."
            )
        }
        return value
    }
}
