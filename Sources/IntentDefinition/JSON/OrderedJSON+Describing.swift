extension OrderedJSON {
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
