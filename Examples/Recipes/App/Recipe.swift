import AppProcess

/// The recipes the app knows, and how one is shown to the system: as the
/// definition's `Recipe` object (identifier, display string, a subtitle and
/// an image for disambiguation, its number of steps as a property).
struct Recipe: Sendable {
    var identifier: String
    var name: String
    var summary: String
    var steps: [String]

    var object: WireValue {
        .object([
            "identifier": .string(identifier),
            "displayString": .string(name),
            "subtitle": .string(summary),
            "image": .string(identifier.replacingOccurrences(of: "-", with: "_")),
            "properties": .object(["stepCount": .int(steps.count)]),
        ])
    }
}
