import Foundation

/// The answer of `confirm` or `handle`: the base class of every generated
/// `<Name>IntentResponse`, which adds the response `code` and the response
/// parameters of the definition.
open class INIntentResponse: @unchecked Sendable {
    /// The activity handed to the app when the user continues in it
    /// (`continueInApp`, `failureRequiringAppLaunch`, or a tap on the result).
    public var userActivity: NSUserActivity?

    /// Creates a response with no user activity.
    public required init() {}

    /// The response code as its raw value across the plugin ABI
    /// (`exthost_response_code`, or 100 + the index of a custom code);
    /// generated subclasses override it.
    open var _exthostCode: Int32 { 0 }

    /// The response code's name (`success`, `continueInApp`, a custom
    /// code's); generated subclasses override it.
    open var _exthostCodeName: String { "unspecified" }

    /// The response parameters as JSON values, by name (enums by raw value);
    /// generated subclasses override it.
    open func _exthostProperties() -> [String: Any] { [:] }

    /// Sets the code (by its number across the plugin ABI) and the response
    /// parameters from their JSON values: the inverse of ``_exthostCode``
    /// and ``_exthostProperties()``, for an interaction an app receives.
    /// Generated subclasses override it.
    open func _exthostApply(code: Int32, properties: [String: Any]) {}
}

/// A system intent's response-code enum (`INStartWorkoutIntentResponseCode`,
/// …): Apple's cases and raw values, and the number each crosses the plugin
/// ABI as, which the host gives the same code whatever Apple numbers it.
/// An app answering a system intent in its own process sends this number.
public protocol _ExthostResponseCode: RawRepresentable<Int>, Sendable {
    /// The code's number across the plugin ABI (`exthost_response_code`).
    var _exthostCode: Int32 { get }
}
