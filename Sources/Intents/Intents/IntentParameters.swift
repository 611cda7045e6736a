import Foundation

/// An intent's parameter values as the JSON object a donation carries, in
/// the form `exthost run`'s intent file takes them (objects as
/// `{"identifier", "displayString", …}`, enums by case name, numbers as
/// numbers), read from the generated class's stored properties.
enum IntentParameters {
    static func jsonObject(of intent: INIntent) -> [String: Any] {
        var result: [String: Any] = [:]
        var mirror: Mirror? = Mirror(reflecting: intent)
        // The generated class's own properties; INIntent's are not parameters.
        while let current = mirror, current.subjectType != INIntent.self {
            for child in current.children {
                guard var name = child.label else { continue }
                if let lazy = child.value as? _LazyNumber {
                    var copy = lazy
                    guard let number = copy.number else { continue }
                    if name.hasPrefix("_") { name.removeFirst() }
                    result[name] = number
                    continue
                }
                guard !name.hasPrefix("_"), let value = unwrap(child.value) else { continue }
                // An enum parameter without a value is its `unknown` case.
                if Mirror(reflecting: value).displayStyle == .enum && String(describing: value) == "unknown" { continue }
                result[name] = json(value)
            }
            mirror = current.superclassMirror
        }
        return result
    }

    private static func unwrap(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map { unwrap($0.value) } ?? nil
    }

    private static func json(_ value: Any) -> Any {
        switch value {
        case let value as INObject: return value.jsonObject
        case let value as any _ExthostPlainObject: return value.jsonObject
        // An option set as its options' names, as an intent file writes it.
        case let value as any _ExthostOptionSet: return value._exthostNames
        case let value as [Any]: return value.compactMap { unwrap($0).map(json) }
        case let value as String: return value
        case let value as NSNumber: return value
        case let value as Int: return value
        case let value as Double: return value
        case let value as Bool: return value
        case let value as URL: return value.absoluteString
        case let value as DateComponents:
            let date = Calendar(identifier: .gregorian).date(from: value)
            return date.map { ISO8601DateFormatter().string(from: $0) } ?? "\(value)"
        default:
            if Mirror(reflecting: value).displayStyle == .enum { return String(describing: value) }
            return PropertyListJSON.json(value)
        }
    }
}
