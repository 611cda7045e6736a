import ExthostPosix
import AppWire
import Synchronization

/// The running app, as its delegate and handlers see it: the counterpart of
/// `UIApplication.shared`.
@MainActor
public final class Application {
    /// The identifier from the app's manifest.
    public let identifier: String
    /// The name the app's output is tagged with, e.g. `StudyRecord`.
    public let name: String
    /// What the app was launched with.
    public let launchOptions: LaunchOptions
    /// Whether the app is on screen. Handlers check it before doing work that
    /// needs the screen.
    public internal(set) var applicationState: ApplicationState {
        didSet { publishedStatus.withLock { $0.state = applicationState } }
    }
    /// The app group shared with the app's extensions, if the manifest names one.
    public let appGroup: String?
    /// The folder holding app-group containers (pass it to `SharedContainer`).
    public let sharedContainersPath: String?
    /// The process id.
    public var processIdentifier: Int32 { Posix.processID }

    /// The identifier, pid and state, readable from any thread: the app answers
    /// the system's `hello` from it even while its main thread is busy.
    nonisolated let publishedStatus: Mutex<AppStatus>

    /// Everything shown, in order (what ``show(_:)`` printed).
    public private(set) var transcript: [String] = []

    init(
        identifier: String,
        name: String,
        launchOptions: LaunchOptions,
        applicationState: ApplicationState,
        appGroup: String?,
        sharedContainersPath: String?
    ) {
        self.identifier = identifier
        self.name = name
        self.launchOptions = launchOptions
        self.applicationState = applicationState
        self.publishedStatus = Mutex(AppStatus(appIdentifier: identifier, pid: Posix.processID, state: applicationState))
        self.appGroup = appGroup
        self.sharedContainersPath = sharedContainersPath
    }

    /// Shows `text` to the person: prints `[Name] text` and reports it to the
    /// system with the answer to the current request.
    public func show(_ text: String) {
        transcript.append(text)
        Posix.writeStandardOutput("[\(name)] \(text)\n")
    }

    var status: AppStatus {
        AppStatus(appIdentifier: identifier, pid: processIdentifier, state: applicationState)
    }
}
