/// Default implementations of the paired completion/`async` handler methods,
/// for generated code.
///
/// Xcode generates both forms of each method and a handler implements one;
/// each form's default calls the other. When a handler implements neither,
/// that would loop: a task-local set of the methods being bridged breaks
/// the cycle, and the method answers its fallback (the behaviour of a
/// missing optional method; for `handle`, a `failure` response and a log
/// line). The handler type is then remembered, so later calls answer the
/// fallback at once, on the calling thread, without a task.
public enum _HandlerDefaults {
    @TaskLocal static var bridging: Set<String> = []

    /// Handler methods known to be implemented in neither form, by
    /// handler type and selector.
    fileprivate static let missing = Locked<Set<String>>([])

    static func key(_ selector: String, _ handler: Any.Type) -> String {
        "\(ObjectIdentifier(handler).hashValue)|\(selector)"
    }

    /// The default completion form: runs the `async` form in a task, or
    /// answers the fallback when the handler is known to implement neither.
    ///
    /// - Parameters:
    ///   - selector: The method (e.g. `"OrderSoupIntentHandling.handle"`).
    ///   - handler: The handler's type.
    ///   - fallback: The answer when the handler implements neither form.
    ///   - operation: Calls the `async` form.
    ///   - completion: The handler's completion.
    public static func completionForm<R>(
        _ selector: String,
        handler: Any.Type,
        fallback: @autoclosure () -> R,
        operation: @escaping () async -> R,
        completion: @escaping (R) -> Void
    ) {
        let key = key(selector, handler)
        if missing.withLock({ $0.contains(key) }) {
            completion(fallback())
            return
        }
        start(key, operation: operation, completion: completion)
    }

    /// The default completion form whose fallback answers through a
    /// completion (the options collection falls back to the older
    /// `provide<Param>Options`).
    ///
    /// - Parameters:
    ///   - selector: The method.
    ///   - handler: The handler's type.
    ///   - fallbackForm: Answers the fallback through its completion.
    ///   - operation: Calls the `async` form.
    ///   - completion: The handler's completion.
    public static func completionForm<R>(
        _ selector: String,
        handler: Any.Type,
        fallbackForm: (@escaping (R) -> Void) -> Void,
        operation: @escaping () async -> R,
        completion: @escaping (R) -> Void
    ) {
        let key = key(selector, handler)
        if missing.withLock({ $0.contains(key) }) {
            fallbackForm(completion)
            return
        }
        start(key, operation: operation, completion: completion)
    }

    private static func start<R>(_ key: String, operation: @escaping () async -> R, completion: @escaping (R) -> Void) {
        let operation = UncheckedSendable(operation)
        let completion = UncheckedSendable(completion)
        let active = bridging.union([key])
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
    ///   - selector: The method (e.g. `"OrderSoupIntentHandling.handle"`).
    ///   - handler: The handler's type.
    ///   - required: Whether the method is required (`handle`): then a
    ///     missing implementation is logged.
    ///   - fallback: The answer when the handler implements neither form.
    ///   - operation: Calls the completion form.
    /// - Returns: The answer.
    public static func asyncForm<R>(
        _ selector: String,
        handler: Any.Type,
        required: Bool = false,
        fallback: @autoclosure () -> R,
        operation: @escaping (@escaping (R) -> Void) -> Void
    ) async -> R {
        await asyncForm(selector, handler: handler, required: required, asyncFallback: { fallback() }, operation: operation)
    }

    /// The default `async` form whose fallback is itself asynchronous (the
    /// options collection falls back to the older `provide<Param>Options`).
    ///
    /// - Parameters:
    ///   - selector: The method.
    ///   - handler: The handler's type.
    ///   - required: Whether a missing implementation is logged.
    ///   - fallback: The answer when the completion form is the default too.
    ///   - operation: Calls the completion form.
    /// - Returns: The answer.
    public static func asyncForm<R>(
        _ selector: String,
        handler: Any.Type,
        required: Bool = false,
        asyncFallback fallback: () async -> R,
        operation: @escaping (@escaping (R) -> Void) -> Void
    ) async -> R {
        let key = key(selector, handler)
        if bridging.contains(key) {
            let first = missing.withLock { $0.insert(key).inserted }
            if required, first {
                ExtensionHost.log("\(handler) implements neither `\(selector)(…completion:)` nor its async form; answering the default", level: .error)
            }
            return await fallback()
        }
        let box = UncheckedSendable(operation)
        return await withCheckedContinuation { (continuation: CheckedContinuation<UncheckedSendable<R>, Never>) in
            box.value { continuation.resume(returning: UncheckedSendable($0)) }
        }.value
    }
}

extension _HandlerDefaults {
    /// The answer a completion-form method gives, awaited: how an `async`
    /// default reaches a method that has only a completion form (the older
    /// names of system intents' methods).
    ///
    /// - Parameter operation: Calls the method with the completion.
    /// - Returns: What the method handed its completion.
    public static func completed<R>(_ operation: (@escaping (R) -> Void) -> Void) async -> R {
        await withCheckedContinuation { (continuation: CheckedContinuation<UncheckedSendable<R>, Never>) in
            operation { continuation.resume(returning: UncheckedSendable($0)) }
        }.value
    }

