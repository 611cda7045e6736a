import Foundation

/// Builds small `.intentdefinition` property lists for tests.
enum PropertyListFixture {
    /// The XML property list for `root`.
    static func data(_ root: [String: Any]) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)
    }

    /// A definition with one intent named `name` holding `parameters`, plus enums and types.
    static func definition(
        intent name: String = "OrderSoup",
        parameters: [[String: Any]],
        enums: [[String: Any]] = [],
        types: [[String: Any]] = [],
        intentExtras: [String: Any] = [:]
    ) -> [String: Any] {
        var intent: [String: Any] = [
            "INIntentName": name,
            "INIntentTitle": "Title",
            "INIntentParameters": parameters,
            "INIntentResponse": ["INIntentResponseCodes": [["INIntentResponseCodeName": "success", "INIntentResponseCodeSuccess": true]]],
        ]
        intent.merge(intentExtras) { $1 }
        return ["INIntents": [intent], "INEnums": enums, "INTypes": types]
    }

    /// A parameter dictionary.
    static func parameter(_ name: String, type: String = "String", priority: Int? = nil, extras: [String: Any] = [:]) -> [String: Any] {
        var result: [String: Any] = ["INIntentParameterName": name, "INIntentParameterType": type, "INIntentParameterDisplayName": name]
        if let priority { result["INIntentParameterDisplayPriority"] = priority }
        result.merge(extras) { $1 }
        return result
    }
}
