import ExthostTestSupport
import Foundation

/// `docs/openapi.json`, the HTTP API's contract, and a check of a response
/// against it: the path and method are in it, the status is one the
/// operation lists, and the body matches the status's schema.
///
/// The check reads the part of JSON Schema the document uses (type,
/// properties, required, additionalProperties, items, enum, const, oneOf,
/// $ref, minLength, minimum, exclusiveMinimum) and refuses a schema with
/// any other keyword, so the document cannot grow past what is checked.
/// Unchecked: the document is read once and never changed.
struct OpenAPIDocument: @unchecked Sendable {
    let document: [String: Any]

    static let api: OpenAPIDocument = {
        let url = TestPaths.packageRoot.appendingPathComponent("docs/openapi.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return OpenAPIDocument(document: (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:])
    }()

    /// Every operation: path template and lower-case method.
    var operations: [(path: String, method: String)] {
        let paths = document["paths"] as? [String: [String: Any]] ?? [:]
        return paths.keys.sorted().flatMap { path in
            (paths[path] ?? [:]).keys.filter { $0 != "parameters" }.sorted().map { (path, $0) }
        }
    }

    /// What is wrong with a response to `method path` (none when it conforms).
    /// A path or method the document does not have must answer 404 or 405
    /// with its error body (`Problem`).
    func problems(method: String, path: String, status: Int, body: Any?) -> [String] {
        let paths = document["paths"] as? [String: [String: Any]] ?? [:]
        // Outside the document: 404 or 405, with the one error shape.
        guard let template = paths.keys.first(where: { Self.matches(template: $0, path: path) }),
              let operation = paths[template]?[method.lowercased()] as? [String: Any] else {
            guard status == 404 || status == 405 else { return ["\(method) \(path) is not in docs/openapi.json, yet answered \(status)"] }
            var found: [String] = []
            check(body ?? NSNull(), against: ["$ref": "#/components/schemas/Problem"], at: "body", into: &found)
            return found.map { "\(method) \(path) \(status): \($0)" }
        }
        let responses = operation["responses"] as? [String: Any] ?? [:]
        guard let response = responses[String(status)] as? [String: Any] else {
            return ["\(method) \(template) answered \(status), which docs/openapi.json does not list (it lists \(responses.keys.sorted().joined(separator: ", ")))"]
        }
        guard let schema = ((response["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] else {
            return body == nil ? [] : ["\(method) \(template) \(status) has no body in docs/openapi.json"]
        }
        guard let body else { return ["\(method) \(template) \(status): no JSON body"] }
        var found: [String] = []
        check(body, against: schema, at: "body", into: &found)
        return found.map { "\(method) \(template) \(status): \($0)" }
    }

    private static func matches(template: String, path: String) -> Bool {
        let a = template.split(separator: "/", omittingEmptySubsequences: false)
        let b = path.split(separator: "/", omittingEmptySubsequences: false)
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { ($0.hasPrefix("{") && $0.hasSuffix("}") && !$1.isEmpty) || $0 == $1 }
    }

    private static let known: Set<String> = ["type", "properties", "required", "additionalProperties", "items", "enum", "const",
                                             "oneOf", "$ref", "minLength", "minimum", "exclusiveMinimum", "description"]

    private func resolve(_ schema: Any) -> [String: Any] {
        guard let object = schema as? [String: Any] else { return [:] }
        guard let reference = object["$ref"] as? String else { return object }
        let name = reference.replacingOccurrences(of: "#/components/schemas/", with: "")
        return resolve(((document["components"] as? [String: Any])?["schemas"] as? [String: Any])?[name] ?? [:])
    }

    private func check(_ value: Any, against raw: Any, at place: String, into found: inout [String]) {
        let schema = resolve(raw)
        if let unknown = schema.keys.first(where: { !Self.known.contains($0) }) {
            found.append("\(place): the schema uses \(unknown), which this check does not read")
            return
        }
        if let options = schema["oneOf"] as? [Any] {
            let matching = options.filter { option in
                var inner: [String] = []
                check(value, against: option, at: place, into: &inner)
                return inner.isEmpty
            }
            if matching.count != 1 { found.append("\(place): matches \(matching.count) of oneOf's \(options.count) schemas") }
        }
        if let constant = schema["const"], !Self.equal(constant, value) {
            found.append("\(place): \(value) is not \(constant)")
        }
        if let choices = schema["enum"] as? [Any], !choices.contains(where: { Self.equal($0, value) }) {
            found.append("\(place): \(value) is not one of \(choices)")
        }
        if let type = schema["type"] {
            let types = (type as? [String]) ?? [type as? String ?? ""]
            guard types.contains(where: { Self.isOfType(value, $0) }) else {
                found.append("\(place): \(value) is not of type \(types.joined(separator: " or "))")
                return
            }
        }
        if let text = value as? String, let minimum = schema["minLength"] as? Int, text.count < minimum {
            found.append("\(place): shorter than \(minimum)")
        }
        if let number = value as? NSNumber, !Self.isBoolean(value) {
            if let minimum = schema["minimum"] as? Double, number.doubleValue < minimum { found.append("\(place): below \(minimum)") }
            if let minimum = schema["exclusiveMinimum"] as? Double, number.doubleValue <= minimum { found.append("\(place): not above \(minimum)") }
        }
        if let object = value as? [String: Any] {
            for name in schema["required"] as? [String] ?? [] where object[name] == nil {
                found.append("\(place): no \(name)")
            }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for (name, member) in object {
                if let property = properties[name] {
                    check(member, against: property, at: "\(place).\(name)", into: &found)
                } else if schema["additionalProperties"] as? Bool == false {
                    found.append("\(place): \(name) is not in the schema")
                } else if let extra = schema["additionalProperties"] as? [String: Any] {
                    check(member, against: extra, at: "\(place).\(name)", into: &found)
                }
            }
        }
        if let array = value as? [Any], let items = schema["items"] {
            for (index, item) in array.enumerated() { check(item, against: items, at: "\(place)[\(index)]", into: &found) }
        }
    }

    private static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    private static func isOfType(_ value: Any, _ type: String) -> Bool {
        switch type {
        case "object": value is [String: Any]
        case "array": value is [Any]
        case "string": value is String
        case "boolean": isBoolean(value)
        case "integer": !isBoolean(value) && (value as? NSNumber).map { $0.doubleValue.rounded() == $0.doubleValue } == true
        case "number": !isBoolean(value) && value is NSNumber
        case "null": value is NSNull
        default: false
        }
    }

    private static func equal(_ a: Any, _ b: Any) -> Bool {
        if isBoolean(a) != isBoolean(b) { return false }
        return (a as? NSObject)?.isEqual(b) == true
    }
}
