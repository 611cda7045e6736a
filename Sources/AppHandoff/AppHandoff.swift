import AppManifests
import ExthostPosix
import Foundation
import Synchronization

/// The system's side of apps: finds the app for an activity or an intent,
/// launches it or reaches its running instance, and hands it user activities
/// and in-app intents.
///
/// One instance per app: the running app listens on
/// `<runtime directory>/<identifier>.sock`; the system connects there, and
/// launches the app only when nothing answers (removing a socket file left by
/// a process that is gone). Launching is serialised by an `flock` on
/// `<identifier>.lock`, so two systems never start two instances.
///
/// Every call blocks its thread until the app answers or the deadline passes;
/// the `async` variants run it on a thread of their own. The deadline covers
/// launching and answering together.
///
/// Thread safety: every method may be called from any thread.
public final class AppHandoff: Sendable {
    /// How the system reaches apps.
    public struct Configuration: Sendable {
        /// Where sockets, locks and logs of running apps live.
        public var runtimeDirectory: RuntimeDirectory
        /// The folder of app-group containers passed to apps; nil passes the
        /// system's own default (`SharedContainer.defaultBaseDirectory`).
        public var sharedContainersPath: String?
        /// How long a call may take when it is given no deadline.
        public var deadline: Duration
        /// Whether an app that misses a deadline is ended (as iOS's watchdog
        /// does), so the next request starts a fresh instance.
        public var terminatesUnresponsiveApps: Bool

        public init(
            runtimeDirectory: RuntimeDirectory = .default,
            sharedContainersPath: String? = nil,
            deadline: Duration = .seconds(10),
            terminatesUnresponsiveApps: Bool = true
        ) {
            self.runtimeDirectory = runtimeDirectory
            self.sharedContainersPath = sharedContainersPath
            self.deadline = deadline
            self.terminatesUnresponsiveApps = terminatesUnresponsiveApps
        }
    }

    /// The apps the system knows (read again by ``reloadCatalog()``).
    public var catalog: AppCatalog { currentCatalog.withLock { $0 } }
    private let currentCatalog: Mutex<AppCatalog>
    public let configuration: Configuration
    /// The folders the catalog was loaded from, for messages.
    public let searchedDirectories: [String]
    /// Processes this system spawned and has not reaped: pid → app identifier.
    let children = Mutex<[Int32: String]>([:])

    public init(catalog: AppCatalog, configuration: Configuration = Configuration(), searchedDirectories: [String] = []) {
        currentCatalog = Mutex(catalog)
        self.configuration = configuration
        self.searchedDirectories = searchedDirectories
    }

    /// Reads the manifests in ``searchedDirectories`` again, for a service
    /// whose app folders changed: hand-offs from now on use the new
    /// catalog, and apps launched before stay this system's children.
    ///
    /// - Returns: The catalog before and after.
    @discardableResult
    public func reloadCatalog() -> (before: AppCatalog, after: AppCatalog) {
        let after = AppCatalog(directories: searchedDirectories)
        let before = currentCatalog.withLock { current in
            defer { current = after }
            return current
        }
        return (before, after)
    }

    /// A system whose apps come from `directories` (default: `$EXTHOST_APP_PATH`, else `./Apps`).
    public convenience init(appDirectories directories: [String] = AppCatalog.defaultDirectories, configuration: Configuration = Configuration()) {
        self.init(catalog: AppCatalog(directories: directories), configuration: configuration, searchedDirectories: directories)
    }

    // MARK: Continue in app

    /// Hands a response's user activity to its app, launching the app if it is
    /// not running and bringing it to the foreground: what the system does for
    /// `continueInApp` and `failureRequiringAppLaunch`.
    ///
    /// - Parameters:
    ///   - activity: The response's `userActivity`; nil makes one whose type is
    ///     the intent's class name and which carries `interaction`
    ///     (``UserActivityPayload/made(for:)``).
    ///   - interaction: The intent and its response. Needed when `activity` is
    ///     nil; given to an `activity` that carries none, as iOS sets
    ///     `NSUserActivity.interaction` on the activity an app continues.
    ///   - appIdentifier: The app that contains the extension.
    ///   - deadline: How long launching and answering may take together;
    ///     nil for ``Configuration/deadline``.
    /// - Returns: Whether the app continued the activity, and what it showed.
    /// - Throws: ``AppHandoffError``; an activity the response carried must be
    ///   of a type the app declares (a system-made one always is accepted).
    public func continueInApp(
        activity: UserActivityPayload?,
        interaction: InteractionPayload? = nil,
        appIdentifier: String,
        deadline: Duration? = nil
    ) throws(AppHandoffError) -> ActivityOutcome {
        let deadline = callDeadline(deadline)
        guard let app = catalog.app(identifier: appIdentifier) else {
            throw .noAppAvailable(appIdentifier: appIdentifier, activityType: nil, searched: searchedDirectories)
        }
        var delivered: UserActivityPayload
        if let activity {
            delivered = activity
            guard activity.interaction != nil || app.declares(activityType: activity.activityType) else {
                throw .activityTypeNotDeclared(activityType: activity.activityType, app: app)
            }
            // As on iOS, the app reads the intent from the activity it continues
            // (`userActivity.interaction`), also when the response made the activity.
            if delivered.interaction == nil { delivered.interaction = interaction }
        } else if let interaction {
            delivered = .made(for: interaction)
        } else {
            throw .invalidRequest("continueInApp needs the response's user activity or the interaction to make one from")
        }
        return try deliver(delivered, to: app, deadline: deadline)
    }

