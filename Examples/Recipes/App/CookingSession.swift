import AppProcess

/// Which recipe is on screen and at which step: the app's state between
/// requests (the process keeps running between them).
@MainActor
final class CookingSession {
    /// The recipe on screen, if any.
    private(set) var recipe: Recipe?
    /// The step on screen, from 1; 0 before the first.
    private(set) var step = 0

    /// The step a request asks for, without moving to it.
    ///
    /// - Parameters:
    ///   - request: `next`, `previous`, `again` or `first` (the definition's
    ///     `Step` enum, by name or raw value); nil means next.
    ///   - recipe: The recipe asked about; another recipe than the one on
    ///     screen starts at step 1.
    /// - Returns: The step number, or nil past the last step.
    func step(for request: WireValue?, of recipe: Recipe) -> Int? {
        let current = self.recipe?.identifier == recipe.identifier ? step : 0
        let target: Int
        switch Self.stepName(request) {
        case "previous": target = max(current - 1, 1)
        case "again": target = max(current, 1)
        case "first": target = 1
        default: target = current + 1
        }
        return target <= recipe.steps.count ? target : nil
    }

    /// Puts `recipe` on screen at `step`.
    func show(_ recipe: Recipe, at step: Int) {
        self.recipe = recipe
        self.step = step
    }

    /// The `Step` enum's case name for a wire value (name or raw value).
    static func stepName(_ value: WireValue?) -> String {
        if let name = value?.stringValue { return name.lowercased() }
        switch value?.intValue {
        case 2: return "previous"
        case 3: return "again"
        case 4: return "first"
        default: return "next"
        }
    }
}
