import IntentDefinition

/// The conversation engine's line to whoever handles an intent: an
/// extension's handler object in this process (through libffi), or an app's
/// in-app handler in its own process (through its socket).
protocol HandlerConnection: AnyObject {
    /// Sets the value of the parameter at `index` (nil = no value).
    func setValue(_ value: IntentValue?, parameterAt index: Int)

    /// Calls a method by selector (`resolve<Param>`, `provide<Param>OptionsCollection`,
    /// `confirm`, `handle`) and waits for its completion until `deadline`
    /// (monotonic nanoseconds).
    func call(_ selector: String, searchTerm: String??, completion shape: CompletionShape, deadline: UInt64) -> CallOutcome

    /// Completions that were called more than once, with the extra count.
    func duplicateCompletions() -> [(selector: String, extraCalls: Int)]
}

/// The outcome of calling one handler method.
enum CallOutcome {
    /// The handler does not implement the method: apply the default.
    case notImplemented
    case completed(CompletionPayload)
    case timedOut
    /// The handler's process failed (an app that crashed, for instance).
    case failed(IntentsError)
}

/// Who handles an intent, as the engine sees it.
public struct IntentHandlerEndpoint {
    /// The definition that describes the intent.
    public var definition: IntentDefinition
    /// Names the handler in messages: `extension com.example.x`, `app com.example.y`.
    public var label: String
    /// The identifier reported as the handler (`extension` in results).
    public var identifier: String
    /// The app to continue in when the handler asks for it.
    public var appIdentifier: String
    let connect: (_ intent: Intent, _ requestIdentifier: String) throws(IntentsError) -> any HandlerConnection
    let loadTimings: () -> LoadTimings?
}

extension IntentHandlerEndpoint {
    /// An extension loaded into this process.
    public static func plugin(_ loaded: LoadedExtension) -> IntentHandlerEndpoint {
        IntentHandlerEndpoint(
            definition: loaded.definition,
            label: "extension \(loaded.manifest.identifier)",
            identifier: loaded.manifest.identifier,
            appIdentifier: loaded.manifest.app,
            connect: { (intent, identifier) throws(IntentsError) in
                try IntentHandlerSession(extension: loaded, intent: intent, identifier: identifier)
            },
            loadTimings: { loaded.timings }
        )
    }
}
