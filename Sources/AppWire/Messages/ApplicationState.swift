/// Whether an app is on screen.
///
/// `notRunning` is what the system reports for an app with no process; an app
/// that asks itself is always `foreground` or `background`.
public enum ApplicationState: String, Codable, Sendable {
    case foreground, background, notRunning
}
