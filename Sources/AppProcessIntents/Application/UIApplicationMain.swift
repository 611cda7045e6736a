import AppProcess
import Foundation
import Intents

/// Runs an app written as an iOS app is: an app delegate in
/// `UIApplicationDelegate`'s shape, an optional scene delegate, and
/// in-app handlers conforming to the generated `…IntentHandling`
/// protocols. The `UIApplicationMain` of an app process; never returns.
///
/// ```swift
/// // main.swift: what Info.plist and @main say on iOS
/// import AppProcessIntents
/// UIApplicationMain(AppDelegate(), sceneDelegate: { SceneDelegate() },
///                   intentDefinitions: [RecipesIntentDefinition.self])
/// ```
///
/// - Parameters:
///   - delegate: The app delegate; kept for the life of the process.
///   - sceneDelegate: Makes the scene delegate when the scene connects
///     (what Info.plist's `UISceneDelegateClassName` says on iOS), or nil
///     for an app without scenes.
///   - intentDefinitions: The types generated from the app's definitions
///     (the build-tool plugin's `<Stem>IntentDefinition`): the classes of
///     the intents it handles in-app and of the interactions it receives.
///     Apple's system intents need none.
///   - name: The tag of what the app prints; defaults to the executable's name.
///
/// Call it from the main thread (`main.swift`'s top level), as iOS's.
public func UIApplicationMain(
    _ delegate: some UIApplicationDelegate,
    sceneDelegate: (@MainActor () -> any UISceneDelegate)? = nil,
    intentDefinitions: [any GeneratedIntentDefinition.Type] = [],
    name: String? = nil
) -> Never {
    let arguments = UncheckedArguments(delegate: delegate, sceneDelegate: sceneDelegate,
                                       classes: _InAppIntentClasses(definitions: intentDefinitions))
    MainActor.assumeIsolated {
        let adapter = UIKitDelegateAdapter(
            delegate: arguments.delegate,
            sceneDelegate: arguments.sceneDelegate,
            classes: arguments.classes
        )
        AppMain.run(name: name, delegate: adapter)
    }
    fatalError("AppMain.run returned")
}

/// What `UIApplicationMain` was given, made on the main thread and used only there.
private struct UncheckedArguments: @unchecked Sendable {
    let delegate: any UIApplicationDelegate
    let sceneDelegate: (@MainActor () -> any UISceneDelegate)?
    let classes: _InAppIntentClasses
}

/// The app process's delegate for an app in iOS's shape: turns the
/// system's requests into `UIApplicationDelegate` and `UISceneDelegate`
/// calls, activities into `NSUserActivity`, in-app requests into typed
/// intents.
@MainActor
final class UIKitDelegateAdapter: AppDelegate {
    let delegate: any UIApplicationDelegate
    let makeSceneDelegate: (@MainActor () -> any UISceneDelegate)?
    let classes: _InAppIntentClasses
    private var application: UIApplication?
    private var scene: UIScene?

    init(delegate: any UIApplicationDelegate, sceneDelegate: (@MainActor () -> any UISceneDelegate)?, classes: _InAppIntentClasses) {
        self.delegate = delegate
        self.makeSceneDelegate = sceneDelegate
        self.classes = classes
    }

