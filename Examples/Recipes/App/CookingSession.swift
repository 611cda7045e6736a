import Intents

/// Which recipe is on screen and at which step: the app's state between
/// requests (the process keeps running between them).
final class CookingSession {
    /// The recipe on screen, if any.
    private(set) var recipe: CookbookRecipe?
    /// The step on screen, from 1; 0 before the first.
    private(set) var step = 0

    /// The step a request asks for, without moving to it.
    ///
    /// - Parameters:
    ///   - request: The definition's `Step`; `.unknown` (none given) means next.
    ///   - recipe: The recipe asked about; another recipe than the one on
    ///     screen starts at step 1.
    /// - Returns: The step number, or nil past the last step.
    func step(for request: Step, of recipe: CookbookRecipe) -> Int? {
        let current = self.recipe?.identifier == recipe.identifier ? step : 0
        let target: Int
        switch request {
        case .previous: target = max(current - 1, 1)
        case .again: target = max(current, 1)
        case .first: target = 1
        case .next, .unknown: target = current + 1
        }
        return target <= recipe.steps.count ? target : nil
    }

    /// Puts `recipe` on screen at `step`.
    func show(_ recipe: CookbookRecipe, at step: Int) {
        self.recipe = recipe
        self.step = step
    }
}
