/// A response code: one of `INIntentResponseCode`'s, or a custom code from the
/// definition's response templates (numbered from 100, as Xcode does).
public struct InAppResponseCode: Codable, Hashable, Sendable, CustomStringConvertible {
    public var value: Int
    public var name: String

    public init(value: Int, name: String) {
        self.value = value
        self.name = name
    }

    public static let unspecified = InAppResponseCode(value: 0, name: "unspecified")
    public static let ready = InAppResponseCode(value: 1, name: "ready")
    public static let continueInApp = InAppResponseCode(value: 2, name: "continueInApp")
    public static let inProgress = InAppResponseCode(value: 3, name: "inProgress")
    public static let success = InAppResponseCode(value: 4, name: "success")
    public static let failure = InAppResponseCode(value: 5, name: "failure")
    public static let failureRequiringAppLaunch = InAppResponseCode(value: 6, name: "failureRequiringAppLaunch")

    /// Whether the system must bring the app to the foreground and continue
    /// the response's activity (`continueInApp`, `failureRequiringAppLaunch`).
    public var asksForApp: Bool { value == 2 || value == 6 }

    public var description: String { name }
}
