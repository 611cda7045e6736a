import IntentConversation
import ExtensionLoading
import AppWire
import Foundation
import IntentDefinition

/// Values between the host's typed form and the app wire's JSON.
///
/// On the wire: String, URL and DateComponents as text; Integer as a whole
/// number; Decimal and Duration as numbers; Boolean as true/false; an enum
/// as its case name; an option set as a list of its options' names; an
/// object as `{"identifier", "displayString", "subtitle", "image",
/// "properties"}`; a list as an array.
enum WireValues {
    /// A typed value as wire JSON.
    static func json(_ value: IntentValue, type: ParameterType, in definition: IntentDefinition) -> WireValue {
        switch value {
        case .string(let text): return .string(text)
        case .integer(let number): return .int(Int(number))
        case .decimal(let number): return .double(number)
        case .boolean(let flag): return .bool(flag)
        case .enumeration(let raw):
            guard case .enumeration(let name) = type, let enumType = definition.enumType(named: name) else { return .int(Int(raw)) }
            if enumType.isOptionSet { return .array(enumType.cases(in: Int(raw)).map { .string($0.name) }) }
            if let match = enumType.cases(in: Int(raw)).first { return .string(match.name) }
            return .int(Int(raw))
        case .object(let object):
            var fields: [String: WireValue] = ["displayString": .string(object.displayString)]
            if let identifier = object.identifier { fields["identifier"] = .string(identifier) }
            if let subtitle = object.subtitle { fields["subtitle"] = .string(subtitle) }
            if let image = object.image { fields["image"] = .string(image) }
            if let properties = object.properties,
               let parsed = try? JSONSerialization.jsonObject(with: Data(properties.utf8)) {
                fields["properties"] = wire(parsed)
            }
            return .object(fields)
        case .list(let items):
            return .array(items.map { json($0, type: type, in: definition) })
        }
    }

    /// All of an intent's values, by parameter name.
    static func parameters(_ values: [String: IntentValue], of intent: Intent, in definition: IntentDefinition) -> [String: WireValue] {
        var result: [String: WireValue] = [:]
        for parameter in intent.parameters {
            if let value = values[parameter.name] {
                result[parameter.name] = json(value, type: parameter.type, in: definition)
            }
        }
        return result
    }

    /// Response properties as wire JSON, by name.
    static func properties(_ values: [String: IntentValue], of intent: Intent, in definition: IntentDefinition) -> [String: WireValue] {
        var result: [String: WireValue] = [:]
        for parameter in intent.response.parameters {
            if let value = values[parameter.name] {
                result[parameter.name] = json(value, type: parameter.type, in: definition)
            }
        }
        return result
    }

    /// Wire JSON as Foundation objects, as the value reader takes them.
    static func foundation(_ value: WireValue) -> Any {
        value.foundationObject
    }

    /// Foundation objects as wire JSON.
    static func wire(_ value: Any) -> WireValue {
        WireValue(foundationObject: value)
    }

    /// A user activity from a response, as the host keeps it.
    static func activity(_ payload: UserActivityPayload) -> UserActivityValue {
        var info: String?
        if !payload.userInfo.isEmpty,
           let data = try? JSONSerialization.data(withJSONObject: payload.userInfo.mapValues(foundation), options: [.sortedKeys]) {
            info = String(decoding: data, as: UTF8.self)
        }
        return UserActivityValue(activityType: payload.activityType, title: payload.title, userInfo: info,
                                 persistentIdentifier: payload.persistentIdentifier)
    }

    /// A user activity the host kept, for the app wire.
    static func payload(_ activity: UserActivityValue) -> UserActivityPayload {
        var info: [String: WireValue] = [:]
        if let text = activity.userInfo,
           let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] {
            info = parsed.mapValues(wire)
        }
        return UserActivityPayload(activityType: activity.activityType, title: activity.title, userInfo: info,
                                   persistentIdentifier: activity.persistentIdentifier)
    }
}
