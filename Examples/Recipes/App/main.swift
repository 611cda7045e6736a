// The Recipe assistant: an app that handles *Show Directions* itself
// (INIntentsSupported in Recipes.app.json), with no extension.
//
// Activity types:
//   com.example.recipes.showDirections   userInfo: recipe (identifier), step (from 1)
//   ShowDirectionsIntent                 system-made: the interaction's parameters
import AppProcess
import Foundation

@MainActor
final class RecipesAppDelegate: AppDelegate {
    static let showDirectionsActivity = "com.example.recipes.showDirections"

    let session = CookingSession()

    func application(
        _ application: Application,
        continue userActivity: UserActivityPayload,
        restorationHandler: @escaping ([any UserActivityRestoring]?) -> Void
    ) -> Bool {
        switch userActivity.activityType {
        case Self.showDirectionsActivity:
            guard let recipe = RecipeBook.recipe(for: userActivity.userInfo["recipe"]) else { return false }
            return open(recipe, at: userActivity.userInfo["step"]?.intValue ?? 1, in: application)
        case "ShowDirectionsIntent":
            guard let parameters = userActivity.interaction?.parameters,
                  let recipe = RecipeBook.recipe(for: parameters["recipe"]),
                  let step = session.step(for: parameters["step"], of: recipe) else { return false }
            return open(recipe, at: step, in: application)
        default:
            return false
        }
    }

    func application(_ application: Application, handlerFor intent: InAppIntentRequest) -> (any InAppIntentHandling)? {
        guard intent.intentName == "ShowDirectionsIntent" || intent.intentName == "ShowDirections" else { return nil }
        return ShowDirectionsHandler(application: application, session: session)
    }

    /// Opens the directions screen of `recipe` at `step`.
    private func open(_ recipe: Recipe, at step: Int, in application: Application) -> Bool {
        guard step >= 1, step <= recipe.steps.count else { return false }
        session.show(recipe, at: step)
        application.show("directions for \(recipe.name), step \(step) of \(recipe.steps.count): \(recipe.steps[step - 1])")
        return true
    }
}

AppMain.run(name: "Recipes", delegate: RecipesAppDelegate())
