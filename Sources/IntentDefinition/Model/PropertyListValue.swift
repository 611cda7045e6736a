import Foundation

/// A property-list value exthost keeps as Xcode wrote it without giving it a
/// meaning: a metadata entry in a shape the model does not describe (Custom
/// UTIs as an array of dictionaries, a cleared number saved as empty data).
///
/// Kept so that reading a definition and writing it back loses nothing.
/// In the JSON form each value is an object with one member naming its type:
/// `{"string": "a"}`, `{"integer": 3}`, `{"real": 2.5}`, `{"boolean": true}`,
/// `{"data": [bytes]}`, `{"array": […]}`, `{"dictionary": {…}}`.
public indirect enum PropertyListValue: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case real(Double)
    case boolean(Bool)
    case data([UInt8])
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    /// The value `PropertyListSerialization` returned, or nil for a type
    /// exthost does not keep (a date).
    init?(propertyList value: Any) {
        if type(of: value) == Bool.self, let bool = value as? Bool {
            self = .boolean(bool)
        } else if let string = value as? String {
            self = .string(string)
        } else if let number = value as? NSNumber {
            // `<real>` is read as a double ("d"), `<integer>` as an integer type.
            let code = String(cString: number.objCType)
            self = code == "d" || code == "f" ? .real(number.doubleValue) : .integer(number.intValue)
        } else if let data = value as? Data {
            self = .data(Array(data))
        } else if let array = value as? [Any] {
            var items: [PropertyListValue] = []
            for item in array {
                guard let converted = PropertyListValue(propertyList: item) else { return nil }
                items.append(converted)
            }
            self = .array(items)
        } else if let dictionary = value as? [String: Any] {
            var members: [String: PropertyListValue] = [:]
            for (key, item) in dictionary {
                guard let converted = PropertyListValue(propertyList: item) else { return nil }
                members[key] = converted
            }
            self = .dictionary(members)
        } else {
            return nil
        }
    }

    /// The value for `PropertyListSerialization` to write.
    var propertyList: Any {
        switch self {
        case .string(let string): string
        case .integer(let int): int
        case .real(let double): double
        case .boolean(let bool): bool
        case .data(let bytes): Data(bytes)
        case .array(let items): items.map(\.propertyList)
        case .dictionary(let members): members.mapValues(\.propertyList)
        }
    }

    /// Whether this is the empty data Xcode saves for a number field the
    /// author cleared.
    var isEmptyData: Bool {
        if case .data(let bytes) = self { return bytes.isEmpty }
        return false
    }
}

extension PropertyListValue: Encodable {
    private enum Tag: String, CodingKey {
        case string, integer, real, boolean, data, array, dictionary
    }

    /// Encodes the JSON form: an object with one member naming the type.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Tag.self)
        switch self {
        case .string(let string): try container.encode(string, forKey: .string)
        case .integer(let int): try container.encode(int, forKey: .integer)
        case .real(let double): try container.encode(double, forKey: .real)
        case .boolean(let bool): try container.encode(bool, forKey: .boolean)
        case .data(let bytes): try container.encode(bytes, forKey: .data)
        case .array(let items): try container.encode(items, forKey: .array)
        case .dictionary(let members): try container.encode(members, forKey: .dictionary)
        }
    }
}
