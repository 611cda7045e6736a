import Foundation
import IntentDefinition

/// A value that does not fit its parameter: what was given, what was wanted.
public struct IntentValueError: Error, CustomStringConvertible, Sendable {
    public var intent: String
    public var parameter: String
    public var message: String

    public var description: String { "parameter '\(parameter)' of \(intent) \(message)" }
}

/// Turns values written by people (JSON in an intent file, text typed at a
/// prompt or given with `--answer`) into typed values, checked against the
/// parameter's type in the definition.
package struct IntentValueReader {
    let definition: IntentDefinition
    let intent: Intent

    /// A reader for the parameters of `intent`, described by `definition`.
    package init(definition: IntentDefinition, intent: Intent) {
        self.definition = definition
        self.intent = intent
    }

    /// Reads a JSON value (as `JSONSerialization` gives it).
    package func read(json: Any, for parameter: Parameter) throws(IntentValueError) -> IntentValue {
        if parameter.supportsMultipleValues {
            let items = (json as? [Any]) ?? [json]
            var values: [IntentValue] = []
            for item in items {
                values.append(try readSingle(json: item, for: parameter))
            }
            return .list(values)
        }
        if let optionSet = optionSet(of: parameter.type) {
            return try readOptions(json: json, of: optionSet, for: parameter)
        }
        if json is [Any] {
            throw error(parameter, "takes one value, not a list (it does not support multiple values)")
        }
        return try readSingle(json: json, for: parameter)
    }

    /// The option set a parameter of `type` holds, if it is one.
    private func optionSet(of type: ParameterType) -> EnumType? {
        guard case .enumeration(let name) = type, let enumType = definition.enumType(named: name), enumType.isOptionSet else { return nil }
        return enumType
    }

    /// Reads an option set: a list of option names (`["missed", "voicemail"]`),
    /// one name, or its raw value. The value is the options' bits together.
    ///
    /// - Parameter lead: What the messages say the value is before "the
    ///   option set …": the parameter itself (`is`), or one of its object's
    ///   properties.
    private func readOptions(json: Any, of optionSet: EnumType, for parameter: Parameter, lead: String = "is") throws(IntentValueError) -> IntentValue {
        let names = optionSet.cases.map(\.name).joined(separator: ", ")
        if let number = json as? NSNumber, !number.isBoolean {
            let all = optionSet.cases.reduce(0) { $0 | $1.value }
            guard number.doubleValue == Double(number.intValue), number.intValue >= 0, number.intValue & ~all == 0 else {
                throw error(parameter, "\(lead) the option set \(optionSet.name): \(describe(json)) is not a combination of its options (\(names)); give a list of option names")
            }
            return .enumeration(Int32(number.intValue))
        }
        let items: [Any] = (json as? [Any]) ?? [json]
        var raw = 0
        for item in items {
            guard let text = item as? String else {
                throw error(parameter, "\(lead) the option set \(optionSet.name): expected a list of option names (\(names)), got \(describe(item))")
            }
            guard let match = definition.enumCase(named: text.trimmingCharacters(in: .whitespaces), of: optionSet) else {
                throw error(parameter, "\(lead) the option set \(optionSet.name): \"\(text)\" is none of its options (\(names))")
            }
            raw |= match.value
        }
        return .enumeration(Int32(raw))
    }

    /// A custom type's properties as they cross to the extension (the
    /// `properties` of `exthost_object`): each enum property by its case
    /// name (given as a name, in any case, or as its raw number), each list
    /// of them as names, each option set as the list of its options' names.
    /// A name or number the enum does not have is refused as a parameter's
    /// is (`"callTypes": ["missed", "lost"]` of an `INCallRecordFilter`,
    /// `"mediaDestinationType": "album"`): otherwise the extension would get
    /// the value without it and never know. Objects of custom types inside
    /// them are read the same way, their properties named by their path
    /// (`dateComponentsRange.recurrenceRule.frequency`); a plain object
    /// (``CustomType/isPlainObject``) may be given by its properties alone,
    /// and its nonnull enums must be given (a rule's frequency). A plain
    /// object has no properties but its type's, so a name it lacks is
    /// refused with the ones it has. A single Boolean or number is checked
    /// as a parameter's is (yes/no and numbers in text become the JSON
    /// value the SDK reads), since a value of another kind would reach the
    /// extension as no value at all.
    private func normalizedProperties(_ properties: Any, of typeName: String, path: String = "",
                                      for parameter: Parameter) throws(IntentValueError) -> Any {
        guard let customType = definition.customType(named: typeName), var fields = properties as? [String: Any] else { return properties }
        if customType.isPlainObject, let unknown = fields.keys.sorted().first(where: { key in !customType.properties.contains { $0.name == key } }) {
            throw error(parameter, "has the property '\(path + unknown)', which \(typeName) does not have: give \(customType.quotedPropertyNames)")
        }
        for property in customType.properties {
            let name = path + property.name
            let value = fields[property.name].flatMap { $0 is NSNull ? nil : $0 }
            if let value, !property.supportsMultipleValues, [.boolean, .integer, .decimal].contains(property.type.valueKind) {
                let lone = Parameter(name: name, type: property.type)
                let read: IntentValue
                do { read = try readSingle(json: value, for: lone) } catch {
                    throw self.error(parameter, "has the property '\(name)' (of \(typeName)), which \(error.message)")
                }
                switch read {
                case .boolean(let flag): fields[property.name] = flag
                case .integer(let number): fields[property.name] = number
                case .decimal(let number): fields[property.name] = number
                default: break
                }
                continue
            }
            if case .custom(let nested) = property.type, let value {
                if property.supportsMultipleValues {
                    var items: [Any] = []
                    for item in (value as? [Any]) ?? [value] {
                        items.append(try normalizedObject(item, of: nested, path: name, for: parameter))
                    }
                    fields[property.name] = items
                } else {
                    fields[property.name] = try normalizedObject(value, of: nested, path: name, for: parameter)
                }
                continue
            }
            guard case .enumeration(let enumName) = property.type, let enumType = definition.enumType(named: enumName) else { continue }
            guard let value else {
                if customType.isPlainObject, property.isNonnull, !enumType.isOptionSet {
                    let cases = enumType.cases.map(\.name).joined(separator: ", ")
                    let owner = path.isEmpty ? "" : " '\(path.dropLast())'"
                    throw error(parameter, "has the property\(owner) (an \(typeName)) without its '\(property.name)': give one of the enum \(enumType.name)'s cases (\(cases))")
                }
                continue
            }
            let lead = "has the property '\(name)' (of \(typeName)), which is"
            if enumType.isOptionSet {
                guard case .enumeration(let raw) = try readOptions(json: value, of: enumType, for: parameter, lead: lead) else { continue }
                fields[property.name] = enumType.cases(in: Int(raw)).map(\.name)
            } else if property.supportsMultipleValues {
                var names: [String] = []
                for item in (value as? [Any]) ?? [value] {
                    names.append(try readCase(json: item, of: enumType, for: parameter, lead: lead).name)
                }
                fields[property.name] = names
            } else {
                fields[property.name] = try readCase(json: value, of: enumType, for: parameter, lead: lead).name
            }
        }
        return fields
    }

    /// The custom type a value of `type` is when it is a plain object
    /// (``CustomType/isPlainObject``): one given by its properties alone.
    private func plainObjectType(_ type: ParameterType) -> CustomType? {
        guard case .custom(let typeName) = type, let customType = definition.customType(named: typeName), customType.isPlainObject else { return nil }
        return customType
    }

    /// An object of a custom type inside a custom type's properties, as it
    /// crosses: `{"displayString", "properties", …}` with its properties
    /// read by ``normalizedProperties(_:of:path:for:)``. A plain object given
    /// by its properties alone gets them under `properties` and an empty
    /// display string (the SDK writes its own).
    private func normalizedObject(_ value: Any, of typeName: String, path: String, for parameter: Parameter) throws(IntentValueError) -> Any {
        guard var object = value as? [String: Any] else {
            throw error(parameter, "has the property '\(path)', which is an object of \(typeName): expected a JSON object, got \(describe(value))")
        }
        if plainObjectType(.custom(typeName)) != nil, object["properties"] == nil {
            object = ["displayString": object["displayString"] ?? "", "properties": object.filter { $0.key != "displayString" }]
        }
        object["properties"] = try normalizedProperties(object["properties"] ?? [String: Any](), of: typeName, path: path + ".", for: parameter)
        return object
    }

    /// Reads one case of a plain enum: its name (or display name, any
    /// case), or from JSON its raw value.
    ///
    /// - Parameter lead: What the messages say the value is before "the
    ///   enum …": the parameter itself (`is`), or one of its object's
    ///   properties.
    private func readCase(json: Any, of enumType: EnumType, for parameter: Parameter, lead: String = "is") throws(IntentValueError) -> EnumCase {
        let cases = enumType.cases.map(\.name).joined(separator: ", ")
        if let text = json as? String {
            if let match = definition.enumCase(named: text, of: enumType) { return match }
            throw error(parameter, "\(lead) the enum \(enumType.name): \"\(text)\" is none of its cases (\(cases))")
        }
        if let number = json as? NSNumber, !number.isBoolean, let match = enumType.cases.first(where: { $0.value == number.intValue }),
           number.doubleValue == Double(number.intValue) {
            return match
        }
        throw error(parameter, "\(lead) the enum \(enumType.name): expected one of \(cases), got \(describe(json))")
    }

    /// Reads text: a number, a case name, yes/no, or an object's display
    /// string. A list is written comma-separated.
    package func read(text: String, for parameter: Parameter) throws(IntentValueError) -> IntentValue {
        if let optionSet = optionSet(of: parameter.type) {
            return try readOptions(json: text.split(separator: ",").map(String.init), of: optionSet, for: parameter)
        }
        if parameter.supportsMultipleValues {
            var values: [IntentValue] = []
            for part in text.split(separator: ",") {
                values.append(try readSingle(json: String(part).trimmingCharacters(in: .whitespaces), for: parameter))
            }
            return .list(values)
        }
        return try readSingle(json: text, for: parameter)
    }

    private func readSingle(json: Any, for parameter: Parameter) throws(IntentValueError) -> IntentValue {
        let type = parameter.type
        switch type.valueKind {
        case .string:
            if let text = json as? String {
                try refuseNUL(text, parameter)
                if type == .dateComponents { try checkDateComponents(text, parameter) }
                return .string(text)
            }
            if type == .dateComponents, let number = json as? NSNumber, !number.isBoolean {
                try checkDateComponents(number.stringValue, parameter)
                return .string(number.stringValue)
            }
            throw error(parameter, "is \(article(type)) \(type.jsonName): expected text, got \(describe(json))")
        case .integer:
            if let number = json as? NSNumber, !number.isBoolean {
                let double = number.doubleValue
                guard double.rounded() == double, abs(double) < 9.2e18 else {
                    throw error(parameter, "is an Integer: \(describe(json)) is not a whole number")
                }
                return .integer(number.int64Value)
            }
            if let text = json as? String, let number = Int64(text.trimmingCharacters(in: .whitespaces)) {
                return .integer(number)
            }
            throw error(parameter, "is an Integer: \(describe(json)) is not a whole number")
        case .decimal:
            if let number = json as? NSNumber, !number.isBoolean { return .decimal(number.doubleValue) }
            if let text = json as? String, let number = Double(text.trimmingCharacters(in: .whitespaces)) {
                return .decimal(number)
            }
            throw error(parameter, "is \(article(type)) \(type.jsonName): \(describe(json)) is not a number")
        case .boolean:
            if let number = json as? NSNumber, number.isBoolean { return .boolean(number.boolValue) }
            if let text = json as? String {
                switch text.lowercased() {
                case "yes", "y", "true", "1", "on": return .boolean(true)
                case "no", "n", "false", "0", "off": return .boolean(false)
                default: break
                }
            }
            throw error(parameter, "is a Boolean: expected true/false or yes/no, got \(describe(json))")
        case .enumeration:
            guard case .enumeration(let enumName) = type, let enumType = definition.enumType(named: enumName) else {
                throw error(parameter, "has an enum type that its definition does not define")
            }
            return .enumeration(Int32(try readCase(json: json, of: enumType, for: parameter).value))
        case .object:
            if let text = json as? String {
                if let customType = plainObjectType(type) {
                    let typeName = customType.name
                    let article = typeName.first.map { "AEIOU".contains($0) } == true ? "an" : "a"
                    throw error(parameter, "is \(article) \(typeName), which has no identifier or display string: give its properties as a JSON object (\(customType.quotedPropertyNames)), not \(describe(json))")
                }
                try refuseNUL(text, parameter)
                return .object(ObjectValue(identifier: text, displayString: text))
            }
            if var fields = json as? [String: Any] {
                for key in ["identifier", "displayString", "title", "name", "subtitle", "image"] {
                    if let text = fields[key] as? String { try refuseNUL(text, parameter) }
                }
                // An image's bytes (INImage(imageData:)) come as a data: URL in base64.
                if let image = fields["image"] as? String, image.hasPrefix("data:"), !Self.isBase64DataURL(image) {
                    throw error(parameter, "has an \"image\" that starts with data: but is no base64 data: URL: give the bytes as data:image/png;base64,<the file in base64>, or the image's name or URL")
                }
                // A plain object (an INDateComponentsRange) has no display
                // string of its own and may be given by its properties alone.
                let plainType = plainObjectType(type)
                var given = fields["properties"]
                if let plainType, given == nil {
                    given = fields.filter { $0.key != "displayString" }
                    fields = ["displayString": fields["displayString"] ?? plainType.displayName ?? plainType.name]
                }
                guard let display = (fields["displayString"] ?? fields["title"] ?? fields["name"]) as? String ?? plainType.map({ $0.displayName ?? $0.name }) else {
                    throw error(parameter, "is an object: it needs a \"displayString\" (text)")
                }
                var properties: String?
                if let given {
                    guard JSONSerialization.isValidJSONObject(given) else {
                        throw error(parameter, "is an object: \"properties\" must be a JSON object")
                    }
                    var extra: Any = given
                    if case .custom(let typeName) = type { extra = try normalizedProperties(given, of: typeName, for: parameter) }
                    guard let data = try? JSONSerialization.data(withJSONObject: extra, options: [.sortedKeys]) else {
                        throw error(parameter, "is an object: \"properties\" must be a JSON object")
                    }
                    properties = String(decoding: data, as: UTF8.self)
                }
                return .object(ObjectValue(
                    identifier: fields["identifier"] as? String,
                    displayString: display,
                    subtitle: fields["subtitle"] as? String,
                    image: fields["image"] as? String,
                    properties: properties
                ))
            }
            throw error(parameter, "is an object (\(type.jsonName)): expected text or {\"identifier\", \"displayString\"}, got \(describe(json))")
        }
    }

    /// The message for a value outside the definition's minimum or maximum,
    /// or nil when it is within them. Uses the parameter's own unsupported
    /// reason (`lessThanMinimumValue` / `greaterThanMaximumValue`) when the
    /// definition has one.
    func boundsViolation(_ value: IntentValue, for parameter: Parameter) -> (reason: Int32, message: String)? {
        // A single number is checked as it is: no array made for it.
        switch value {
        case .integer(let number): return boundsViolation(Double(number), for: parameter)
        case .decimal(let number): return boundsViolation(number, for: parameter)
        case .list(let items):
            for item in items {
                let violation: (reason: Int32, message: String)? = switch item {
                case .integer(let number): boundsViolation(Double(number), for: parameter)
                case .decimal(let number): boundsViolation(number, for: parameter)
                default: nil
                }
                if let violation { return violation }
            }
            return nil
        default: return nil
        }
    }

    /// The reason and message when `number` is outside the parameter's
    /// minimum or maximum, nil when it is inside.
    private func boundsViolation(_ number: Double, for parameter: Parameter) -> (reason: Int32, message: String)? {
        if let maximum = parameter.metadata.maximum, number > maximum {
            let name = parameter.displayName ?? parameter.name
            return message(parameter, code: "greaterThanMaximumValue", fallback: "\(name) must be at most \(format(maximum)); \(format(number)) is too large.")
        }
        if let minimum = parameter.metadata.minimum, number < minimum {
            let name = parameter.displayName ?? parameter.name
            return message(parameter, code: "lessThanMinimumValue", fallback: "\(name) must be at least \(format(minimum)); \(format(number)) is too small.")
        }
        return nil
    }

    private func message(_ parameter: Parameter, code: String, fallback: String) -> (reason: Int32, message: String) {
        if let index = parameter.unsupportedReasons.firstIndex(where: { $0.code == code }),
           let text = parameter.unsupportedReasons[index].formatString, !text.isEmpty {
            return (Int32(index + 1), text)
        }
        return (0, fallback)
    }

    private func format(_ number: Double) -> String {
        number.rounded() == number ? String(Int64(number)) : String(number)
    }


    /// Whether `text` is `data:[media type][;parameters];base64,` and bytes in base64.
    static func isBase64DataURL(_ text: String) -> Bool {
        guard let comma = text.firstIndex(of: ","), text[..<comma].hasSuffix(";base64") else { return false }
        return Data(base64Encoded: String(text[text.index(after: comma)...])) != nil
    }

    private func refuseNUL(_ text: String, _ parameter: Parameter) throws(IntentValueError) {
        if let refusal = CStringText.refusal(text) { throw error(parameter, refusal) }
    }

    /// Checks date components text against the forms the plugin ABI carries
    /// (`ISO8601DateComponents`: "YYYY-MM-DD", "YYYY-MM-DDTHH:MM[:SS]",
    /// "THH:MM[:SS]", "YYYY", "YYYY-MM"), with a year from 1 to 9999 and
    /// every field in its range.
    private func checkDateComponents(_ text: String, _ parameter: Parameter) throws(IntentValueError) {
        let refusal = error(parameter, "is a DateComponents: \"\(text)\" is not a date (YYYY-MM-DD, year 1 to 9999), a year (YYYY) or a month (YYYY-MM), a time (THH:MM[:SS]) or both (YYYY-MM-DDTHH:MM[:SS])")
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        func fields(_ part: Substring, _ separator: Character, widths: [Int], least: Int = 2) -> [Int]? {
            let pieces = part.split(separator: separator, omittingEmptySubsequences: false)
            guard pieces.count <= widths.count, pieces.count >= least else { return nil }
            var numbers: [Int] = []
            for (piece, width) in zip(pieces, widths) {
                guard piece.count == width, piece.allSatisfy(\.isASCII), let number = Int(piece), number >= 0 else { return nil }
                numbers.append(number)
            }
            return numbers
        }
        if !parts[0].isEmpty {
            guard let date = fields(parts[0], "-", widths: [4, 2, 2], least: 1), date.count == 3 || parts.count == 1,
                  (1...9999).contains(date[0]) else { throw refusal }
            if date.count > 1, !(1...12).contains(date[1]) { throw refusal }
            if date.count == 3 {
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = TimeZone(identifier: "UTC")!
                let components = DateComponents(year: date[0], month: date[1], day: date[2])
                guard date[2] >= 1, let day = calendar.date(from: components),
                      calendar.component(.day, from: day) == date[2] else { throw refusal }
            }
        }
        if parts.count > 1 {
            guard let time = fields(parts[1], ":", widths: [2, 2, 2]),
                  time[0] <= 23, time[1] <= 59, time.count < 3 || time[2] <= 60 else { throw refusal }
        } else if parts[0].isEmpty {
            throw refusal
        }
    }

    private func article(_ type: ParameterType) -> String {
        let first = type.jsonName.first.map { "AEIOU".contains($0) } ?? false
        return first ? "an" : "a"
    }

    private func describe(_ json: Any) -> String {
        if let text = json as? String { return "\"\(text)\"" }
        if let number = json as? NSNumber { return number.isBoolean ? (number.boolValue ? "true" : "false") : number.stringValue }
        if json is [Any] { return "a list" }
        if json is [String: Any] { return "an object" }
        if json is NSNull { return "null" }
        return "\(json)"
    }

    private func error(_ parameter: Parameter, _ message: String) -> IntentValueError {
        IntentValueError(intent: intent.name, parameter: parameter.name, message: message)
    }
}

extension NSNumber {
    /// Whether it holds a boolean: JSONSerialization (and `NSNumber(value:
    /// Bool)`) make booleans NSNumbers of type 'c'.
    package var isBoolean: Bool { String(cString: objCType) == "c" }
}

private extension CustomType {
    /// The type's property names, quoted, for an error that lists them.
    var quotedPropertyNames: String { properties.map { "\"\($0.name)\"" }.joined(separator: ", ") }
}
