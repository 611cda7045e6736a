/// Whether an app is on screen.
///
/// `notRunning` is what the system reports for an app with no process; an app
/// that asks itself is always `foreground` or `background`.
public enum ApplicationState: String, Codable, Sendable {
    case foreground, background, notRunning
}

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

/// Who a running app is and whether it is on screen.
public struct AppStatus: Codable, Hashable, Sendable {
    public var appIdentifier: String
    public var pid: Int32
    public var state: ApplicationState

    public init(appIdentifier: String, pid: Int32, state: ApplicationState) {
        self.appIdentifier = appIdentifier
        self.pid = pid
        self.state = state
    }
}

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
