/// A message from the system to a running app. One line of JSON on the app's
/// socket; the app answers each with an ``AppReply`` carrying the same `id`.
public struct AppRequest: Codable, Sendable {
    public var id: UInt64
    public var body: Body

    public init(id: UInt64, body: Body) {
        self.id = id
        self.body = body
    }

    public enum Body: Codable, Sendable {
        /// Who are you? Answered with ``AppReply/Body/status(_:)``.
        case hello
        /// Continue this activity (`application(_:continue:restorationHandler:)`),
        /// bringing the app to the foreground first.
        case continueActivity(UserActivityPayload)
        /// Run one stage of an intent in-app (`application(_:handlerFor:)`).
        case intent(InAppIntentRequest)
        /// Move the app to the foreground or the background.
        case setState(ApplicationState)
        /// End the process (answered before it exits).
        case terminate
    }
}