    private func uiApplication(_ process: Application) -> UIApplication {
        if let application { return application }
        let made = UIApplication(process: process, delegate: delegate)
        application = made
        UIApplication.current = made
        return made
    }

    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let app = uiApplication(application)
        // The SDK reaches the system as on iOS (donations, vocabulary, the app group's container).
        do {
            try IntentsConnection.connect(app: application.identifier)
        } catch {
            log("the system's donation store is unavailable, so donations and vocabulary will fail: \(error)")
        }
        var launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        if let first = options.userActivities.first {
            let activity = UserActivities.activity(first, classes: classes)
            launchOptions = [
                .userActivityType: first.activityType,
                .userActivityDictionary: [
                    "UIApplicationLaunchOptionsUserActivityKey": activity,
                    "UIApplicationLaunchOptionsUserActivityTypeKey": first.activityType,
                ] as [String: Any],
            ]
        }
        return delegate.application(app, didFinishLaunchingWithOptions: launchOptions)
    }

    func application(
        _ application: Application,
        continue userActivity: UserActivityPayload,
        restorationHandler: @escaping ([any UserActivityRestoring]?) -> Void
    ) -> Bool {
        let app = uiApplication(application)
        let activity = UserActivities.activity(userActivity, classes: classes)
        if makeSceneDelegate != nil || scene != nil {
            guard let scene else {
                // The scene connects to continue it: iOS hands it over in the connection options.
                return connectScene(app, activities: [activity]) != nil
            }
            guard let sceneDelegate = scene.delegate else { return false }
            sceneDelegate.scene(scene, willContinueUserActivityWithType: activity.activityType)
            sceneDelegate.scene(scene, continue: activity)
            return true
        }
        return delegate.application(app, continue: activity) { objects in
            MainActor.assumeIsolated {
                for object in objects ?? [] { object.restoreUserActivityState(activity) }
            }
        }
    }

    func application(_ application: Application, handlerFor request: InAppIntentRequest) -> (any InAppIntentHandling)? {
        let app = uiApplication(application)
        let parameters = request.parameters.mapValues(\.foundationObject)
        guard let intent = classes.intent(named: request.intentName, identifier: request.requestID, parameters: parameters) else {
            log("no intent class for \(request.intentName): pass the type generated from its definition to UIApplicationMain(intentDefinitions:)")
            return nil
        }
        guard let handler = delegate.application(app, handlerFor: intent) else { return nil }
        guard let box = classes.handlerBox(intentNamed: request.intentName, handler: handler) else {
            let className = "\(type(of: intent))"
            log("application(_:handlerFor: \(className)) returned \(type(of: handler)), which does not conform to \(className)Handling")
            return nil
        }
        return TypedInAppHandler(box: box, classes: classes)
    }

    func applicationWillEnterForeground(_ application: Application) {
        let app = uiApplication(application)
        delegate.applicationWillEnterForeground(app)
        if let scene {
            scene.activationState = .foregroundActive
            scene.delegate?.sceneWillEnterForeground(scene)
        } else if makeSceneDelegate != nil {
            // Brought to the foreground to continue an activity, the scene
            // connects with it, in the same turn (as iOS hands it to
            // `scene(_:willConnectTo:options:)`); else it connects after.
            Task { @MainActor in
                if self.scene == nil { _ = self.connectScene(app, activities: []) }
            }
        }
    }

    func applicationDidEnterBackground(_ application: Application) {
        let app = uiApplication(application)
        if let scene {
            scene.activationState = .background
            scene.delegate?.sceneDidEnterBackground(scene)
        }
        delegate.applicationDidEnterBackground(app)
    }

    func applicationWillTerminate(_ application: Application) {
        let app = uiApplication(application)
        if let scene { scene.delegate?.sceneDidDisconnect(scene) }
        delegate.applicationWillTerminate(app)
    }

    /// Connects the app's scene: its configuration from the app delegate,
    /// its delegate made by `UIApplicationMain`'s `sceneDelegate`, then
    /// `scene(_:willConnectTo:options:)` with `activities`.
    private func connectScene(_ app: UIApplication, activities: [NSUserActivity]) -> UIScene? {
        let options = UIScene.ConnectionOptions(userActivities: Set(activities))
        let provisional = UISceneSession(role: .windowApplication, configuration: UISceneConfiguration(name: nil, sessionRole: .windowApplication))
        provisional.configuration = delegate.application(app, configurationForConnecting: provisional, options: options)
        guard let makeSceneDelegate else { return nil }
        let scene = UIScene(session: provisional)
        let sceneDelegate = makeSceneDelegate()
        scene.delegate = sceneDelegate
        scene.activationState = app.applicationState == .active ? .foregroundActive : .background
        self.scene = scene
        app.connectedScenes = [scene]
        sceneDelegate.scene(scene, willConnectTo: provisional, options: options)
        if scene.activationState == .foregroundActive { sceneDelegate.sceneWillEnterForeground(scene) }
        return scene
    }

    private func log(_ message: String) {
        FileHandle.standardError.write(Data("app: \(message)\n".utf8))
    }
}
