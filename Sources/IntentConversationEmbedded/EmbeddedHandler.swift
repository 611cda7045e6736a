import ExthostABI
import IntentConversation
import IntentDefinition
import Synchronization

/// A handler that lives in memory and answers each method with a Swift
/// closure: the conversation engine's counterpart of NIO's
/// `EmbeddedChannel`.
///
/// Tests of the engine drive a conversation through it without building a
/// plugin: each behaviour is a closure, not a C variant to compile. What it
/// cannot show is the ABI underneath (libffi calls, completions called
/// twice or from another thread): those stay with real plugins.
///
/// ```swift
/// let handler = EmbeddedHandler(definition: definition)
/// handler.on(HandlerSelector.resolve("minutes")) { _ in .resolution(.needsValue) }
/// let engine = try ConversationEngine(endpoint: handler.endpoint, intent: "LogWorkout", values: [:], prompter: prompter)
/// ```
public final class EmbeddedHandler: Sendable {
    /// What a method answers.
    public enum Reply: Sendable {
        /// Calls the completion of a `resolve<Param>` method.
        case resolution(ResolutionKind, IntentValue? = nil, alternatives: [IntentValue] = [], reason: Int32 = 0)
        /// Calls the completion of a `provide<Param>OptionsCollection` method.
        case options([IntentValue], error: String? = nil)
        /// Calls the completion of `confirm` or `handle` with a code (a
        /// ``SystemResponseCode`` raw value, or a custom code's number).
        case response(code: Int32, activity: UserActivityValue? = nil, properties: [IntentValue?] = [])
        /// Never calls its completion: the stage's deadline passes.
        case never
        /// The handler's side fails (as an app that crashed would).
        case failure(IntentsError)
    }

    /// One call the engine made.
    public struct Call: Equatable, Sendable {
        /// The selector: `resolveMinutes`, `confirm`, …
        public var selector: String
        /// The intent's parameter values when it was called, in definition order.
        public var values: [IntentValue?]
        /// The search term of an options call that passed one.
        public var searchTerm: String??
    }

    /// The definition whose intents it handles.
    public let definition: IntentDefinition

    private struct State {
        var methods: [String: @Sendable (Call) -> Reply] = [:]
        var calls: [Call] = []
        var values: [IntentValue?] = []
        var duplicates: [(selector: String, extraCalls: Int)] = []
    }
    private let state = Mutex(State())

    /// A handler for the intents of `definition` that implements no method
    /// until ``on(_:reply:)`` gives it one.
    public init(definition: IntentDefinition) {
        self.definition = definition
    }

    /// Implements `selector`: each call answers what `reply` returns.
    public func on(_ selector: String, reply: @escaping @Sendable (Call) -> Reply) {
        state.withLock { $0.methods[selector] = reply }
    }

    /// Reports a completion of `selector` as called `extraCalls` times too
    /// many, as a plugin's completion called twice would be.
    public func reportDuplicateCompletion(of selector: String, extraCalls: Int = 1) {
        state.withLock { $0.duplicates.append((selector, extraCalls)) }
    }

    /// Every call so far, in order.
    public var calls: [Call] { state.withLock { $0.calls } }

    /// The endpoint the engine connects to.
    public var endpoint: IntentHandlerEndpoint {
        IntentHandlerEndpoint(
            definition: definition,
            label: "embedded handler",
            identifier: "embedded",
            appIdentifier: "com.example.embedded",
            connect: { [self] intent, _, values in
                let count = intent.parameters.count
                state.withLock { $0.values = Array(values.prefix(count)) + Array(repeating: nil, count: max(0, count - values.count)) }
                return Connection(handler: self)
            }
        )
    }

    fileprivate func call(_ selector: String, searchTerm: String??) -> CallOutcome {
        let (method, call) = state.withLock { state in
            let call = Call(selector: selector, values: state.values, searchTerm: searchTerm)
            state.calls.append(call)
            return (state.methods[selector], call)
        }
        guard let method else { return .notImplemented }
        switch method(call) {
        case .resolution(let kind, let value, let alternatives, let reason):
            return .completed(.resolution(kind: kind.rawValue, value: value, alternatives: alternatives, reason: reason))
        case .options(let items, let error):
            return .completed(.options(items, error: error))
        case .response(let code, let activity, let properties):
            return .completed(.response(code: code, activity: activity, properties: properties))
        case .never:
            return .timedOut
        case .failure(let error):
            return .failed(error)
        }
    }

    fileprivate func setValue(_ value: IntentValue?, at index: Int) {
        state.withLock { state in
            if index < state.values.count { state.values[index] = value }
        }
    }

    fileprivate func takeDuplicates() -> [(selector: String, extraCalls: Int)] {
        state.withLock { state in
            defer { state.duplicates = [] }
            return state.duplicates
        }
    }

    /// The engine's line to the handler for one request.
    private final class Connection: HandlerConnection {
        let handler: EmbeddedHandler

        init(handler: EmbeddedHandler) {
            self.handler = handler
        }

        func setValue(_ value: IntentValue?, parameterAt index: Int) {
            handler.setValue(value, at: index)
        }

        func call(_ selector: String, searchTerm: String??, completion shape: CompletionShape, deadline: UInt64) -> CallOutcome {
            handler.call(selector, searchTerm: searchTerm)
        }

        func duplicateCompletions() -> [(selector: String, extraCalls: Int)] {
            handler.takeDuplicates()
        }
    }
}
