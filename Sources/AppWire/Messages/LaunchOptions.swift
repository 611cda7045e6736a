/// What an app is launched with, like a scene's connection options on iOS.
public struct LaunchOptions: Codable, Hashable, Sendable {
    /// The activities the app is launched to continue; each is delivered to
    /// `application(_:continue:restorationHandler:)` after launch.
    public var userActivities: [UserActivityPayload]
    /// The intent the app is launched to handle in-app, if any.
    public var intentName: String?

    public init(userActivities: [UserActivityPayload] = [], intentName: String? = nil) {
        self.userActivities = userActivities
        self.intentName = intentName
    }
}
