/// How the system tells an app process what it was launched for: environment
/// variables set when the process is spawned.
///
/// An app started by hand, without them, still runs: it takes its identifier
/// from its executable's name and its socket from the default runtime directory.
public enum LaunchEnvironment {
    /// The app's identifier (from its manifest).
    public static let appIdentifier = "EXTHOST_APP_IDENTIFIER"
    /// The Unix-domain socket the app listens on.
    public static let socketPath = "EXTHOST_APP_SOCKET"
    /// `foreground` or `background`: the state the app starts in.
    public static let launchState = "EXTHOST_LAUNCH_STATE"
    /// JSON of ``LaunchOptions``: the user activities the app is launched with.
    public static let launchOptions = "EXTHOST_LAUNCH_OPTIONS"
    /// The folder holding app-group containers (see `SharedContainer`).
    public static let sharedContainers = "EXTHOST_SHARED_CONTAINERS"
    /// The app group the app shares with its extensions.
    public static let appGroup = "EXTHOST_APP_GROUP"
    /// The folder for sockets and logs of running apps.
    public static let runtimeDirectory = "EXTHOST_RUNTIME_DIR"
}
