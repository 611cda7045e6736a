import AppWire

/// Serves the system's requests on the main actor: the part of the app
/// process between the socket and the delegate.
@MainActor
final class AppRuntime {
    nonisolated let application: Application
    let delegate: any AppDelegate
    /// Launch activities the delegate declined by returning false from
    /// `didFinishLaunchingWithOptions`; each is refused once when delivered.
    var declinedLaunchActivities: [UserActivityPayload] = []
    /// One handler per conversation, kept from its first stage to `handle`.
    private var handlers: [String: any InAppIntentHandling] = [:]

    init(application: Application, delegate: any AppDelegate) {
        self.application = application
        self.delegate = delegate
    }

    /// Serves one request; `reply` is called once (possibly later, from any thread).
    func serve(_ body: AppRequest.Body, reply: @escaping @Sendable (AppReply.Body) -> Void) {
        switch body {
        case .hello:
            reply(.status(application.status))
        case .setState(let state):
            transition(to: state)
            reply(.status(application.status))
        case .continueActivity(let activity):
            reply(.activityContinued(continueActivity(activity)))
        case .intent(let request):
            serveIntent(request, reply: reply)
        case .terminate:
            delegate.applicationWillTerminate(application)
            reply(.status(AppStatus(appIdentifier: application.identifier, pid: application.processIdentifier, state: .notRunning)))
        }
    }

    func transition(to state: ApplicationState) {
        guard state != application.applicationState, state != .notRunning else { return }
        if state == .foreground {
            delegate.applicationWillEnterForeground(application)
            application.applicationState = .foreground
        } else {
            application.applicationState = .background
            delegate.applicationDidEnterBackground(application)
        }
    }

    private func continueActivity(_ activity: UserActivityPayload) -> ActivityOutcome {
        if let declined = declinedLaunchActivities.firstIndex(of: activity) {
            declinedLaunchActivities.remove(at: declined)
            return ActivityOutcome(activityType: activity.activityType, continued: false, shown: [], status: application.status)
        }
        transition(to: .foreground)
        let mark = application.transcript.count
        let continued = delegate.application(application, continue: activity) { objects in
            for object in objects ?? [] { object.restoreUserActivityState(activity) }
        }
        return ActivityOutcome(
            activityType: activity.activityType,
            continued: continued,
            shown: Array(application.transcript[mark...]),
            status: application.status
        )
    }

    private func serveIntent(_ request: InAppIntentRequest, reply: @escaping @Sendable (AppReply.Body) -> Void) {
        let handler: any InAppIntentHandling
        if let existing = handlers[request.requestID] {
            handler = existing
        } else if let made = delegate.application(application, handlerFor: request) {
            handler = made
            handlers[request.requestID] = made
        } else {
            reply(.intentStage(.noHandler))
            return
        }
        switch request.stage {
        case .resolve(let parameter):
            handler.resolve(parameter: parameter, of: request) { reply(.intentStage(.resolution($0))) }
        case .confirm:
            handler.confirm(intent: request) { reply(.intentStage(.response($0))) }
        case .handle:
            handlers[request.requestID] = nil
            handler.handle(intent: request) { reply(.intentStage(.response($0))) }
        }
    }
}
