import ExthostPosix
/// Where running apps keep their sockets and logs.
///
/// In order: `$EXTHOST_RUNTIME_DIR`, `$XDG_RUNTIME_DIR/exthost`,
/// `/tmp/exthost-<uid>`. The host and an app started by hand agree on it
/// without being told.
public struct RuntimeDirectory: Hashable, Sendable {
    /// The folder's path.
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The default location, from the environment.
    public static var `default`: RuntimeDirectory { from { Posix.environment($0) } }

    /// The default location for the environment `variable` reads (a child's
    /// environment, not this process's).
    public static func from(_ variable: (String) -> String?) -> RuntimeDirectory {
        if let explicit = variable(LaunchEnvironment.runtimeDirectory), !explicit.isEmpty {
            return RuntimeDirectory(path: explicit)
        }
        if let xdg = variable("XDG_RUNTIME_DIR"), !xdg.isEmpty {
            return RuntimeDirectory(path: xdg + "/exthost")
        }
        return RuntimeDirectory(path: "/tmp/exthost-\(Posix.userID)")
    }

    /// Creates the folder (mode 0700) if it is missing.
    public func create() throws {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            try Posix.makeDirectory(prefix)
        }
    }

    /// The socket of the app with this identifier.
    public func socketPath(for appIdentifier: String) -> String { "\(path)/\(appIdentifier).sock" }
    /// The lock taken while launching the app with this identifier.
    public func lockPath(for appIdentifier: String) -> String { "\(path)/\(appIdentifier).lock" }
    /// Where the app's standard output and error go when the system launched it.
    public func logPath(for appIdentifier: String) -> String { "\(path)/\(appIdentifier).log" }
}
