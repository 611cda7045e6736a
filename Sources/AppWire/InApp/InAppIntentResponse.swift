/// The answer to `confirm` or `handle`: the in-app counterpart of `INIntentResponse`.
public struct InAppIntentResponse: Codable, Hashable, Sendable {
    public var code: InAppResponseCode
    /// The activity to continue in the app, when `code` asks for the app.
    public var userActivity: UserActivityPayload?
    /// The response's properties, by name (what the response templates print).
    public var properties: [String: WireValue]

    public init(code: InAppResponseCode, userActivity: UserActivityPayload? = nil, properties: [String: WireValue] = [:]) {
        self.code = code
        self.userActivity = userActivity
        self.properties = properties
    }
}
