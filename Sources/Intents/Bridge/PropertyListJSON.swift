import Foundation

/// Property-list values (`userInfo`, an object's properties, a parameter's
/// value) as values `JSONSerialization` accepts: what crosses the plugin ABI
/// as JSON text.
///
/// Dates become ISO 8601 text, URLs and UUIDs their strings, objects their
/// ``INObject/jsonObject``; anything else its description.
enum PropertyListJSON {
    /// A dictionary's values converted, keyed by its keys' descriptions.
    static func object(from dictionary: [AnyHashable: Any]) -> [String: Any] {
        var result: [String: Any] = [:]
        for (key, value) in dictionary {
            result[String(describing: key.base)] = json(value)
        }
        return result
    }

    /// One value converted; dictionaries and arrays element by element.
    ///
    /// Numbers are taken as `NSNumber` before anything else: on Linux an
    /// `NSNumber` holding 0 or 1 also casts to `Bool`, so a duration of 0
    /// would reach the host as `false`. As an `NSNumber` it keeps its type
    /// (a `Bool` becomes the boolean number `JSONSerialization` writes as
    /// `true`/`false`).
    static func json(_ value: Any) -> Any {
        switch value {
        case let value as String: value
        case let value as NSNumber: value
        case let value as Date: ISO8601DateFormatter().string(from: value)
        case let value as URL: value.absoluteString
        case let value as UUID: value.uuidString
        case let value as [AnyHashable: Any]: object(from: value)
        case let value as [Any]: value.map(json)
        case let value as INObject: value.jsonObject
        case let value as any _ExthostPlainObject: value.jsonObject
        default: String(describing: value)
        }
    }
}
