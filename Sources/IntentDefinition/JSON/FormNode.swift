/// A value of the JSON form being read, with where it is: what the model's
/// JSON readers work on.
///
/// Reading the form this way, rather than through `Decodable`, keeps the
/// host's cold load fast: no dynamic casts or conformance lookups, which on
/// a fresh process cost far more than parsing the text.
struct FormNode {
    let value: OrderedJSON
    /// Where the node's parent is; with `key`, where the node is. Kept in two
    /// parts so that reading a member allocates nothing: the full path is
    /// only built for an error.
    private let parentPath: [any CodingKey]
    private let key: PathKey?

    /// One step of a path.
    enum PathKey {
        case name(String)
        case index(Int)

        var codingKey: any CodingKey {
            switch self {
            case .name(let name): JSONKey(name)
            case .index(let index): IndexKey(intValue: index)
            }
        }
    }

    init(_ value: OrderedJSON, codingPath: [any CodingKey] = []) {
        self.value = value
        self.parentPath = codingPath
        self.key = nil
    }

    init(_ value: OrderedJSON, parentPath: [any CodingKey], key: PathKey) {
        self.value = value
        self.parentPath = parentPath
        self.key = key
    }

    /// The node's full coding path.
    var codingPath: [any CodingKey] {
        guard let key else { return parentPath }
        return parentPath + [key.codingKey]
    }

    /// The node as an object of the form.
    func object() throws -> FormObject {
        guard case .object(let members) = value else { throw mismatch([String: Any].self) }
        return FormObject(members: members, codingPath: codingPath)
    }

    /// The node as an array of nodes.
    func array() throws -> [FormNode] {
        guard case .array(let items) = value else { throw mismatch([Any].self) }
        let path = codingPath
        return items.enumerated().map { FormNode($1, parentPath: path, key: .index($0)) }
    }

    func string() throws -> String {
        guard case .string(let text) = value else { throw mismatch(String.self) }
        return text
    }

    func bool() throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(Bool.self) }
        return flag
    }

    func double() throws -> Double {
        guard case .number(let number, _) = value else { throw mismatch(Double.self) }
        return number
    }

    func int() throws -> Int {
        guard case .number(let number, let text) = value else { throw mismatch(Int.self) }
        if let whole = Int(text) { return whole }
        guard number.rounded() == number, abs(number) < 9.2e18 else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(text) is not a whole number."))
        }
        return Int(number)
    }

    /// A type mismatch, as `JSONDecoder` reports one.
    func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "Found \(value.kindName) instead."))
    }
}

/// An object of the JSON form: looks keys up, applies the form's defaults
/// and refuses keys it does not know.
struct FormObject {
    let members: [(key: String, value: OrderedJSON)]
    let codingPath: [any CodingKey]

    /// The member at `key`; nil when absent or null.
    func node(_ key: String) -> FormNode? {
        for member in members where member.key == key {
            if case .null = member.value { return nil }
            return FormNode(member.value, parentPath: codingPath, key: .name(key))
        }
        return nil
    }

    /// Throws when the object has a key outside `allowed`.
    func rejectUnknownKeys(_ allowed: [String]) throws {
        for member in members where !allowed.contains(member.key) {
            throw JSONFormIssue(
                kind: .unknownKey,
                codingPath: codingPath + [JSONKey(member.key)],
                message: "unknown key '\(member.key)'; expected one of \(allowed.joined(separator: ", ")). Remove it or fix its spelling."
            )
        }
    }

    /// The member at `key`, which must be present.
    func required(_ key: String) throws -> FormNode {
        guard let node = node(key) else {
            throw JSONFormIssue(kind: .missingKey, codingPath: codingPath + [JSONKey(key)], message: "'\(key)' is missing; it is required here.")
        }
        return node
    }

    func string(_ key: String) throws -> String { try required(key).string() }
    func optionalString(_ key: String) throws -> String? { try node(key)?.string() }
    func bool(_ key: String) throws -> Bool { try node(key)?.bool() ?? false }
    func optionalInt(_ key: String) throws -> Int? { try node(key)?.int() }
    func optionalDouble(_ key: String) throws -> Double? { try node(key)?.double() }
    func strings(_ key: String) throws -> [String] { try node(key)?.array().map { try $0.string() } ?? [] }

    /// The array at `key` read item by item (empty when absent).
    func list<T>(_ key: String, _ read: (FormNode) throws -> T) throws -> [T] {
        try node(key)?.array().map(read) ?? []
    }

    /// A string at `key` that must be one of `T`'s raw values.
    func oneOf<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws -> T where T.RawValue == String {
        let raw = try string(key)
        guard let value = T(rawValue: raw) else {
            throw JSONFormIssue(
                kind: .unknownValue, codingPath: codingPath + [JSONKey(key)],
                message: "unknown value '\(raw)'; expected one of \(T.allCases.map(\.rawValue).joined(separator: ", "))."
            )
        }
        return value
    }

    /// A parameter type name at `key`.
    func type(_ key: String) throws -> ParameterType {
        let node = try required(key)
        let name = try node.string()
        guard let type = ParameterType(jsonName: name) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: node.codingPath,
                debugDescription: "unknown parameter type '\(name)'; expected String, Integer, Decimal, Boolean, DateComponents, Duration, URL, Placemark, CurrencyAmount, Person, File, Object, enum:<Name> or type:<Name>"
            ))
        }
        return type
    }
}
