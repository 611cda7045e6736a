import AppProcessIntents
import Intents

/// *Show Directions*, handled in the app (not in an extension): the app
/// lists it in `INIntentsSupported`, and `application(_:handlerFor:)`
/// returns this handler, which implements the protocol generated from
/// `Recipes.intentdefinition`, as on iOS 14.
///
/// - `recipe` is resolved against the recipe book: one match succeeds,
///   several are offered (with a subtitle and an image each), none is
///   unsupported (`noSuchRecipe`). Without a value, the recipe on screen is
///   taken, so "next step" needs no recipe while cooking.
/// - `handle` needs the screen: in the foreground it shows the step and
///   answers success; in the background it answers `continueInApp` with an
///   activity that opens the recipe at that step, and the system brings the
///   app to the foreground to continue it.
class ShowDirectionsIntentHandler: NSObject, ShowDirectionsIntentHandling {
    let session: CookingSession

    init(session: CookingSession) {
        self.session = session
    }

    func resolveRecipe(for intent: ShowDirectionsIntent, with completion: @escaping (ShowDirectionsRecipeResolutionResult) -> Void) {
        guard let given = intent.recipe else {
            completion(session.recipe.map { .success(with: $0.object) } ?? .needsValue())
            return
        }
        if let recipe = RecipeBook.recipe(for: given) {
            completion(.success(with: recipe.object))
            return
        }
        let matches = RecipeBook.recipes(matching: given.displayString)
        switch matches.count {
        case 0: completion(.unsupported(forReason: .noSuchRecipe))
        case 1: completion(.success(with: matches[0].object))
        default: completion(.disambiguation(with: matches.map(\.object)))
        }
    }

    func handle(intent: ShowDirectionsIntent, completion: @escaping (ShowDirectionsIntentResponse) -> Void) {
        guard let recipe = RecipeBook.recipe(for: intent.recipe) ?? session.recipe else {
            completion(ShowDirectionsIntentResponse(code: .failure, userActivity: nil))
            return
        }
        guard let step = session.step(for: intent.step, of: recipe) else {
            completion(.finished(recipe: recipe.name))
            return
        }
        guard UIApplication.shared.applicationState == .active else {
            let activity = NSUserActivity(activityType: AppDelegate.showDirectionsActivity)
            activity.title = "Directions for \(recipe.name)"
            activity.userInfo = ["recipe": recipe.identifier, "step": step]
            activity.requiredUserInfoKeys = ["recipe", "step"]
            completion(ShowDirectionsIntentResponse(code: .continueInApp, userActivity: activity))
            return
        }
        session.show(recipe, at: step)
        UIApplication.shared.show("\(recipe.name), step \(step) of \(recipe.steps.count): \(recipe.steps[step - 1])")
        let response = ShowDirectionsIntentResponse.success(stepNumber: NSNumber(value: step), stepCount: NSNumber(value: recipe.steps.count),
                                                            instruction: recipe.steps[step - 1])
        response.recipe = recipe.name
        completion(response)
    }
}
