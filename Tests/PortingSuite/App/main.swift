// What an iOS app's Info.plist and @main say: the delegate, the scene
// delegate's class, and the definition whose classes the app uses.
import AppProcessIntents

UIApplicationMain(AppDelegate(), sceneDelegateClass: SceneDelegate.self, intentDefinitions: [JournalIntentDefinition.self])
