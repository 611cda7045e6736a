/// A running app's answer to an ``AppRequest``.
public struct AppReply: Codable, Sendable {
    public var id: UInt64
    public var body: Body

    public init(id: UInt64, body: Body) {
        self.id = id
        self.body = body
    }

    public enum Body: Codable, Sendable {
        case status(AppStatus)
        case activityContinued(ActivityOutcome)
        case intentStage(InAppStageReply)
        /// The request could not be served; the message says why.
        case failed(String)
    }
}
