// The Recipe assistant's app delegate, written as an iOS app writes one.
//
// Activity types:
//   com.example.recipes.showDirections   userInfo: recipe (identifier), step (from 1)
//   ShowDirectionsIntent                 made by the system: `interaction` has the intent
import AppProcessIntents
import Intents

class AppDelegate: UIResponder, UIApplicationDelegate {
    static let showDirectionsActivity = "com.example.recipes.showDirections"

    let session = CookingSession()

    func application(_ application: UIApplication, continue userActivity: NSUserActivity,
                     restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
        switch userActivity.activityType {
        case Self.showDirectionsActivity:
            guard let identifier = userActivity.userInfo?["recipe"] as? String,
                  let recipe = RecipeBook.recipe(exactly: identifier) else { return false }
            return open(recipe, at: (userActivity.userInfo?["step"] as? Int) ?? 1, in: application)
        case "ShowDirectionsIntent":
            guard let intent = userActivity.interaction?.intent as? ShowDirectionsIntent,
                  let recipe = RecipeBook.recipe(for: intent.recipe),
                  let step = session.step(for: intent.step, of: recipe) else { return false }
            return open(recipe, at: step, in: application)
        default:
            return false
        }
    }

    func application(_ application: UIApplication, handlerFor intent: INIntent) -> Any? {
        guard intent is ShowDirectionsIntent else { return nil }
        return ShowDirectionsIntentHandler(session: session)
    }

    /// Opens the directions screen of `recipe` at `step`.
    private func open(_ recipe: CookbookRecipe, at step: Int, in application: UIApplication) -> Bool {
        guard step >= 1, step <= recipe.steps.count else { return false }
        session.show(recipe, at: step)
        application.show("directions for \(recipe.name), step \(step) of \(recipe.steps.count): \(recipe.steps[step - 1])")
        return true
    }
}
