// The Recipe assistant: an app that handles *Show Directions* itself
// (INIntentsSupported in Recipes.app.json), with no extension. What
// Info.plist and @main say on iOS: the delegate, and the definition whose
// classes the app's handler and activities use.
import AppProcessIntents

UIApplicationMain(AppDelegate(), intentDefinitions: [RecipesIntentDefinition.self], name: "Recipes")
