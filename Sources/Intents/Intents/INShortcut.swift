/// Something the user can run again: an intent, or a user activity that
/// opens a screen of the app.
public enum INShortcut: @unchecked Sendable {
    /// A shortcut that runs an intent.
    case intent(INIntent)
    /// A shortcut that continues a user activity in the app.
    case userActivity(NSUserActivity)

    /// A shortcut for an intent.
    ///
    /// - Parameter intent: The intent.
    public init?(intent: INIntent) {
        self = .intent(intent)
    }

    /// A shortcut for a user activity.
    ///
    /// - Parameter userActivity: The activity.
    public init(userActivity: NSUserActivity) {
        self = .userActivity(userActivity)
    }

    /// The intent, for an intent shortcut.
    public var intent: INIntent? {
        if case .intent(let intent) = self { return intent }
        return nil
    }

    /// The user activity, for a user-activity shortcut.
    public var userActivity: NSUserActivity? {
        if case .userActivity(let activity) = self { return activity }
        return nil
    }
}
