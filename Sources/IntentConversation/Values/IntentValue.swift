import Foundation
import IntentDefinition

/// A parameter value on the host's side of the boundary.
///
/// Its cases follow the ABI's value kinds (`exthost_value_kind`): the
/// definition decides which case a parameter takes.
public enum IntentValue: Equatable, Sendable {
    case string(String)
    case integer(Int64)
    case decimal(Double)
    case boolean(Bool)
    /// An enum case by raw value (0 is `unknown`).
    case enumeration(Int32)
    /// Boxed: inline, its five strings made every `IntentValue` ten words
    /// wide, and each copy or release of one (dozens a conversation) went
    /// through the runtime's generic value witnesses.
    indirect case object(ObjectValue)
    /// The values of a parameter that supports multiple values.
    case list([IntentValue])
}

/// An object value: an `INObject`, a custom type, a placemark, a person, …
public struct ObjectValue: Codable, Equatable, Sendable {
    public var identifier: String?
    public var displayString: String
    public var subtitle: String?
    public var image: String?
    /// The custom type's own properties, as a JSON object text.
    public var properties: String?

    public init(identifier: String? = nil, displayString: String, subtitle: String? = nil, image: String? = nil, properties: String? = nil) {
        self.identifier = identifier
        self.displayString = displayString
        self.subtitle = subtitle
        self.image = image
        self.properties = properties
    }
}

extension IntentValue {
    /// How the value reads in a sentence (`${parameter}` in a template).
    public func spoken(enumType: EnumType? = nil) -> String {
        switch self {
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .decimal(let number):
            return number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .boolean(let flag): return flag ? "yes" : "no"
        case .enumeration(let raw):
            if let enumType, enumType.isOptionSet {
                return IntentValue.list(enumType.cases(in: Int(raw)).map { .string($0.displayName ?? $0.name) }).spoken()
            }
            if let match = enumType?.cases(in: Int(raw)).first {
                return match.displayName ?? match.name
            }
            return raw == 0 ? "unknown" : String(raw)
        case .object(let object): return object.displayString
        case .list(let items):
            let words = items.map { $0.spoken(enumType: enumType) }
            switch words.count {
            case 0: return ""
            case 1: return words[0]
            default: return words.dropLast().joined(separator: ", ") + " and " + words.last!
            }
        }
    }

    /// The value as plain JSON, for `--json` output and transcripts.
    public var jsonObject: Any {
        switch self {
        case .string(let text): return text
        case .integer(let number): return number
        case .decimal(let number): return number
        case .boolean(let flag): return flag
        case .enumeration(let raw): return raw
        case .object(let object):
            var result: [String: Any] = ["displayString": object.displayString]
            if let identifier = object.identifier { result["identifier"] = identifier }
            if let subtitle = object.subtitle { result["subtitle"] = subtitle }
            if let image = object.image { result["image"] = image }
            if let properties = object.properties,
               let parsed = try? JSONSerialization.jsonObject(with: Data(properties.utf8)) {
                result["properties"] = parsed
            }
            return result
        case .list(let items): return items.map(\.jsonObject)
        }
    }

    /// The value as plain JSON where people and front ends read it
    /// (`--json` values and transcripts, donations): an option set as the
    /// names of the options it holds, as intent files write it (`[]` for
    /// none); anything else as ``jsonObject``.
    ///
    /// - Parameter enumType: The parameter's enum, when it has one.
    public func jsonObject(enumType: EnumType?) -> Any {
        switch self {
        case .enumeration(let raw):
            guard let enumType, enumType.isOptionSet else { return jsonObject }
            return enumType.cases(in: Int(raw)).map(\.name)
        case .list(let items): return items.map { $0.jsonObject(enumType: enumType) }
        default: return jsonObject
        }
    }

    /// Values by parameter name as ``jsonObject(enumType:)`` gives them.
    ///
    /// - Parameters:
    ///   - values: The values, by parameter name.
    ///   - parameters: The parameters (or response properties) they are of.
    ///   - definition: The definition that names their enums.
    public static func jsonObject(_ values: [String: IntentValue], of parameters: [Parameter], in definition: IntentDefinition) -> [String: Any] {
        let optionSets = definition.optionSets(of: parameters)
        var result: [String: Any] = [:]
        for (name, value) in values { result[name] = value.jsonObject(enumType: optionSets[name]) }
        return result
    }
}

extension IntentDefinition {
    /// The option sets among `parameters`, by parameter name: what a value's
    /// JSON needs to give an option set's names instead of its bits.
    public func optionSets(of parameters: [Parameter]) -> [String: EnumType] {
        optionSets(of: parameters.map { ($0.name, $0.type) })
    }

    /// The option sets among a response's properties, by property name.
    public func optionSets(of properties: [ResponseParameter]) -> [String: EnumType] {
        optionSets(of: properties.map { ($0.name, $0.type) })
    }

    private func optionSets(of typed: [(name: String, type: ParameterType)]) -> [String: EnumType] {
        var result: [String: EnumType] = [:]
        guard enums.contains(where: \.isOptionSet) else { return result }
        for (name, type) in typed {
            if case .enumeration(let enumName) = type, let enumType = enumType(named: enumName), enumType.isOptionSet {
                result[name] = enumType
            }
        }
        return result
    }
}
