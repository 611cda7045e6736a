/// The type names Xcode writes in `INIntentParameterType`, `INTypePropertyType`
/// and `INIntentResponseParameterType`, and how they map to `ParameterType`.
///
/// An enum parameter is written as `Integer` with a separate `…EnumType` key,
/// a custom type as `Object` with a separate `…ObjectType` key. Xcode's "Duration"
/// is stored as `TimeInterval` (its `INCodableTimeIntervalAttribute`); exthost
/// also reads `Duration`.
enum XcodeTypeName {
    /// The scalar names exthost reads, in the order error messages list them.
    static let known: [(name: String, type: ParameterType)] = [
        ("String", .string), ("Integer", .integer), ("Decimal", .decimal), ("Boolean", .boolean),
        ("DateComponents", .dateComponents), ("TimeInterval", .duration), ("Duration", .duration),
        ("URL", .url), ("Placemark", .placemark), ("CurrencyAmount", .currencyAmount),
        ("Person", .person), ("File", .file), ("Object", .object),
    ]

    /// The accepted names, for error messages.
    static var expectedList: String {
        known.map(\.name).joined(separator: ", ")
    }

    /// The model type for a plist type name plus its optional enum / object reference.
    ///
    /// - Returns: nil when `name` is not a type exthost knows.
    static func type(named name: String, enumType: String?, objectType: String?) -> ParameterType? {
        if let enumType, !enumType.isEmpty { return .enumeration(enumType) }
        if let objectType, !objectType.isEmpty, name == "Object" { return .custom(objectType) }
        return known.first { $0.name == name }?.type
    }

    /// The plist name of a model type (without the enum / object reference).
    static func name(of type: ParameterType) -> String {
        switch type {
        case .string: "String"
        case .integer, .enumeration: "Integer"
        case .decimal: "Decimal"
        case .boolean: "Boolean"
        case .dateComponents: "DateComponents"
        case .duration: "TimeInterval"
        case .url: "URL"
        case .placemark: "Placemark"
        case .currencyAmount: "CurrencyAmount"
        case .person: "Person"
        case .file: "File"
        case .object, .custom: "Object"
        }
    }
}
