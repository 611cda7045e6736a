import Intents

/// The recipes the app knows.
enum RecipeBook {
    static let recipes: [CookbookRecipe] = [
        CookbookRecipe(identifier: "tomato-soup", name: "Tomato Soup", summary: "30 minutes · vegetarian", steps: [
            "Roast the tomatoes and garlic at 200 °C for 25 minutes.",
            "Soften the onion in olive oil.",
            "Add the tomatoes and the stock; simmer for 10 minutes.",
            "Blend with the basil and season.",
        ]),
        CookbookRecipe(identifier: "chicken-noodle-soup", name: "Chicken Noodle Soup", summary: "45 minutes · serves 4", steps: [
            "Simmer the chicken in the stock for 20 minutes.",
            "Take the chicken out and shred it.",
            "Cook the carrots and celery in the stock.",
            "Add the noodles and cook for 6 minutes.",
            "Return the chicken, season and serve.",
        ]),
        CookbookRecipe(identifier: "pancakes", name: "Buttermilk Pancakes", summary: "20 minutes · makes 8", steps: [
            "Whisk the flour, sugar, baking powder and salt.",
            "Stir in the buttermilk, egg and melted butter.",
            "Cook ladlefuls on a hot pan until bubbles form, then flip.",
        ]),
    ]

    /// The recipe with this identifier or exactly this name.
    static func recipe(exactly text: String) -> CookbookRecipe? {
        recipes.first { $0.identifier == text || $0.name.caseInsensitiveCompare(text) == .orderedSame }
    }

    /// The recipes whose name contains `term`.
    static func recipes(matching term: String) -> [CookbookRecipe] {
        recipes.filter { $0.name.localizedCaseInsensitiveContains(term.trimmingCharacters(in: .whitespaces)) }
    }

    /// The recipe a `Recipe` object names: by identifier, then display string.
    static func recipe(for object: Recipe?) -> CookbookRecipe? {
        guard let object else { return nil }
        if let identifier = object.identifier, let found = recipe(exactly: identifier) { return found }
        return recipe(exactly: object.displayString)
    }
}
