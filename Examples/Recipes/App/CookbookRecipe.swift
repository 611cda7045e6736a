import Intents

/// A recipe the app knows, and how one is shown to the system: as the
/// definition's `Recipe` object (identifier, display string, a subtitle and
/// an image for disambiguation, its number of steps as a property).
struct CookbookRecipe: Sendable {
    var identifier: String
    var name: String
    var summary: String
    var steps: [String]

    /// The definition's `Recipe` object for this recipe.
    var object: Recipe {
        let object = Recipe(identifier: identifier, display: name, subtitle: summary,
                            image: INImage(named: identifier.replacingOccurrences(of: "-", with: "_")))
        object.stepCount = NSNumber(value: steps.count)
        return object
    }
}
