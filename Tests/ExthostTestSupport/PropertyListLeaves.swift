import Foundation

/// The leaves of an `.intentdefinition` property list, for checking that a
/// round trip keeps every key of a file with its value.
public enum PropertyListLeaves {
    /// The paths of a property list's leaves (`INIntents[OrderSoup]/INIntentTitleID`)
    /// with their values as text; an array of dictionaries is entered by each
    /// element's name, or its position when it has none.
    public static func of(_ value: Any) -> [String: String] {
        var result: [String: String] = [:]
        collect(value, "", into: &result)
        return result
    }

    /// The leaves of the property list in `data`.
    ///
    /// - Throws: When `data` is not a property list.
    public static func of(propertyList data: Data) throws -> [String: String] {
        of(try PropertyListSerialization.propertyList(from: data, format: nil))
    }

    private static func collect(_ value: Any, _ path: String, into result: inout [String: String]) {
        if let dictionary = value as? [String: Any] {
            for (key, member) in dictionary { collect(member, path + "/" + key, into: &result) }
        } else if let elements = value as? [[String: Any]], !elements.isEmpty {
            for (index, element) in elements.enumerated() {
                let name = ["INIntentName", "INIntentParameterName", "INIntentResponseParameterName", "INIntentResponseCodeName", "INEnumName",
                            "INEnumValueName", "INTypeName", "INTypePropertyName", "INIntentParameterPromptDialogType"]
                    .lazy.compactMap { element[$0] as? String }.first ?? "#\(index)"
                collect(element, path + "[\(name)]", into: &result)
            }
        } else {
            result[path] = "\(value)"
        }
    }
}
