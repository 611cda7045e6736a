import Foundation

/// What an `.intentdefinition` holds that the model does not: keys Xcode
/// writes for its editor and localisation (`INIntentTitleID`,
/// `INIntentParameterTag`, `INIntentLastParameterTag`, tools versions, …) and
/// any key a newer Xcode adds. They are found by writing the model back and
/// keeping every key of the file the writer did not write, each under the
/// path of the element it belongs to; writing the model again puts them
/// back, so a round trip keeps them.
///
/// An element of an array of dictionaries is found by its name
/// (`INIntentName`, `INIntentParameterName`, …, or a prompt's type), not by
/// position, so the writer's own order and the enums' implicit `unknown`
/// case do not move a key to another element; an array of other values is
/// one value.
enum KeptPropertyListKeys {
    /// The keys naming an element of an array of dictionaries, in the order tried.
    static let identifyingKeys = [
        "INIntentName", "INIntentParameterName", "INIntentResponseParameterName", "INIntentResponseCodeName",
        "INEnumName", "INEnumValueName", "INTypeName", "INTypePropertyName",
        "INIntentParameterPromptDialogType", "INIntentParameterUnsupportedReasonCode",
    ]

    /// The keys of `original` that `written` lacks, by path.
    static func missing(from written: [String: Any], original: [String: Any]) -> [String: PropertyListValue] {
        var kept: [String: PropertyListValue] = [:]
        collect(original, written, path: "", into: &kept)
        return kept
    }

    /// `written` with the kept keys put back where their elements are.
    static func restore(_ kept: [String: PropertyListValue], into written: [String: Any]) -> [String: Any] {
        var result = written
        for (path, value) in kept.sorted(by: { $0.key < $1.key }) {
            let steps = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            result = put(value.propertyList, at: steps[...], in: result) ?? result
        }
        return result
    }

    private static func identity(of element: [String: Any], at index: Int) -> String {
        for key in identifyingKeys {
            if let name = element[key] as? String { return "\(key)=\(name)" }
        }
        return "#\(index)"
    }

    private static func collect(_ original: [String: Any], _ written: [String: Any], path: String, into kept: inout [String: PropertyListValue]) {
        for (key, value) in original {
            let here = path.isEmpty ? escape(key) : "\(path)/\(escape(key))"
            guard let counterpart = written[key] else {
                if let keptValue = PropertyListValue(propertyList: value) { kept[here] = keptValue }
                continue
            }
            if let dictionary = value as? [String: Any], let other = counterpart as? [String: Any] {
                collect(dictionary, other, path: here, into: &kept)
            } else if let elements = value as? [[String: Any]], let others = counterpart as? [[String: Any]], !elements.isEmpty {
                var byIdentity: [String: [String: Any]] = [:]
                for (index, element) in others.enumerated() { byIdentity[identity(of: element, at: index)] = element }
                for (index, element) in elements.enumerated() {
                    let id = identity(of: element, at: index)
                    collect(element, byIdentity[id] ?? [:], path: "\(here)[\(escape(id))]", into: &kept)
                }
            }
        }
    }

    private static func put(_ value: Any, at steps: ArraySlice<String>, in dictionary: [String: Any]) -> [String: Any]? {
        guard let first = steps.first else { return nil }
        var result = dictionary
        if steps.count == 1 {
            result[unescape(first)] = value
            return result
        }
        // "key[identity]" steps into an array's element; "key" into a dictionary.
        if let open = first.firstIndex(of: "["), first.hasSuffix("]") {
            let key = unescape(String(first[..<open]))
            let id = unescape(String(first[first.index(after: open)..<first.index(before: first.endIndex)]))
            guard var elements = result[key] as? [[String: Any]],
                  let index = elements.indices.first(where: { identity(of: elements[$0], at: $0) == id }),
                  let changed = put(value, at: steps.dropFirst(), in: elements[index]) else { return nil }
            elements[index] = changed
            result[key] = elements
        } else {
            let key = unescape(first)
            guard let inner = result[key] as? [String: Any], let changed = put(value, at: steps.dropFirst(), in: inner) else { return nil }
            result[key] = changed
        }
        return result
    }

    /// Keys and names may hold `/`, `[`, `]` (a parameter combination's key is
    /// `a,b`): percent-escaped in a path.
    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "/", with: "%2F")
            .replacingOccurrences(of: "[", with: "%5B").replacingOccurrences(of: "]", with: "%5D")
    }

    private static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "%5D", with: "]").replacingOccurrences(of: "%5B", with: "[")
            .replacingOccurrences(of: "%2F", with: "/").replacingOccurrences(of: "%25", with: "%")
    }
}
