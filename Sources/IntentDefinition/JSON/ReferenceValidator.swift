/// Checks that every name a JSON-form definition refers to exists: enum and custom
/// types of parameters, properties and response parameters, and the parent
/// of every relationship. (The property-list reader checks the same where each
/// reference is made, so its element paths follow file order.) A dangling reference is a
/// load error with the element named, not a crash later in code generation.
enum ReferenceValidator {
    /// The JSON form's names for the element paths of messages.
    private enum Names {
        static let intents = "intents"
        static let parameters = "parameters"
        static let responseParameters = "response › parameters"
        static let types = "types"
        static let properties = "properties"
        static let enums = "enums"
    }

    /// Throws the first dangling reference found.
    ///
    /// - Throws: `IntentDefinitionError` of kind `.danglingReference`.
    static func validate(_ definition: IntentDefinition, file: String) throws {
        func check(_ type: ParameterType, element: @autoclosure () -> String) throws {
            switch type {
            case .enumeration(let name) where definition.enumType(named: name) == nil:
                throw IntentDefinitionError(
                    .danglingReference, file: file, element: element(),
                    message: "refers to enum '\(name)', which is not in \(Names.enums)\(known(definition.enums.map(\.name))); add the enum or change the type."
                )
            case .custom(let name) where definition.customType(named: name) == nil:
                throw IntentDefinitionError(
                    .danglingReference, file: file, element: element(),
                    message: "refers to custom type '\(name)', which is not in \(Names.types)\(known(definition.types.map(\.name))); add the type or change the parameter's type."
                )
            default:
                break
            }
        }
        for (intentIndex, intent) in definition.intents.enumerated() {
            // Element names are built only for an error: this runs on every plugin load.
            func intentElement() -> String { "\(Names.intents)[\(intentIndex)] (\(intent.name))" }
            for (index, parameter) in intent.parameters.enumerated() {
                func element() -> String { "\(intentElement()) › \(Names.parameters)[\(index)] (\(parameter.name))" }
                try check(parameter.type, element: element())
                if let relationship = parameter.relationship, !relationship.parent.isEmpty,
                    intent.parameter(named: relationship.parent) == nil
                {
                    throw IntentDefinitionError(
                        .danglingReference, file: file, element: element(),
                        message: "relationship parent '\(relationship.parent)' is not a parameter of \(intent.name)\(known(intent.parameters.map(\.name))); name an existing parameter or remove the relationship."
                    )
                }
            }
            for (index, parameter) in intent.parameters.enumerated() {
                if let renamed = parameter.deprecated?.renamed, renamed == parameter.name || intent.parameter(named: renamed) == nil {
                    throw IntentDefinitionError(
                        .danglingReference, file: file, element: "\(intentElement()) › \(Names.parameters)[\(index)] (\(parameter.name)) › deprecated",
                        message: "renamed '\(renamed)', which is not another parameter of \(intent.name)\(known(intent.parameters.map(\.name))); name the parameter that replaces it, or give a message instead."
                    )
                }
            }
            for former in intent.formerNames?.parameters ?? [] {
                guard let parameter = intent.parameter(named: former.name) else {
                    throw IntentDefinitionError(
                        .danglingReference, file: file, element: "\(intentElement()) › formerNames",
                        message: "names '\(former.name)', which is not a parameter of \(intent.name)\(known(intent.parameters.map(\.name))); name an existing parameter."
                    )
                }
                if let type = former.type, !FormerParameter.convertible(from: type, to: parameter.type) {
                    throw IntentDefinitionError(
                        .danglingReference, file: file, element: "\(intentElement()) › formerNames › \(former.name)",
                        message: "the older method resolved \(type.jsonName), which cannot be made into \(parameter.type.jsonName); give the same type, or String for an INSpeakableString parameter."
                    )
                }
                if former.deprecationMessage != nil, !former.answersBaseResult {
                    throw IntentDefinitionError(
                        .danglingReference, file: file, element: "\(intentElement()) › formerNames › \(former.name)",
                        message: "has a deprecationMessage, which gives the older selector a later SDK's name beside today's (resolve\(former.methodParameterName.prefix(1).uppercased() + former.methodParameterName.dropFirst())(for:with:)), but it answers today's result, so the two would be one method; give \"baseResult\": true or the older type, or drop the message."
                    )
                }
            }
            for (index, parameter) in intent.response.parameters.enumerated() {
                try check(parameter.type, element: "\(intentElement()) › \(Names.responseParameters)[\(index)] (\(parameter.name))")
            }
        }
        for (typeIndex, type) in definition.types.enumerated() {
            for (index, property) in type.properties.enumerated() {
                try check(property.type, element: "\(Names.types)[\(typeIndex)] (\(type.name)) › \(Names.properties)[\(index)] (\(property.name))")
            }
        }
    }

    private static func known(_ names: [String]) -> String {
        names.isEmpty ? " (there are none)" : " (known: \(names.joined(separator: ", ")))"
    }
}
