/// An object that handles an intent inside the app, stage by stage.
///
/// The in-app counterpart of a generated `<Name>IntentHandling` protocol,
/// reduced to what crosses the wire: parameters as JSON, answers as
/// ``InAppResolution`` and ``InAppIntentResponse``.
///
/// Implementation requirements:
/// - Methods are called on the main actor.
/// - Each completion must be called exactly once, from any thread; a second
///   call is ignored. A completion never called leaves the system waiting
///   until its deadline.
/// - `handle` that needs the screen should check
///   `application.applicationState` and answer `.continueInApp` while the app
///   is in the background; the system then brings the app to the foreground
///   and continues the response's activity.
@MainActor
public protocol InAppIntentHandling: AnyObject {
    /// Resolve one parameter. Default: `success` with the current value, or
    /// `notRequired` when it has none.
    func resolve(
        parameter: String,
        of intent: InAppIntentRequest,
        completion: @escaping @Sendable (InAppResolution) -> Void
    )
    /// Confirm the intent. Default: `ready`.
    func confirm(intent: InAppIntentRequest, completion: @escaping @Sendable (InAppIntentResponse) -> Void)
    /// Handle the intent.
    func handle(intent: InAppIntentRequest, completion: @escaping @Sendable (InAppIntentResponse) -> Void)
}

extension InAppIntentHandling {
    public func resolve(
        parameter: String,
        of intent: InAppIntentRequest,
        completion: @escaping @Sendable (InAppResolution) -> Void
    ) {
        completion(.current(parameter, of: intent))
    }

    public func confirm(intent: InAppIntentRequest, completion: @escaping @Sendable (InAppIntentResponse) -> Void) {
        completion(InAppIntentResponse(code: .ready))
    }
}
