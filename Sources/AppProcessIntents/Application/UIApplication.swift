import AppProcess
import Foundation
import Intents

/// The base of an app delegate and scene delegate, as on iOS
/// (`class AppDelegate: UIResponder, UIApplicationDelegate`): an ordinary
/// `NSObject` subclass that restores state from user activities.
@preconcurrency @MainActor
open class UIResponder: NSObject, UIUserActivityRestoring {
    /// Creates a responder; subclasses override it or declare their own
    /// initialisers, as UIKit's allow.
    public nonisolated override init() {
        super.init()
    }

    /// Restores state from an activity handed to the restoration handler of
    /// `application(_:continue:restorationHandler:)`. Default: nothing.
    open func restoreUserActivityState(_ activity: NSUserActivity) {}
}

/// An object that restores its state from a user activity (a view
/// controller on iOS).
@preconcurrency @MainActor
public protocol UIUserActivityRestoring: AnyObject {
    func restoreUserActivityState(_ activity: NSUserActivity)
}

/// The running app, as its delegate sees it: `UIApplication.shared`.
///
/// There is no screen: what the app would draw it passes to ``show(_:)``
/// (a Linux addition), which prints it and reports it to the system with
/// the answer to the request being served (what `exthost run` prints as
/// the app's hand-off).
@preconcurrency @MainActor
public final class UIApplication {
    /// Whether the app is on screen.
    public enum State: Int, Sendable {
        case active, inactive, background
    }

    /// The keys of `application(_:didFinishLaunchingWithOptions:)`'s options.
    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The type of the activity the app was launched to continue.
        public static let userActivityType = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsUserActivityTypeKey")
        /// A dictionary with the activity (`"UIApplicationLaunchOptionsUserActivityKey"`)
        /// and its type (`"UIApplicationLaunchOptionsUserActivityTypeKey"`).
        public static let userActivityDictionary = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsUserActivityDictionaryKey")
    }

    /// The one application object, once the app has launched.
    public static var shared: UIApplication {
        guard let current else { fatalError("UIApplication.shared is read before UIApplicationMain launched the app") }
        return current
    }

    static var current: UIApplication?

    /// The app delegate.
    public private(set) weak var delegate: (any UIApplicationDelegate)?
    /// The connected scenes (one at most: an app has one window's worth of state here).
    public internal(set) var connectedScenes: Set<UIScene> = []

    /// The app process's view of itself: identifier, app group, transcript.
    public let process: Application

    init(process: Application, delegate: any UIApplicationDelegate) {
        self.process = process
        self.delegate = delegate
    }

    /// Whether the app is on screen.
    public var applicationState: State {
        process.applicationState == .foreground ? .active : .background
    }

    /// Shows `text` to the person (a Linux addition, where iOS would draw):
    /// prints `[Name] text` and reports it to the system.
    public func show(_ text: String) {
        process.show(text)
    }
}

/// What an app implements to be launched, continue user activities and
/// handle intents in-app: `UIApplicationDelegate`'s methods for those, with
/// Apple's signatures. Every method has a default.
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// The app has launched; `launchOptions` has the activity it was
    /// launched to continue, if any (delivered next unless this returns false).
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool

    /// Continue a user activity (an app without a scene delegate).
    ///
    /// - Returns: Whether the app continued it.
    func application(
        _ application: UIApplication,
        continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool

    /// The object that handles `intent` in the app: one conforming to the
    /// intent's generated `…IntentHandling` protocol, or nil.
    ///
    /// `intent` has the request's values, before any resolution (as on
    /// iOS), so the handler can be chosen by them; the object returned
    /// serves every stage of the conversation.
    func application(_ application: UIApplication, handlerFor intent: INIntent) -> Any?

    /// The configuration of a scene being connected. The scene's delegate is
    /// the one `UIApplicationMain`'s `sceneDelegate` makes (Swift cannot make
    /// an object of a class named at run time, as UIKit does from
    /// `delegateClass`).
    func application(
        _ application: UIApplication,
        configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration

    /// Scenes the person closed.
    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)

    func applicationWillEnterForeground(_ application: UIApplication)
    func applicationDidEnterBackground(_ application: UIApplication)
    func applicationWillTerminate(_ application: UIApplication)
}

extension UIApplicationDelegate {
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        true
    }

    public func application(
        _ application: UIApplication,
        continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool {
        false
    }

    public func application(_ application: UIApplication, handlerFor intent: INIntent) -> Any? {
        nil
    }

    public func application(
        _ application: UIApplication,
        configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
    }

    public func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {}
    public func applicationWillEnterForeground(_ application: UIApplication) {}
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    public func applicationWillTerminate(_ application: UIApplication) {}
}
