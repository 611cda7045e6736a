import Foundation

/// Reads exthost's JSON form and turns every decoding failure into an
/// `IntentDefinitionError` that names the element (`intents[0] (OrderSoup) ›
/// parameters[2] (options)`) and the key.
enum JSONFormReader {
    /// Parses `data` as the JSON form.
    ///
    /// - Throws: `IntentDefinitionError` naming `file` and the element at fault.
    static func read(_ data: Data, file: String) throws -> IntentDefinition {
        try read(parse(data, file: file), file: file)
    }

    /// Parses a plugin's embedded definition (exthost.h, `definition`): one
    /// definition's JSON form, or an array of several (an extension whose
    /// target has several definitions), merged
    /// (``IntentDefinition/merging(_:)``).
    ///
    /// - Throws: `IntentDefinitionError` naming `file`, the definition's
    ///   index in the array (`file[1]`) and the element at fault.
    static func readEmbedded(_ data: Data, file: String) throws -> IntentDefinition {
        let document = try parse(data, file: file)
        guard case .array(let members) = document else { return try read(document, file: file) }
        return IntentDefinition.merging(try members.enumerated().map { index, member in
            try read(member, file: "\(file)[\(index)]")
        })
    }

    private static func parse(_ data: Data, file: String) throws -> OrderedJSON {
        // A parser of our own, not Foundation's: the host reads every
        // plugin's embedded definition while loading it, on a cold process.
        do {
            return try OrderedJSON.parse(data)
        } catch {
            throw IntentDefinitionError(
                .invalidJSON, file: file,
                message: "not well-formed JSON (\(error.description)). Check brackets, commas and quotes."
            )
        }
    }

    private static func read(_ document: OrderedJSON, file: String) throws -> IntentDefinition {
        guard case .object(let members) = document, members.contains(where: { $0.key == "intents" }) else {
            throw IntentDefinitionError(
                .notAnIntentDefinition, file: file,
                message: "not an intent definition: the JSON form is an object with an \"intents\" array at the top level."
            )
        }
        let definition: IntentDefinition
        do {
            definition = try IntentDefinition(form: FormNode(document))
        } catch let issue as JSONFormIssue {
            throw located(issue.kind, path: issue.codingPath, message: issue.message, raw: document.anyValue, file: file)
        } catch let error as DecodingError {
            throw translate(error, raw: document.anyValue, file: file)
        }
        try ReferenceValidator.validate(definition, file: file)
        return definition
    }

    /// An error whose element is the path up to the last key, and whose message names that key.
    private static func located(
        _ kind: IntentDefinitionError.Kind, path: [any CodingKey], message: String, raw: Any, file: String
    ) -> IntentDefinitionError {
        var elementPath = path
        var message = message
        if let last = elementPath.last, last.intValue == nil {
            elementPath.removeLast()
            let where_ = keyPath(path)
            if !message.contains(where_) { message += " (at \(where_))" }
        }
        return IntentDefinitionError(kind, file: file, element: element(elementPath, raw: raw), message: message)
    }

    private static func translate(_ error: DecodingError, raw: Any, file: String) -> IntentDefinitionError {
        switch error {
        case .keyNotFound(let key, let context):
            return located(.missingKey, path: context.codingPath + [key], message: "'\(key.stringValue)' is missing; it is required here.", raw: raw, file: file)
        case .typeMismatch(let type, let context):
            return located(.wrongValueType, path: context.codingPath, message: "wrong value type: expected \(describe(type)). \(context.debugDescription)", raw: raw, file: file)
        case .valueNotFound(let type, let context):
            return located(.wrongValueType, path: context.codingPath, message: "value is null; expected \(describe(type)).", raw: raw, file: file)
        case .dataCorrupted(let context):
            let kind: IntentDefinitionError.Kind =
                context.debugDescription.hasPrefix("unknown parameter type") ? .unknownParameterType : .wrongValueType
            return located(kind, path: context.codingPath, message: context.debugDescription, raw: raw, file: file)
        @unknown default:
            return IntentDefinitionError(.wrongValueType, file: file, message: "\(error)")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is Int.Type: "an integer"
        case is Double.Type: "a number"
        default: "\(type)"
        }
    }

    /// `intents[0].parameters[2].foo`.
    static func keyPath(_ path: [any CodingKey]) -> String {
        var result = ""
        for key in path {
            if let index = key.intValue {
                result += "[\(index)]"
            } else {
                result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return result
    }

    /// `intents[0] (OrderSoup) › parameters[2] (options)`, names read from the raw JSON.
    static func element(_ path: [any CodingKey], raw: Any) -> String {
        var components: [String] = []
        var node: Any? = raw
        for key in path {
            if let index = key.intValue {
                let array = node as? [Any]
                node = array.flatMap { index < $0.count ? $0[index] : nil }
                var label = (components.popLast() ?? "") + "[\(index)]"
                if let name = (node as? [String: Any])?["name"] as? String ?? (node as? [String: Any])?["code"] as? String {
                    label += " (\(name))"
                }
                components.append(label)
            } else {
                node = (node as? [String: Any])?[key.stringValue]
                components.append(key.stringValue)
            }
        }
        return components.joined(separator: " › ")
    }
}