    /// Continues a plain user activity (a shortcut that opens a screen) in the
    /// app that declares its type.
    ///
    /// - Parameters:
    ///   - activity: The activity; its type must be in the app's `NSUserActivityTypes`.
    ///   - appIdentifier: The app; nil picks the one app declaring the type.
    ///   - deadline: nil for ``Configuration/deadline``.
    /// - Throws: ``AppHandoffError`` (`noAppAvailable`, `activityTypeNotDeclared`, …).
    public func open(
        _ activity: UserActivityPayload,
        appIdentifier: String? = nil,
        deadline: Duration? = nil
    ) throws(AppHandoffError) -> ActivityOutcome {
        let deadline = callDeadline(deadline)
        let app = try self.app(for: activity, appIdentifier: appIdentifier)
        return try deliver(activity, to: app, deadline: deadline)
    }

    /// The app that continues `activity`: the one named (which must declare
    /// the type), or the only one declaring it.
    public func app(for activity: UserActivityPayload, appIdentifier: String?) throws(AppHandoffError) -> AppManifest {
        if let appIdentifier {
            guard let app = catalog.app(identifier: appIdentifier) else {
                throw .noAppAvailable(appIdentifier: appIdentifier, activityType: nil, searched: searchedDirectories)
            }
            guard app.declares(activityType: activity.activityType) else {
                throw .activityTypeNotDeclared(activityType: activity.activityType, app: app)
            }
            return app
        }
        let candidates = catalog.apps(declaring: activity.activityType)
        switch candidates.count {
        case 0: throw .noAppAvailable(appIdentifier: nil, activityType: activity.activityType, searched: searchedDirectories)
        case 1: return candidates[0]
        default: throw .severalAppsDeclare(activityType: activity.activityType, appIdentifiers: candidates.map(\.identifier))
        }
    }

    private func deliver(_ activity: UserActivityPayload, to app: AppManifest, deadline: CallDeadline) throws(AppHandoffError) -> ActivityOutcome {
        let connection = try reach(app, launchState: .foreground, options: LaunchOptions(userActivities: [activity]), deadline: deadline)
        let reply = try connection.request(
            .continueActivity(activity), during: "continuing \(activity.activityType)", deadline: deadline, handoff: self)
        guard case .activityContinued(let outcome) = reply else {
            throw .unexpectedReply(app: app, request: "continueActivity", reply: "\(reply)")
        }
        if outcome.status.state == .foreground { sendToBackground(allBut: app) }
        return outcome
    }

    /// One app is in the foreground at a time: every other running app of the
    /// catalog is moved to the background (best effort, half a second each).
    private func sendToBackground(allBut foreground: AppManifest) {
        for app in catalog.apps.values where app.identifier != foreground.identifier {
            let path = configuration.runtimeDirectory.socketPath(for: app.identifier)
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let deadline = CallDeadline(budget: .milliseconds(500), endsUnresponsiveApp: false)
            guard let connection = try? connectToRunning(app, deadline: deadline), connection.status.state == .foreground else {
                continue
            }
            _ = try? connection.request(.setState(.background), during: "moving to the background", deadline: deadline, handoff: self)
        }
    }

    // MARK: In-app handling

    /// The app that handles `intentName` in-app (lists it in `INIntentsSupported`), if any.
    public func appHandlingInApp(_ intentName: String) -> AppManifest? {
        catalog.apps(handlingInApp: intentName).first
    }

