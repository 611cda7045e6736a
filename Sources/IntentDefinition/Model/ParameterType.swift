import ExthostABI

/// The type of a parameter or property.
public enum ParameterType: Equatable, Hashable, Sendable {
    /// Text (Xcode's `String`).
    case string
    /// A whole number (`Integer`).
    case integer
    /// A number with a fraction (`Decimal`).
    case decimal
    /// True or false (`Boolean`).
    case boolean
    /// A date and/or time (`DateComponents`).
    case dateComponents
    /// A length of time (Xcode's "Duration", stored as `TimeInterval`).
    case duration
    /// A URL (`URL`).
    case url
    /// A location (`Placemark`).
    case placemark
    /// An amount with a currency (`CurrencyAmount`).
    case currencyAmount
    /// A person (`Person`).
    case person
    /// A file (`File`).
    case file
    /// A plain `INObject` (Xcode's "Object" without a custom type).
    case object
    /// An enum of `INEnums`, by name.
    case enumeration(String)
    /// A custom type of `INTypes`, by name.
    case custom(String)

    /// How a value of this type crosses the plugin ABI (see `exthost.h`).
    public var valueKind: ValueKind {
        switch self {
        case .string, .url, .dateComponents: .string
        case .integer: .integer
        case .decimal, .duration: .decimal
        case .boolean: .boolean
        case .enumeration: .enumeration
        case .placemark, .currencyAmount, .person, .file, .object, .custom: .object
        }
    }

    /// The name used in the JSON form: `"String"`, `"Integer"`, …,
    /// `"enum:Name"`, `"type:Name"`.
    public var jsonName: String {
        switch self {
        case .string: "String"
        case .integer: "Integer"
        case .decimal: "Decimal"
        case .boolean: "Boolean"
        case .dateComponents: "DateComponents"
        case .duration: "Duration"
        case .url: "URL"
        case .placemark: "Placemark"
        case .currencyAmount: "CurrencyAmount"
        case .person: "Person"
        case .file: "File"
        case .object: "Object"
        case .enumeration(let name): "enum:\(name)"
        case .custom(let name): "type:\(name)"
        }
    }

    /// The type named `name` in the JSON form, or nil when there is none.
    public init?(jsonName name: String) {
        if name.hasPrefix("enum:") {
            self = .enumeration(String(name.dropFirst(5)))
            return
        }
        if name.hasPrefix("type:") {
            self = .custom(String(name.dropFirst(5)))
            return
        }
        let all: [ParameterType] = [
            .string, .integer, .decimal, .boolean, .dateComponents, .duration, .url,
            .placemark, .currencyAmount, .person, .file, .object,
        ]
        guard let match = all.first(where: { $0.jsonName == name }) else { return nil }
        self = match
    }
}

extension ParameterType: Codable {
    /// Decodes a type name of the JSON form (`"String"`, `"enum:Name"`, …).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let type = ParameterType(jsonName: name) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "unknown parameter type '\(name)'; expected String, Integer, Decimal, Boolean, DateComponents, Duration, URL, Placemark, CurrencyAmount, Person, File, Object, enum:<Name> or type:<Name>"
            )
        }
        self = type
    }

    /// Encodes the type name of the JSON form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(jsonName)
    }
}
