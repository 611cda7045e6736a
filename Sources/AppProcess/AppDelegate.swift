/// What an app implements to be launched by the system, continue user
/// activities and handle intents in-app: the shape of `UIApplicationDelegate`.
///
/// Implementation requirements:
/// - Every method is called on the main thread (the main actor), one at a time.
/// - `application(_:continue:restorationHandler:)` switches on
///   `userActivity.activityType` and returns false for a type it does not know.
///   It may call `restorationHandler` with objects whose
///   `restoreUserActivityState(_:)` should see the activity.
/// - What the app shows the person goes through ``Application/show(_:)``, so
///   the system can report it.
///
/// This is the wire-level delegate: the activity is a ``UserActivityPayload``
/// and the intent an ``InAppIntentRequest``. An app written as on iOS
/// (`UIApplicationDelegate` with `NSUserActivity`, a scene delegate, in-app
/// handlers implementing the generated `…IntentHandling` protocols) uses
/// `UIApplicationMain` of `AppProcessIntents` instead, which serves it
/// through this protocol.
@MainActor
public protocol AppDelegate: AnyObject {
    /// The app has launched; `options` carries the user activities it was
    /// launched to continue (delivered next, unless this returns false).
    func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool

    /// Continue a user activity: open the screen it describes.
    ///
    /// - Returns: Whether the app continued the activity.
    func application(
        _ application: Application,
        continue userActivity: UserActivityPayload,
        restorationHandler: @escaping ([any UserActivityRestoring]?) -> Void
    ) -> Bool

    /// The object that handles `intent` in-app, or nil when the app does not
    /// handle it (iOS 14's `application(_:handlerFor:)`).
    ///
    /// Called once per conversation, with the request's values in
    /// `intent.parameters`; every stage of the conversation goes to the
    /// object returned.
    func application(_ application: Application, handlerFor intent: InAppIntentRequest) -> (any InAppIntentHandling)?

    /// The app is about to come to the foreground.
    func applicationWillEnterForeground(_ application: Application)
    /// The app went to the background.
    func applicationDidEnterBackground(_ application: Application)
    /// The system is ending the process.
    func applicationWillTerminate(_ application: Application)
}

extension AppDelegate {
    public func application(_ application: Application, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        true
    }

    public func application(
        _ application: Application,
        continue userActivity: UserActivityPayload,
        restorationHandler: @escaping ([any UserActivityRestoring]?) -> Void
    ) -> Bool {
        false
    }

    public func application(_ application: Application, handlerFor intent: InAppIntentRequest) -> (any InAppIntentHandling)? {
        nil
    }

    public func applicationWillEnterForeground(_ application: Application) {}
    public func applicationDidEnterBackground(_ application: Application) {}
    public func applicationWillTerminate(_ application: Application) {}
}

/// An object that restores its state from a user activity (a view controller on iOS).
@MainActor
public protocol UserActivityRestoring: AnyObject {
    func restoreUserActivityState(_ activity: UserActivityPayload)
}