    /// Runs one stage of an intent in its app's `application(_:handlerFor:)`
    /// handler, launching the app in the background if it is not running.
    ///
    /// Send every stage of one conversation with the same
    /// ``InAppIntentRequest/requestID``. When `handle` answers a code that
    /// ``InAppResponseCode/asksForApp``, call ``continueInApp(activity:interaction:appIdentifier:deadline:)``
    /// with the response's activity: that brings the app to the foreground.
    ///
    /// - Parameters:
    ///   - request: The intent, its parameters so far, and the stage.
    ///   - appIdentifier: The app; nil for ``appHandlingInApp(_:)``.
    ///   - deadline: nil for ``Configuration/deadline``.
    ///   - handedOver: The app's extension answered `handleInApp`: the
    ///     extension's own app handles the intent whether or not it lists it,
    ///     as iOS launches it for that code.
    /// - Returns: The resolution (resolve) or response (confirm, handle).
    /// - Throws: ``AppHandoffError``; `noInAppHandler` (2003) when the app does
    ///   not list the intent (and it was not `handedOver`) or returns no
    ///   handler for it.
    public func handleInApp(
        _ request: InAppIntentRequest,
        appIdentifier: String? = nil,
        deadline: Duration? = nil,
        handedOver: Bool = false
    ) throws(AppHandoffError) -> InAppStageReply {
        let deadline = callDeadline(deadline)
        let app: AppManifest
        if let appIdentifier {
            guard let named = catalog.app(identifier: appIdentifier) else {
                throw .noAppAvailable(appIdentifier: appIdentifier, activityType: nil, searched: searchedDirectories)
            }
            app = named
        } else if let handling = appHandlingInApp(request.intentName) {
            app = handling
        } else {
            throw .noInAppHandler(
                intentName: request.intentName, appIdentifier: "any app",
                reason: "no app lists it in INIntentsSupported")
        }
        guard handedOver || app.intentsSupported.contains(request.intentName) else {
            throw .noInAppHandler(
                intentName: request.intentName, appIdentifier: app.identifier,
                reason: "the app does not list it in INIntentsSupported (\(app.manifestPath ?? "its manifest"))")
        }
        let connection = try reach(app, launchState: .background, options: LaunchOptions(intentName: request.intentName), deadline: deadline)
        let reply = try connection.request(
            .intent(request), during: "\(request.stage) of \(request.intentName)", deadline: deadline, handoff: self)
        guard case .intentStage(let stage) = reply else {
            throw .unexpectedReply(app: app, request: "intent", reply: "\(reply)")
        }
        if case .noHandler = stage {
            throw .noInAppHandler(
                intentName: request.intentName, appIdentifier: app.identifier,
                reason: "application(_:handlerFor:) returned nil")
        }
        return stage
    }

    /// Finishes an in-app conversation whose `confirm` or `handle` answered a
    /// code that asks for the app (`continueInApp`, `failureRequiringAppLaunch`):
    /// brings the app to the foreground and continues the response's activity,
    /// or one made from the interaction when the response has none.
    ///
    /// - Returns: nil when the response does not ask for the app.
    public func continueInApp(
        after response: InAppIntentResponse,
        of request: InAppIntentRequest,
        appIdentifier: String,
        deadline: Duration? = nil
    ) throws(AppHandoffError) -> ActivityOutcome? {
        guard response.code.asksForApp else { return nil }
        return try continueInApp(
            activity: response.userActivity,
            interaction: InteractionPayload(request: request, response: response),
            appIdentifier: appIdentifier,
            deadline: deadline)
    }

    // MARK: App state

    /// Moves a running app to the foreground or background (launching it in
    /// that state if it is not running).
    public func setState(_ state: ApplicationState, ofApp appIdentifier: String, deadline: Duration? = nil) throws(AppHandoffError) -> AppStatus {
        let deadline = callDeadline(deadline)
        guard let app = catalog.app(identifier: appIdentifier) else {
            throw .noAppAvailable(appIdentifier: appIdentifier, activityType: nil, searched: searchedDirectories)
        }
        let connection = try reach(app, launchState: state, options: LaunchOptions(), deadline: deadline)
        guard case .status(let status) = try connection.request(.setState(state), during: "moving to the \(state)", deadline: deadline, handoff: self) else {
            throw .unexpectedReply(app: app, request: "setState", reply: "something other than its status")
        }
        return status
    }

    /// The running instance's status, or nil when the app is not running.
    /// Never launches the app.
    public func status(ofApp appIdentifier: String, deadline: Duration = .seconds(1)) -> AppStatus? {
        guard let app = catalog.app(identifier: appIdentifier) else { return nil }
        reapChildren()
        return try? connectToRunning(app, deadline: CallDeadline(budget: deadline, endsUnresponsiveApp: false))?.status
    }

    /// The app's state: `notRunning` when no instance answers. Never launches the app.
    public func applicationState(ofApp appIdentifier: String) -> ApplicationState {
        status(ofApp: appIdentifier)?.state ?? .notRunning
    }

    /// Ends the app's running instance, if there is one: asks it to
    /// terminate, and kills it (SIGKILL) if it has not ended within `deadline`.
    public func terminate(appIdentifier: String, deadline: Duration = .seconds(2)) {
        guard let app = catalog.app(identifier: appIdentifier) else { return }
        let until = CallDeadline(budget: deadline, endsUnresponsiveApp: false)
        guard let connection = try? connectToRunning(app, deadline: until) else { return }
        let pid = connection.status.pid
        _ = try? connection.request(.terminate, during: "terminating", deadline: until, handoff: self)
        waitForExit(pid, until: until.instant)
        if pid > 0, Posix.processExists(pid) {
            Posix.sendSignal(Posix.killSignal, to: pid)
            waitForExit(pid, until: Posix.deadline(after: 1))
        }
    }

    /// Ends every app this system launched that is still running (for a host
    /// shutting down, and for tests).
    public func terminateLaunchedApps() {
        let launched = Set(children.withLock { $0.values })
        for identifier in launched { terminate(appIdentifier: identifier) }
        for pid in children.withLock({ Array($0.keys) }) {
            Posix.sendSignal(Posix.killSignal, to: pid)
            waitForExit(pid, until: Posix.deadline(after: 1))
        }
    }
}
