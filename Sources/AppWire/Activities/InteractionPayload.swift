/// An intent and the response it got, as they travel to an app: the wire form
/// of `INInteraction`.
///
/// The SDK converts `INInteraction` (intent + response) to this before the host
/// hands off to an app, and back when an app reads
/// ``UserActivityPayload/interaction``.
public struct InteractionPayload: Codable, Hashable, Sendable {
    /// The intent's class name, e.g. `PostStudyRecordIntent`.
    public var intentName: String
    /// The intent's parameter values, by parameter name; a missing key has no value.
    public var parameters: [String: WireValue]
    /// The response code as a number (`INIntentResponseCode`, or the custom code
    /// of the definition's response template).
    public var responseCode: Int
    /// The response code's name, e.g. `continueInApp`, `failureRequiringAppLaunch`.
    public var responseCodeName: String
    /// The response's properties, by name.
    public var responseProperties: [String: WireValue]

    public init(
        intentName: String,
        parameters: [String: WireValue] = [:],
        responseCode: Int,
        responseCodeName: String,
        responseProperties: [String: WireValue] = [:]
    ) {
        self.intentName = intentName
        self.parameters = parameters
        self.responseCode = responseCode
        self.responseCodeName = responseCodeName
        self.responseProperties = responseProperties
    }

    /// This interaction as one wire object, for `userInfo`.
    public var wireValue: WireValue {
        .object([
            "intentName": .string(intentName),
            "parameters": .object(parameters),
            "responseCode": .int(responseCode),
            "responseCodeName": .string(responseCodeName),
            "responseProperties": .object(responseProperties),
        ])
    }
}
