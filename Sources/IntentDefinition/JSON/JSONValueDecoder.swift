/// A `Decoder` over a parsed `JSONValue`: the model's `Decodable`
/// conformances run unchanged on it, and its errors are the same
/// `DecodingError`s, with coding paths, that Foundation's decoder throws.
struct JSONValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: JSONValue, codingPath: [any CodingKey] = []) {
        self.value = value
        self.codingPath = codingPath
    }

    /// Decodes a whole document.
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try T(from: JSONValueDecoder(value))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: codingPath, debugDescription: "Expected an object, found \(value.kindName)."))
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else {
            throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "Expected an array, found \(value.kindName)."))
        }
        return UnkeyedContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValue(value: value, codingPath: codingPath)
    }

    // MARK: - Scalars

    static func decodeScalar<T: Decodable>(_ type: T.Type, from value: JSONValue, codingPath: [any CodingKey]) throws -> T {
        func mismatch(_ expected: String) -> DecodingError {
            .typeMismatch(T.self, .init(codingPath: codingPath, debugDescription: "Expected \(expected), found \(value.kindName)."))
        }
        switch type {
        case is String.Type:
            guard case .string(let text) = value else { throw mismatch("text") }
            return text as! T
        case is Bool.Type:
            guard case .bool(let flag) = value else { throw mismatch("true or false") }
            return flag as! T
        case is Double.Type:
            guard case .number(let number, _) = value else { throw mismatch("a number") }
            return number as! T
        case is Float.Type:
            guard case .number(let number, _) = value else { throw mismatch("a number") }
            return Float(number) as! T
        case is Int.Type, is Int32.Type, is Int64.Type, is UInt32.Type, is UInt64.Type, is UInt.Type, is Int16.Type, is UInt16.Type, is Int8.Type, is UInt8.Type:
            guard case .number(let number, let text) = value else { throw mismatch("a whole number") }
            guard let whole = Int64(text) ?? (number.rounded() == number && abs(number) < 9.2e18 ? Int64(number) : nil) else {
                throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(text) is not a whole number."))
            }
            switch type {
            case is Int.Type: return Int(whole) as! T
            case is Int32.Type: return try exact(Int32.self, whole, codingPath) as! T
            case is Int64.Type: return whole as! T
            case is UInt32.Type: return try exact(UInt32.self, whole, codingPath) as! T
            case is UInt64.Type: return try exact(UInt64.self, whole, codingPath) as! T
            case is UInt.Type: return try exact(UInt.self, whole, codingPath) as! T
            case is Int16.Type: return try exact(Int16.self, whole, codingPath) as! T
            case is UInt16.Type: return try exact(UInt16.self, whole, codingPath) as! T
            case is Int8.Type: return try exact(Int8.self, whole, codingPath) as! T
            default: return try exact(UInt8.self, whole, codingPath) as! T
            }
        default:
            return try T(from: JSONValueDecoder(value, codingPath: codingPath))
        }
    }

    private static func exact<I: FixedWidthInteger>(_ type: I.Type, _ value: Int64, _ codingPath: [any CodingKey]) throws -> I {
        guard let fitted = I(exactly: value) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(value) does not fit in \(I.self)."))
        }
        return fitted
    }

    // MARK: - Containers

    private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [(key: String, value: JSONValue)]
        let codingPath: [any CodingKey]

        var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

        func contains(_ key: Key) -> Bool { lookup(key) != nil }

        private func lookup(_ key: Key) -> JSONValue? {
            let name = key.stringValue
            for member in members where member.key == name { return member.value }
            return nil
        }

        private func require(_ key: Key) throws -> JSONValue {
            guard let value = lookup(key) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value for key '\(key.stringValue)'."))
            }
            return value
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            if case .null = try require(key) { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let value = try require(key)
            if case .null = value {
                throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath + [key], debugDescription: "Value is null."))
            }
            return try JSONValueDecoder.decodeScalar(T.self, from: value, codingPath: codingPath + [key])
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try JSONValueDecoder(try require(key), codingPath: codingPath + [key]).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try JSONValueDecoder(try require(key), codingPath: codingPath + [key]).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder {
            JSONValueDecoder(.object(members), codingPath: codingPath)
        }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            JSONValueDecoder(lookup(key) ?? .null, codingPath: codingPath + [key])
        }
    }

    private struct UnkeyedContainer: UnkeyedDecodingContainer {
        let items: [JSONValue]
        let codingPath: [any CodingKey]
        var currentIndex = 0

        init(items: [JSONValue], codingPath: [any CodingKey]) {
            self.items = items
            self.codingPath = codingPath
        }

        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        private var indexKey: IndexKey { IndexKey(intValue: currentIndex) }

        private func current<T>(_ type: T.Type) throws -> JSONValue {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath + [indexKey], debugDescription: "Unkeyed container is at end."))
            }
            return items[currentIndex]
        }

        mutating func decodeNil() throws -> Bool {
            if case .null = try current(Any?.self) {
                currentIndex += 1
                return true
            }
            return false
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let value = try current(T.self)
            if case .null = value {
                throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath + [indexKey], debugDescription: "Value is null."))
            }
            let decoded = try JSONValueDecoder.decodeScalar(T.self, from: value, codingPath: codingPath + [indexKey])
            currentIndex += 1
            return decoded
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            let container = try JSONValueDecoder(try current([String: Any].self), codingPath: codingPath + [indexKey]).container(keyedBy: type)
            currentIndex += 1
            return container
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let container = try JSONValueDecoder(try current([Any].self), codingPath: codingPath + [indexKey]).unkeyedContainer()
            currentIndex += 1
            return container
        }

        mutating func superDecoder() throws -> any Decoder {
            let decoder = JSONValueDecoder(try current(Any.self), codingPath: codingPath + [indexKey])
            currentIndex += 1
            return decoder
        }
    }

    private struct SingleValue: SingleValueDecodingContainer {
        let value: JSONValue
        let codingPath: [any CodingKey]

        func decodeNil() -> Bool {
            if case .null = value { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            if case .null = value {
                throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath, debugDescription: "Value is null."))
            }
            return try JSONValueDecoder.decodeScalar(T.self, from: value, codingPath: codingPath)
        }
    }

    /// The coding key of an array element.
    struct IndexKey: CodingKey {
        var intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }
}

extension JSONValue {
    /// What kind of value it is, for messages.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "text"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as Foundation-style objects (`[String: Any]`, `[Any]`, …),
    /// for code that walks a raw tree to name elements in errors.
    var anyValue: Any {
        switch self {
        case .null: return Optional<Any>.none as Any
        case .bool(let flag): return flag
        case .number(let number, let text): return Int(text).map { $0 as Any } ?? number
        case .string(let text): return text
        case .array(let items): return items.map(\.anyValue)
        case .object(let members):
            var result: [String: Any] = [:]
            for member in members { result[member.key] = member.value.anyValue }
            return result
        }
    }
}
