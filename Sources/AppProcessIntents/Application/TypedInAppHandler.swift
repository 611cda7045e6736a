import AppProcess
import Foundation
import Intents

/// An in-app handler conforming to a generated `…IntentHandling` protocol,
/// served stage by stage: each request's values become the typed intent,
/// the handler's typed method is called, and its result or response goes
/// back as the wire's JSON.
@MainActor
final class TypedInAppHandler: InAppIntentHandling {
    let box: _HandlerBox
    let classes: _InAppIntentClasses

    init(box: _HandlerBox, classes: _InAppIntentClasses) {
        self.box = box
        self.classes = classes
    }

    private func intent(_ request: InAppIntentRequest) -> INIntent? {
        classes.intent(named: request.intentName, identifier: request.requestID, parameters: request.parameters.mapValues(\.foundationObject))
    }

    func resolve(parameter: String, of request: InAppIntentRequest, completion: @escaping @Sendable (InAppResolution) -> Void) {
        // A parameter without resolution has no method: its value stands.
        guard let intent = intent(request), box._callInApp(.resolve(parameter: parameter), intent: intent, completion: { answer in
            completion(Self.resolution(answer))
        }) else {
            completion(InAppResolution.current(parameter, of: request))
            return
        }
    }

    func confirm(intent request: InAppIntentRequest, completion: @escaping @Sendable (InAppIntentResponse) -> Void) {
        call(.confirm, request, fallback: InAppIntentResponse(code: .ready), completion)
    }

    func handle(intent request: InAppIntentRequest, completion: @escaping @Sendable (InAppIntentResponse) -> Void) {
        call(.handle, request, fallback: InAppIntentResponse(code: .failure), completion)
    }

    private func call(_ stage: _InAppStage, _ request: InAppIntentRequest, fallback: InAppIntentResponse,
                      _ completion: @escaping @Sendable (InAppIntentResponse) -> Void) {
        guard let intent = intent(request), box._callInApp(stage, intent: intent, completion: { answer in
            completion(Self.response(answer) ?? fallback)
        }) else {
            completion(fallback)
            return
        }
    }

    nonisolated static func resolution(_ answer: _InAppAnswer) -> InAppResolution {
        let values: _InAppValues.Resolution
        switch answer {
        case .resolution(let result): values = _InAppValues.resolution(result)
        case .resolutions(let results): values = _InAppValues.resolution(results)
        case .response: return .needsValue()
        }
        let kind: InAppResolution.Kind = switch values.kind {
        case .success: .success
        case .disambiguation: .disambiguation
        case .confirmationRequired: .confirmationRequired
        case .needsValue: .needsValue
        case .notRequired: .notRequired
        default: .unsupported
        }
        return InAppResolution(
            kind: kind,
            value: values.value.map(WireValue.init(foundationObject:)),
            options: values.alternatives.map(WireValue.init(foundationObject:)),
            reasonNumber: values.reason == 0 ? nil : values.reason
        )
    }

    nonisolated static func response(_ answer: _InAppAnswer) -> InAppIntentResponse? {
        guard case .response(let response) = answer else { return nil }
        return InAppIntentResponse(
            code: InAppResponseCode(value: Int(response._exthostCode), name: response._exthostCodeName),
            userActivity: response.userActivity.map(UserActivities.payload),
            properties: response._exthostProperties().mapValues(WireValue.init(foundationObject:))
        )
    }
}
