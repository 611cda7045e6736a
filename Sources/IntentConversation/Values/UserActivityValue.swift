/// A user activity a response carried (`NSUserActivity` on the plugin's side).
public struct UserActivityValue: Codable, Equatable, Sendable {
    public var activityType: String
    public var title: String?
    /// A JSON object text.
    public var userInfo: String?
    public var persistentIdentifier: String?

    public init(activityType: String, title: String? = nil, userInfo: String? = nil, persistentIdentifier: String? = nil) {
        self.activityType = activityType
        self.title = title
        self.userInfo = userInfo
        self.persistentIdentifier = persistentIdentifier
    }
}
