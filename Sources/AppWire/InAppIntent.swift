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
    public var parameters: [String: JSONValue]
    /// The stage asked for.
    public var stage: InAppIntentStage

    public init(requestID: String, intentName: String, parameters: [String: JSONValue] = [:], stage: InAppIntentStage) {
        self.requestID = requestID
        self.intentName = intentName
        self.parameters = parameters
        self.stage = stage
    }
}

/// One stage of an intent's conversation.
public enum InAppIntentStage: Codable, Hashable, Sendable {
    /// Resolve one parameter (the engine asks in the definition's order).
    case resolve(parameter: String)
    /// Confirm the intent before handling it.
    case confirm
    /// Handle the intent.
    case handle
}

/// How a parameter resolved: the in-app counterpart of `INIntentResolutionResult`.
public struct InAppResolution: Codable, Hashable, Sendable {
    /// The kind of result.
    public enum Kind: String, Codable, Sendable {
        case success, disambiguation, confirmationRequired, needsValue, notRequired, unsupported
    }

    public var kind: Kind
    /// The resolved value (`success`) or the value to confirm (`confirmationRequired`).
    public var value: JSONValue?
    /// The choices offered (`disambiguation`).
    public var options: [JSONValue]
    /// The unsupported reason's name, as declared in the definition (`unsupported`).
    public var reason: String?

    public init(kind: Kind, value: JSONValue? = nil, options: [JSONValue] = [], reason: String? = nil) {
        self.kind = kind
        self.value = value
        self.options = options
        self.reason = reason
    }

    public static func success(with value: JSONValue) -> InAppResolution { .init(kind: .success, value: value) }
    public static func disambiguation(with options: [JSONValue]) -> InAppResolution {
        .init(kind: .disambiguation, options: options)
    }
    public static func confirmationRequired(with value: JSONValue) -> InAppResolution {
        .init(kind: .confirmationRequired, value: value)
    }
    public static func needsValue() -> InAppResolution { .init(kind: .needsValue) }
    public static func notRequired() -> InAppResolution { .init(kind: .notRequired) }
    public static func unsupported(forReason reason: String? = nil) -> InAppResolution {
        .init(kind: .unsupported, reason: reason)
    }
}

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

/// The answer to `confirm` or `handle`: the in-app counterpart of `INIntentResponse`.
public struct InAppIntentResponse: Codable, Hashable, Sendable {
    public var code: InAppResponseCode
    /// The activity to continue in the app, when `code` asks for the app.
    public var userActivity: UserActivityPayload?
    /// The response's properties, by name (what the response templates print).
    public var properties: [String: JSONValue]

    public init(code: InAppResponseCode, userActivity: UserActivityPayload? = nil, properties: [String: JSONValue] = [:]) {
        self.code = code
        self.userActivity = userActivity
        self.properties = properties
    }
}

/// What the app answered for one stage.
public enum InAppStageReply: Codable, Hashable, Sendable {
    /// The answer to `resolve`.
    case resolution(InAppResolution)
    /// The answer to `confirm` or `handle`.
    case response(InAppIntentResponse)
    /// `application(_:handlerFor:)` returned nil for this intent.
    case noHandler
}

extension InteractionPayload {
    /// The interaction of an intent handled in-app: what a system-made
    /// activity carries when `handle` answers `continueInApp` with no activity.
    public init(request: InAppIntentRequest, response: InAppIntentResponse) {
        self.init(
            intentName: request.intentName,
            parameters: request.parameters,
            responseCode: response.code.value,
            responseCodeName: response.code.name,
            responseProperties: response.properties
        )
    }
}
