/// Default implementations of the paired completion/`async` handler methods,
/// for generated code.
///
/// Xcode generates both forms of each method and a handler implements one;
/// each form's default calls the other. When a handler implements neither,
/// that would loop: a task-local set of the selectors being bridged breaks
/// the cycle, and the method answers its fallback (for `handle`, a `failure`
/// response) after logging what is missing.
public enum _HandlerDefaults {
    @TaskLocal static var bridging: Set<String> = []

    /// The default completion form: runs the `async` form in a task.
    ///
    /// - Parameters:
    ///   - selector: The method (e.g. `"handle"`).
    ///   - operation: Calls the `async` form.
    ///   - completion: The handler's completion.
    public static func completionForm<R>(
        _ selector: String,
        operation: @escaping () async -> R,
        completion: @escaping (R) -> Void
    ) {
        let operation = UncheckedSendable(operation)
        let completion = UncheckedSendable(completion)
        let active = bridging.union([selector])
        Task {
            let result = await $bridging.withValue(active) {
                UncheckedSendable(await operation.value())
            }
            completion.value(result.value)
        }
    }

    /// The default `async` form: calls the completion form, or answers
    /// `fallback` when the completion form is itself the default (the
    /// handler implements neither).
    ///
    /// - Parameters:
    ///   - selector: The method (e.g. `"handle"`).
    ///   - typeName: The handler protocol, for the log.
    ///   - fallback: The answer when the handler implements neither form.
    ///   - operation: Calls the completion form.
    /// - Returns: The answer.
    public static func asyncForm<R>(
        _ selector: String,
        in typeName: String,
        fallback: @autoclosure () -> R,
        operation: @escaping (@escaping (R) -> Void) -> Void
    ) async -> R {
        if bridging.contains(selector) {
            ExtensionHost.log("\(typeName): the handler implements neither `\(selector)(…completion:)` nor its async form; answering the default", level: .error)
            return fallback()
        }
        let box = UncheckedSendable(operation)
        return await withCheckedContinuation { (continuation: CheckedContinuation<UncheckedSendable<R>, Never>) in
            box.value { continuation.resume(returning: UncheckedSendable($0)) }
        }.value
    }
}

extension _HandlerDefaults {
    /// The default `async` form whose fallback is itself asynchronous (the
    /// options collection falls back to the older `provide<Param>Options`).
    ///
    /// - Parameters:
    ///   - selector: The method.
    ///   - fallback: The answer when the completion form is the default too.
    ///   - operation: Calls the completion form.
    /// - Returns: The answer.
    public static func asyncForm<R>(
        _ selector: String,
        asyncFallback fallback: () async -> R,
        operation: @escaping (@escaping (R) -> Void) -> Void
    ) async -> R {
        if bridging.contains(selector) { return await fallback() }
        let box = UncheckedSendable(operation)
        return await withCheckedContinuation { (continuation: CheckedContinuation<UncheckedSendable<R>, Never>) in
            box.value { continuation.resume(returning: UncheckedSendable($0)) }
        }.value
    }
}

/// A value declared safe to send. For generated code and the bridge, where
/// the handler's own values cross tasks exactly as on iOS.
public struct UncheckedSendable<Value>: @unchecked Sendable {
    /// The value.
    public let value: Value
    /// Wraps a value.
    public init(_ value: Value) { self.value = value }
}
