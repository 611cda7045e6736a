import Foundation
import Intents

/// The app's one scene. With a scene delegate, activities go to the scene
/// (`scene(_:willConnectTo:options:)` for the one the app was launched
/// with, `scene(_:continue:)` after), not to the app delegate, as on iOS 13
/// and later.
@preconcurrency @MainActor
public final class UIScene: Hashable {
    /// What a scene is connected with.
    public final class ConnectionOptions {
        /// The activities the scene is connected to continue.
        public let userActivities: Set<NSUserActivity>

        init(userActivities: Set<NSUserActivity>) {
            self.userActivities = userActivities
        }
    }

    /// Whether the scene is on screen.
    public enum ActivationState: Int, Sendable {
        case unattached, foregroundActive, foregroundInactive, background
    }

    /// The scene's session.
    public let session: UISceneSession
    /// The scene's delegate.
    public internal(set) var delegate: (any UISceneDelegate)?
    /// Whether the scene is on screen.
    public internal(set) var activationState: ActivationState = .unattached
    /// A title for the scene.
    public var title: String?

    init(session: UISceneSession) {
        self.session = session
    }

    public nonisolated static func == (lhs: UIScene, rhs: UIScene) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A scene's session: what persists of it.
@preconcurrency @MainActor
public final class UISceneSession: Hashable {
    /// The kind of scene.
    public struct Role: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An app's window.
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    }

    public let persistentIdentifier = UUID().uuidString
    public let role: Role
    public internal(set) var configuration: UISceneConfiguration

    init(role: Role, configuration: UISceneConfiguration) {
        self.role = role
        self.configuration = configuration
    }

    public nonisolated static func == (lhs: UISceneSession, rhs: UISceneSession) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// How a scene is made. On iOS its `delegateClass` (or Info.plist's
/// `UISceneDelegateClassName`) names the scene delegate's class; here the
/// delegate is the one `UIApplicationMain`'s `sceneDelegate` makes, and
/// `delegateClass` is kept for code that reads it.
@preconcurrency @MainActor
public final class UISceneConfiguration {
    public let name: String?
    public let role: UISceneSession.Role
    /// The class of the scene's delegate.
    public var delegateClass: AnyClass?

    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        self.role = sessionRole
    }
}

/// A scene's delegate: `UISceneDelegate`'s methods for connecting,
/// continuing activities and the life cycle, with Apple's signatures. Every
/// method has a default.
@preconcurrency @MainActor
public protocol UISceneDelegate: AnyObject {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    func scene(_ scene: UIScene, willContinueUserActivityWithType userActivityType: String)
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
    func sceneWillEnterForeground(_ scene: UIScene)
    func sceneDidEnterBackground(_ scene: UIScene)
    func sceneDidDisconnect(_ scene: UIScene)
}

extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    public func scene(_ scene: UIScene, willContinueUserActivityWithType userActivityType: String) {}
    public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
}
