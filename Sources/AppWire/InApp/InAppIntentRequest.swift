/// An intent the system asks an app to handle in-app (iOS 14's
/// `application(_:handlerFor:)`), one stage at a time.
///
/// The SDK's `INIntent` is not used on this wire: the app sees the intent's
/// class name and its parameter values as JSON, and answers each stage with an
/// ``InAppResolution`` or an ``InAppIntentResponse``. Once the SDK lands, its
/// generated intent classes convert from `(intentName, parameters)` at the
/// same point the extension boundary does.
public struct InAppIntentRequest: Codable, Hashable, Sendable {
    /// Identifies one conversation; every stage of it carries the same value,
    /// so the app keeps one handler object for all of them.
    public var requestID: String
    /// The intent's class name, e.g. `ShowDirectionsIntent`.
    public var intentName: String
    /// The parameter values known so far, by name; a missing key has no value.
    public var parameters: [String: WireValue]
    /// The stage asked for.
    public var stage: InAppIntentStage

    public init(requestID: String, intentName: String, parameters: [String: WireValue] = [:], stage: InAppIntentStage) {
        self.requestID = requestID
        self.intentName = intentName
        self.parameters = parameters
        self.stage = stage
    }
}
