import AppWire
import ExthostPosix

/// How `exthost serve` runs: where it listens, how long sessions and stages
/// may take.
public struct ServiceConfiguration: Sendable {
    /// The variable that names the socket, for the service and its clients.
    public static let socketVariable = "EXTHOST_SOCKET"

    /// The socket's path.
    public var socketPath: String
    /// The file whose presence says the device is locked (`exthost lock`):
    /// beside the socket, so the lock outlives the service.
    public var deviceLockPath: String { socketPath + ".device-locked" }
    /// Seconds a session waits for an answer before it expires (default
    /// 300: long enough to look something up, short enough that abandoned
    /// conversations do not pile up).
    public var sessionExpiry: Double
    /// Seconds each stage may take, unless a request asks for other.
    public var stageDeadline: Double
    /// Seconds conversations inside a stage get to finish at shutdown.
    public var shutdownGrace: Double
    /// Seconds with no client connected and no session open after which the
    /// service ends itself, as a clean shutdown; nil to run until stopped.
    /// A service a client started (``ServiceAutostart``) has one.
    public var idleExit: Double?
    /// Sessions open at once (running or waiting for an answer) beyond which
    /// a new request is refused with `tooManySessions`: a client that leaves
    /// sessions open in a loop cannot exhaust the service's threads.
    public var maximumSessions: Int
    /// Where the HTTP API listens too (`--http`); nil for the socket only.
    public var http: HTTPConfiguration?

    public init(socketPath: String, sessionExpiry: Double = 300,
                stageDeadline: Double = 10, shutdownGrace: Double = 2, idleExit: Double? = nil,
                maximumSessions: Int = 256, http: HTTPConfiguration? = nil) {
        self.http = http
        self.socketPath = socketPath
        self.sessionExpiry = sessionExpiry
        self.stageDeadline = stageDeadline
        self.shutdownGrace = shutdownGrace
        self.idleExit = idleExit
        self.maximumSessions = maximumSessions
    }
}
