/// Checks that every name a definition refers to exists: enum and custom
/// types of parameters, properties and response parameters, and the parent
/// of every relationship. Both loaders run it, so a dangling reference is a
/// load error with the element named, not a crash later in code generation.
enum ReferenceValidator {
    /// Which form's names to use in element paths.
    enum Style {
        case propertyList
        case json

        var intents: String { self == .propertyList ? "INIntents" : "intents" }
        var parameters: String { self == .propertyList ? "INIntentParameters" : "parameters" }
        var responseParameters: String { self == .propertyList ? "INIntentResponse › INIntentResponseParameters" : "response › parameters" }
        var types: String { self == .propertyList ? "INTypes" : "types" }
        var properties: String { self == .propertyList ? "INTypeProperties" : "properties" }
        var enums: String { self == .propertyList ? "INEnums" : "enums" }
    }

    /// Throws the first dangling reference found.
    ///
    /// - Throws: `IntentDefinitionError` of kind `.danglingReference`.
    static func validate(_ definition: IntentDefinition, file: String, style: Style) throws {
        func check(_ type: ParameterType, element: String) throws {
            switch type {
            case .enumeration(let name) where definition.enumType(named: name) == nil:
                throw IntentDefinitionError(
                    .danglingReference, file: file, element: element,
                    message: "refers to enum '\(name)', which is not in \(style.enums)\(known(definition.enums.map(\.name))); add the enum or change the type."
                )
            case .custom(let name) where definition.customType(named: name) == nil:
                throw IntentDefinitionError(
                    .danglingReference, file: file, element: element,
                    message: "refers to custom type '\(name)', which is not in \(style.types)\(known(definition.types.map(\.name))); add the type or change the parameter's type."
                )
            default:
                break
            }
        }
        for (intentIndex, intent) in definition.intents.enumerated() {
            let intentElement = "\(style.intents)[\(intentIndex)] (\(intent.name))"
            for (index, parameter) in intent.parameters.enumerated() {
                let element = "\(intentElement) › \(style.parameters)[\(index)] (\(parameter.name))"
                try check(parameter.type, element: element)
                if let relationship = parameter.relationship, !relationship.parent.isEmpty,
                    intent.parameter(named: relationship.parent) == nil
                {
                    throw IntentDefinitionError(
                        .danglingReference, file: file, element: element,
                        message: "relationship parent '\(relationship.parent)' is not a parameter of \(intent.name)\(known(intent.parameters.map(\.name))); name an existing parameter or remove the relationship."
                    )
                }
            }
            for (index, parameter) in intent.response.parameters.enumerated() {
                try check(parameter.type, element: "\(intentElement) › \(style.responseParameters)[\(index)] (\(parameter.name))")
            }
        }
        for (typeIndex, type) in definition.types.enumerated() {
            for (index, property) in type.properties.enumerated() {
                try check(property.type, element: "\(style.types)[\(typeIndex)] (\(type.name)) › \(style.properties)[\(index)] (\(property.name))")
            }
        }
    }

    private static func known(_ names: [String]) -> String {
        names.isEmpty ? " (there are none)" : " (known: \(names.joined(separator: ", ")))"
    }
}
