// What an iOS app's Info.plist and @main say: the delegate, the scene
// delegate (UISceneDelegateClassName), and the definition whose classes
// the app uses.
import AppProcessIntents

UIApplicationMain(AppDelegate(), sceneDelegate: { SceneDelegate() }, intentDefinitions: [JournalIntentDefinition.self])
