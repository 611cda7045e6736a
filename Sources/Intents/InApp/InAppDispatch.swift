import ExthostABI
import Foundation

/// One stage of a conversation an app handles in its own process (iOS 14's
/// `application(_:handlerFor:)`), as generated code dispatches it to the
/// handler's typed methods.
public enum _InAppStage: Sendable, Equatable {
    /// `resolve<Parameter>(for:with:)`.
    case resolve(parameter: String)
    /// `confirm(intent:completion:)`.
    case confirm
    /// `handle(intent:completion:)`.
    case handle
}

/// What a handler's typed method answered to an in-app stage.
public enum _InAppAnswer: @unchecked Sendable {
    /// A single-value parameter's result.
    case resolution(INIntentResolutionResult)
    /// A multiple-value parameter's results, one per value.
    case resolutions([INIntentResolutionResult])
    /// `confirm`'s or `handle`'s response.
    case response(INIntentResponse)
}

/// The JSON values of typed results, for an app answering in-app stages:
/// the form `_exthostProperties()` writes (enums by raw value, objects as
/// `{"identifier", "displayString", …}`, date components as ISO 8601 text),
/// which the host reads as it reads an intent file.
public enum _InAppValues {
    /// A resolution result's kind, value and alternatives, and its reason's
    /// number (1-based among the parameter's unsupported reasons, or for a
    /// confirmation its confirmation reasons; 0 = none).
    public struct Resolution {
        public let kind: ResolutionKind
        public let value: Any?
        public let alternatives: [Any]
        public let reason: Int
    }

    /// One result as JSON values.
    public static func resolution(_ result: INIntentResolutionResult) -> Resolution {
        Resolution(
            kind: result.outcome,
            value: result._exthostResolvedValue.map(json),
            alternatives: result._exthostAlternatives.map(json),
            reason: result.outcome == .confirmationRequired ? result.confirmationReason : result.unsupportedReason
        )
    }

    /// A multiple-value parameter's results as one, as the plugin boundary
    /// combines them: all successes → success with the list; none →
    /// notRequired; else the first that is not a success decides.
    public static func resolution(_ results: [INIntentResolutionResult]) -> Resolution {
        guard !results.isEmpty else { return Resolution(kind: .notRequired, value: nil, alternatives: [], reason: 0) }
        guard let first = results.first(where: { $0.outcome != .success }) else {
            return Resolution(kind: .success, value: results.compactMap { $0._exthostResolvedValue.map(json) }, alternatives: [], reason: 0)
        }
        let one = resolution(first)
        let value: Any? = first.outcome == .confirmationRequired ? one.value.map { [$0] } : nil
        return Resolution(kind: one.kind, value: value, alternatives: one.alternatives, reason: one.reason)
    }

    /// A value of a typed result as JSON.
    public static func json(_ value: Any) -> Any {
        switch value {
        case let value as DateComponents: ISO8601DateComponents.string(from: value)
        case let value as [Any]: value.map(json)
        default: PropertyListJSON.json(value)
        }
    }

    /// An intent's parameter values as JSON, by name (what a donation
    /// carries), for a system-made activity's interaction.
    public static func parameters(of intent: INIntent) -> [String: Any] {
        IntentParameters.jsonObject(of: intent)
    }
}

/// The intent classes an app handles or receives: those generated from its
/// definitions, then Apple's system intents. For the app process's runtime,
/// which turns the system's in-app requests and interactions into typed
/// intents and responses.
public struct _InAppIntentClasses: @unchecked Sendable {
    private let definitions: [any GeneratedIntentDefinition.Type]

    /// - Parameter definitions: The types generated from the app's definitions.
    public init(definitions: [any GeneratedIntentDefinition.Type]) {
        self.definitions = definitions + [SystemIntentDefinition.self]
    }

    /// The definition that owns `name` and the intent's name in it: a
    /// definition's name (`ShowDirections`), or its class name
    /// (`ShowDirectionsIntent`, `INPlayMediaIntent`, with the definition's
    /// class prefix: `ATOrderDrinkIntent`).
    private func owner(of name: String) -> (definition: any GeneratedIntentDefinition.Type, name: String)? {
        let candidates = name.hasSuffix("Intent") && name.count > 6 ? [name, String(name.dropLast(6))] : [name]
        for candidate in candidates {
            if let definition = definitions.first(where: { $0.intentNames.contains(candidate) }) {
                return (definition, candidate)
            }
        }
        for definition in definitions {
            for intentName in definition.intentNames {
                if let intent = definition.makeIntent(named: intentName), String(describing: type(of: intent)) == name {
                    return (definition, intentName)
                }
            }
        }
        return nil
    }

    /// A typed intent with its values, or nil when no definition has `name`.
    ///
    /// - Parameters:
    ///   - name: The intent's name or class name.
    ///   - identifier: The request's identifier, if any.
    ///   - parameters: Its values as JSON, by parameter name.
    public func intent(named name: String, identifier: String?, parameters: [String: Any]) -> INIntent? {
        guard let (definition, intentName) = owner(of: name), let intent = definition.makeIntent(named: intentName) else { return nil }
        intent.identifier = identifier
        intent._exthostApplyParameters(parameters)
        return intent
    }

    /// A typed response with its code (the number across the plugin ABI)
    /// and values, or nil when no definition has `name`.
    public func response(intentNamed name: String, code: Int32, properties: [String: Any]) -> INIntentResponse? {
        guard let (definition, intentName) = owner(of: name), let response = definition.makeResponse(intentNamed: intentName) else { return nil }
        response._exthostApply(code: code, properties: properties)
        return response
    }

    /// The box of `handler` for `name`, or nil when it does not conform to
    /// the intent's handling protocol.
    public func handlerBox(intentNamed name: String, handler: Any) -> _HandlerBox? {
        guard let (definition, intentName) = owner(of: name) else { return nil }
        return definition.makeHandlerBox(intentNamed: intentName, handler: handler)
    }
}
