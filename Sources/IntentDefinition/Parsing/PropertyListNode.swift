import Foundation

/// One dictionary of a parsed property list, with the path that leads to it,
/// so every error can say where it happened.
struct PropertyListNode {
    /// The dictionary's keys and values as `PropertyListSerialization` returned them.
    let values: [String: Any]
    /// The element path, e.g. `["INIntents[0] (OrderSoup)", "INIntentParameters[2] (options)"]`.
    let path: [String]
    /// The file, for error messages.
    let file: String

    /// The path as shown in messages.
    var element: String { path.joined(separator: " › ") }

    /// An error located at this node.
    func error(_ kind: IntentDefinitionError.Kind, _ message: String) -> IntentDefinitionError {
        IntentDefinitionError(kind, file: file, element: element, message: message)
    }

    /// Whether `key` is present.
    func has(_ key: String) -> Bool { values[key] != nil }

    private func wrongType(_ key: String, _ value: Any, expected: String) -> IntentDefinitionError {
        error(.wrongValueType, "\(key) is \(PropertyListNode.describe(value)); expected \(expected). Fix the value in the file (Xcode writes \(expected) here).")
    }

    /// A plain-words name for a property-list value's type.
    static func describe(_ value: Any) -> String {
        if type(of: value) == Bool.self { return "a boolean" }
        if value is String { return "a string" }
        if value is [Any] { return "an array" }
        if value is [String: Any] { return "a dictionary" }
        if let number = value as? NSNumber {
            return number.doubleValue.rounded() == number.doubleValue ? "an integer" : "a real number"
        }
        if value is Data { return "data" }
        if value is Date { return "a date" }
        return "a \(type(of: value))"
    }

    /// The string at `key`, nil when absent.
    func string(_ key: String) throws -> String? {
        guard let value = values[key] else { return nil }
        guard let string = value as? String else { throw wrongType(key, value, expected: "a string") }
        return string
    }

    /// The string at `key`, which must be present and not empty.
    func requiredString(_ key: String) throws -> String {
        guard let string = try string(key) else {
            throw error(.missingKey, "\(key) is missing; every such element needs one.")
        }
        guard !string.isEmpty else {
            throw error(.missingKey, "\(key) is empty; give it a name.")
        }
        return string
    }

    /// The boolean at `key`, nil when absent.
    func bool(_ key: String) throws -> Bool? {
        guard let value = values[key] else { return nil }
        guard type(of: value) == Bool.self, let bool = value as? Bool else {
            throw wrongType(key, value, expected: "a boolean (<true/> or <false/>)")
        }
        return bool
    }

    /// The integer at `key`, nil when absent.
    func int(_ key: String) throws -> Int? {
        guard let value = values[key] else { return nil }
        guard type(of: value) != Bool.self, value is NSNumber, let int = value as? Int else {
            throw wrongType(key, value, expected: "an integer")
        }
        return int
    }

    /// The number (integer or real) at `key`, nil when absent.
    func double(_ key: String) throws -> Double? {
        guard let value = values[key] else { return nil }
        guard type(of: value) != Bool.self, let number = value as? NSNumber else {
            throw wrongType(key, value, expected: "a number")
        }
        return number.doubleValue
    }

    /// The array at `key`, nil when absent.
    func array(_ key: String) throws -> [Any]? {
        guard let value = values[key] else { return nil }
        guard let array = value as? [Any] else { throw wrongType(key, value, expected: "an array") }
        return array
    }

    /// The dictionary at `key` as a node, nil when absent.
    func dictionary(_ key: String) throws -> PropertyListNode? {
        guard let value = values[key] else { return nil }
        guard let dictionary = value as? [String: Any] else { throw wrongType(key, value, expected: "a dictionary") }
        return PropertyListNode(values: dictionary, path: path + [key], file: file)
    }

    /// The array of dictionaries at `key`, each as a node named `key[i] (name)`
    /// where the name comes from `nameKey` when present.
    func dictionaries(_ key: String, nameKey: String?) throws -> [PropertyListNode] {
        guard let array = try array(key) else { return [] }
        return try array.enumerated().map { index, value in
            var label = "\(key)[\(index)]"
            guard let dictionary = value as? [String: Any] else {
                throw error(.wrongValueType, "\(label) is \(PropertyListNode.describe(value)); expected a dictionary.")
            }
            if let nameKey, let name = dictionary[nameKey] as? String, !name.isEmpty {
                label += " (\(name))"
            }
            return PropertyListNode(values: dictionary, path: path + [label], file: file)
        }
    }

    /// A child node for the entry `name` of the dictionary at `key` (parameter combinations).
    func entries(_ key: String) throws -> [(name: String, node: PropertyListNode)] {
        guard let container = try dictionary(key) else { return [] }
        return try container.values.keys.sorted().map { name in
            let value = container.values[name]!
            guard let dictionary = value as? [String: Any] else {
                throw container.error(.wrongValueType, "entry '\(name)' is \(PropertyListNode.describe(value)); expected a dictionary.")
            }
            return (name, PropertyListNode(values: dictionary, path: path + ["\(key)[\(name)]"], file: file))
        }
    }
}
