import Foundation

/// A response property marked `jsonObject` in its definition
/// (`INPlayMediaIntentResponse.nowPlayingInfo`): declared `[String: Any]?`,
/// it crosses the ABI as the text of a JSON object, and generated code
/// converts both ways.
///
/// Values may be strings, numbers, Booleans, and arrays and dictionaries of
/// those. Any other value (a `Date`, an `INImage`, an `MPMediaItemArtwork`)
/// is refused: its key is left out and the log says which key, what it held
/// and what to give instead.
public enum _JSONObjectText {
    /// The JSON text of `object`'s values that are JSON, logging one error
    /// for each key whose value is not; nil for nil.
    ///
    /// - Parameters:
    ///   - object: The dictionary the handler set.
    ///   - property: The property's name in messages (`INPlayMediaIntentResponse.nowPlayingInfo`).
    public static func encode(_ object: [String: Any]?, property: String) -> String? {
        guard let object else { return nil }
        let encoded = textAndRefusals(object, property: property)
        for refusal in encoded.refused { ExtensionHost.log(refusal, level: .error) }
        return encoded.json
    }

    /// The dictionary a JSON object's text holds, or nil when there is no
    /// text or it is not a JSON object.
    public static func decode(_ text: String?) -> [String: Any]? {
        guard let text else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    /// The JSON text of the values that are JSON, and an error line for each
    /// key whose value is not, in key order.
    static func textAndRefusals(_ object: [String: Any], property: String) -> (json: String, refused: [String]) {
        var refused: [String] = []
        let kept = jsonObject(object, path: "", property: property, refused: &refused)
        let data = (try? JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys])) ?? Data("{}".utf8)
        return (String(decoding: data, as: UTF8.self), refused)
    }

    private static func jsonObject(_ object: [String: Any], path: String, property: String, refused: inout [String]) -> [String: Any] {
        var kept: [String: Any] = [:]
        for key in object.keys.sorted() {
            let keyPath = path.isEmpty ? "\"\(key)\"" : "\(path)[\"\(key)\"]"
            if let value = json(object[key]!, path: keyPath, property: property, refused: &refused) { kept[key] = value }
        }
        return kept
    }

    /// `value` as JSON, or nil (and a refusal) when it is not JSON.
    private static func json(_ value: Any, path: String, property: String, refused: inout [String]) -> Any? {
        switch value {
        case let value as Bool: return value
        case let value as String: return value
        case let value as Int: return value
        case let value as Double where value.isFinite: return value
        case let value as Float where value.isFinite: return Double(value)
        case let value as any BinaryInteger where Int(exactly: value) != nil: return Int(exactly: value)
        case let value as NSNumber where value.doubleValue.isFinite: return value
        case let value as [String: Any]: return jsonObject(value, path: path, property: property, refused: &refused)
        case let value as [Any]:
            return value.enumerated().compactMap { index, element in
                json(element, path: "\(path)[\(index)]", property: property, refused: &refused)
            }
        default:
            refused.append("\(property): the value of \(path) (\(type(of: value))) is not JSON; it is left out. "
                + "Give a string, a number, a Boolean, or an array or dictionary of those (a date as its seconds since 1970, "
                + "artwork as a URL string).")
            return nil
        }
    }
}
