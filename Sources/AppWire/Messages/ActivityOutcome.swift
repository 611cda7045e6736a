/// What became of a user activity delivered to an app.
public struct ActivityOutcome: Codable, Hashable, Sendable {
    /// The activity's type.
    public var activityType: String
    /// What `application(_:continue:restorationHandler:)` returned.
    public var continued: Bool
    /// What the app showed the person while continuing it, in order.
    public var shown: [String]
    /// The app's process and state after continuing.
    public var status: AppStatus

    public init(activityType: String, continued: Bool, shown: [String], status: AppStatus) {
        self.activityType = activityType
        self.continued = continued
        self.shown = shown
        self.status = status
    }
}
