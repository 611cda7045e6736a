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
