import AppProcess
import Foundation

/// *Show Directions*, handled in the app (not in an extension): the app
/// lists it in `INIntentsSupported`, and the system sends each stage here.
///
/// - `recipe` is resolved against the recipe book: one match succeeds,
///   several are offered (with a subtitle and an image each), none is
///   unsupported (`noSuchRecipe`). Without a value, the recipe on screen is
///   taken, so "next step" needs no recipe while cooking.
/// - `handle` needs the screen: in the foreground it shows the step and
///   answers success; in the background it answers `continueInApp` with an
///   activity that opens the recipe at that step, and the system brings the
///   app to the foreground to continue it.
@MainActor
final class ShowDirectionsHandler: InAppIntentHandling {
    static let finished = InAppResponseCode(value: 100, name: "finished")

    let application: Application
    let session: CookingSession

    init(application: Application, session: CookingSession) {
        self.application = application
        self.session = session
    }

    func resolve(parameter: String, of intent: InAppIntentRequest, completion: @escaping @Sendable (InAppResolution) -> Void) {
        guard parameter == "recipe" else {
            let value = intent.parameters[parameter]
            completion(value == nil || value == .null ? .notRequired() : .success(with: value!))
            return
        }
        guard let given = intent.parameters["recipe"], given != .null else {
            completion(session.recipe.map { .success(with: $0.object) } ?? .needsValue())
            return
        }
        if let recipe = RecipeBook.recipe(for: given) {
            completion(.success(with: recipe.object))
            return
        }
        let term = given.stringValue ?? given["displayString"]?.stringValue ?? ""
        let matches = RecipeBook.recipes(matching: term)
        switch matches.count {
        case 0: completion(.unsupported(forReason: "noSuchRecipe"))
        case 1: completion(.success(with: matches[0].object))
        default: completion(.disambiguation(with: matches.map(\.object)))
        }
    }

    func handle(intent: InAppIntentRequest, completion: @escaping @Sendable (InAppIntentResponse) -> Void) {
        guard let recipe = RecipeBook.recipe(for: intent.parameters["recipe"]) ?? session.recipe else {
            completion(InAppIntentResponse(code: .failure))
            return
        }
        guard let step = session.step(for: intent.parameters["step"], of: recipe) else {
            completion(InAppIntentResponse(code: Self.finished, properties: ["recipe": .string(recipe.name)]))
            return
        }
        guard application.applicationState == .foreground else {
            let activity = UserActivityPayload(
                activityType: RecipesAppDelegate.showDirectionsActivity,
                title: "Directions for \(recipe.name)",
                userInfo: ["recipe": .string(recipe.identifier), "step": .int(step)],
                requiredUserInfoKeys: ["recipe", "step"]
            )
            completion(InAppIntentResponse(code: .continueInApp, userActivity: activity))
            return
        }
        session.show(recipe, at: step)
        application.show("\(recipe.name), step \(step) of \(recipe.steps.count): \(recipe.steps[step - 1])")
        completion(InAppIntentResponse(code: .success, properties: [
            "recipe": .string(recipe.name),
            "stepNumber": .int(step),
            "stepCount": .int(recipe.steps.count),
            "instruction": .string(recipe.steps[step - 1]),
        ]))
    }
}