    /// Logs, once per handler type, that a required method is implemented
    /// in none of its forms (the default answers for it).
    ///
    /// - Parameters:
    ///   - selector: The method (e.g. `"INCreateNoteIntentHandling.handle"`).
    ///   - handler: The handler's type.
    ///   - forms: The forms looked for, for the message.
    public static func reportMissing(_ selector: String, handler: Any.Type, forms: String) {
        let first = missing.withLock { $0.insert(key(selector, handler) + "|reported").inserted }
        if first {
            ExtensionHost.log("\(handler) implements none of \(forms); answering the default", level: .error)
        }
    }
}

extension _HandlerDefaults {
    /// Reaches an older name that answers another result type than today's
    /// (iOS 10's `resolveGroupName(forSendMessage:with:)` answers an
    /// `INStringResolutionResult` for today's `speakableGroupName`): its
    /// answer converted, or `fallback` when the handler does not implement
    /// it (its default said so through ``formerMissing(_:handler:)``, and
    /// its own answer is a placeholder of the older type).
    ///
    /// - Parameters:
    ///   - selector: The older method (e.g. `"INSendMessageIntentHandling.resolveGroupName(forSendMessage:)"`).
    ///   - handler: The handler's type.
    ///   - fallback: Today's answer when the handler lacks the older method.
    ///   - call: Calls the older method with a completion.
    ///   - convert: Makes today's answer from the older one.
    ///   - completion: Today's completion.
    public static func throughFormer<Old, New>(
        _ selector: String,
        handler: Any.Type,
        fallback: @escaping @autoclosure () -> New,
        call: (@escaping (Old) -> Void) -> Void,
        convert: @escaping (Old) -> New,
        completion: @escaping (New) -> Void
    ) {
        let key = key(selector, handler)
        if missing.withLock({ $0.contains(key) }) {
            completion(fallback())
            return
        }
        call { old in
            completion(missing.withLock { $0.contains(key) } ? fallback() : convert(old))
        }
    }

    /// Records that a handler type does not implement an older name: what
    /// its generated default does before answering a placeholder.
    ///
    /// - Parameters:
    ///   - selector: The older method.
    ///   - handler: The handler's type.
    public static func formerMissing(_ selector: String, handler: Any.Type) {
        _ = missing.withLock { $0.insert(key(selector, handler)) }
    }

    /// Today's parameter-specific result made from the base result an older
    /// method answered (`INSendMessageRecipientResolutionResult` from an
    /// `INPersonResolutionResult`): its outcome, reason and values.
    ///
    /// - Parameters:
    ///   - type: Today's result class.
    ///   - old: The older answer.
    /// - Returns: A result of `type`.
    public static func result<New: INIntentResolutionResult>(_ type: New.Type, adopting old: INIntentResolutionResult) -> New {
        let result = New()
        result.adopt(old)
        return result
    }

    /// Today's result made from an older answer about a value of another
    /// type (an `INSpeakableString` from a resolved `String`): its outcome
    /// and reason, its value and alternatives converted.
    ///
    /// - Parameters:
    ///   - type: Today's result class.
    ///   - old: The older answer.
    ///   - value: Makes today's value from the older one.
    /// - Returns: A result of `type`.
    public static func result<Old, Value, New: TypedResolutionResult<Value>>(
        _ type: New.Type, converting old: TypedResolutionResult<Old>, value: (Old) -> Value
    ) -> New {
        let result = New()
        result.outcome = old.outcome
        result.unsupportedReason = old.unsupportedReason
        result.confirmationReason = old.confirmationReason
        result.resolvedValue = old.resolvedValue.map(value)
        result.alternatives = old.alternatives.map(value)
        return result
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
