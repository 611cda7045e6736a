import IntentConversation
import ExtensionLoading
import ExthostABI
import ExthostPosix
import AppHandoff
import AppWire
import CExthost
import Foundation
import IntentDefinition

/// The engine's line to an app that handles an intent in-app (iOS 14's
/// `application(_:handlerFor:)`): each stage is one request over the app's
/// socket, under the same deadline as an extension's method.
final class InAppHandlerConnection: HandlerConnection {
    private let handoff: AppHandoff
    private let app: AppManifest
    private let intent: Intent
    private let definition: IntentDefinition
    /// The intent's name as the app lists it (`ShowDirections` or `ShowDirectionsIntent`).
    private let wireName: String
    private let requestID: String
    private var values: [String: IntentValue] = [:]
    /// The last request sent and the response to `confirm` or `handle`, for
    /// continuing in the app afterwards.
    private(set) var lastRequest: InAppIntentRequest?
    private(set) var lastResponse: InAppIntentResponse?

    /// The app's extension answered `handleInApp`: the app need not list the intent.
    private let handedOver: Bool

    init(handoff: AppHandoff, app: AppManifest, intent: Intent, definition: IntentDefinition, wireName: String, requestID: String,
         handedOver: Bool = false) {
        self.handoff = handoff
        self.handedOver = handedOver
        self.app = app
        self.intent = intent
        self.definition = definition
        self.wireName = wireName
        self.requestID = requestID
    }

    func setValue(_ value: IntentValue?, parameterAt index: Int) {
        values[intent.parameters[index].name] = value
    }

    func duplicateCompletions() -> [(selector: String, extraCalls: Int)] {
        []  // the wire carries one answer per request
    }

    func call(_ selector: String, searchTerm: String??, completion shape: CompletionShape, deadline: UInt64) -> CallOutcome {
        let stage: InAppIntentStage
        var parameter: Parameter?
        switch selector {
        case "confirm": stage = .confirm
        case "handle": stage = .handle
        default:
            guard let match = intent.parameters.first(where: { HandlerSelector.resolve($0.name) == selector }) else {
                return .notImplemented  // options collections are not offered in-app
            }
            parameter = match
            stage = .resolve(parameter: match.name)
        }
        let request = InAppIntentRequest(
            requestID: requestID,
            intentName: wireName,
            parameters: WireValues.parameters(values, of: intent, in: definition),
            stage: stage
        )
        lastRequest = request
        let now = Posix.monotonicNanoseconds()
        let remaining = deadline > now ? deadline - now : 0
        let reply: InAppStageReply
        do {
            reply = try handoff.handleInApp(request, appIdentifier: app.identifier, deadline: .nanoseconds(Int64(remaining)),
                                            handedOver: handedOver)
        } catch {
            if case .appDidNotAnswer = error { return .timedOut }
            return .failed(IntentsError(error.code ?? .extensionBringUpFailed, error.description))
        }
        switch reply {
        case .noHandler:
            return .failed(IntentsError(.noHandlerProvidedForIntent, "app \(app.identifier) returned no handler from application(_:handlerFor:) for \(wireName)"))
        case .resolution(let resolution):
            guard let parameter else {
                return .failed(IntentsError(.extensionBringUpFailed, "app \(app.identifier) answered \(selector) with a resolution"))
            }
            return resolutionPayload(resolution, for: parameter)
        case .response(let response):
            lastResponse = response
            return responsePayload(response)
        }
    }

    private func resolutionPayload(_ resolution: InAppResolution, for parameter: Parameter) -> CallOutcome {
        let reader = IntentValueReader(definition: definition, intent: intent)
        var single = parameter
        single.supportsMultipleValues = false
        do {
            let value = try resolution.value.map { try reader.read(json: WireValues.foundation($0), for: parameter) }
            var alternatives: [IntentValue] = []
            for option in resolution.options {
                alternatives.append(try reader.read(json: WireValues.foundation(option), for: single))
            }
            let confirming = resolution.kind == .confirmationRequired
            let reasons = confirming ? parameter.confirmationReasons : parameter.unsupportedReasons
            let named = resolution.reason.flatMap { name in reasons.firstIndex { $0.code == name } }.map { Int32($0 + 1) }
            let numbered = resolution.reasonNumber.flatMap { reasons.indices.contains($0 - 1) ? Int32($0) : nil }
            let given = named ?? numbered ?? 0
            let reason = confirming ? ConfirmationDetail(position: 0, reason: given).field : given
            let kind: ResolutionKind = switch resolution.kind {
            case .success: .success
            case .disambiguation: .disambiguation
            case .confirmationRequired: .confirmationRequired
            case .needsValue: .needsValue
            case .notRequired: .notRequired
            case .unsupported: .unsupported
            }
            return .completed(.resolution(kind: kind.rawValue, value: value, alternatives: alternatives, reason: reason))
        } catch {
            return .failed(IntentsError(.extensionBringUpFailed, "app \(app.identifier) resolved \(String(describing: error))"))
        }
    }

    private func responsePayload(_ response: InAppIntentResponse) -> CallOutcome {
        let reader = IntentValueReader(definition: definition, intent: intent)
        var properties: [IntentValue?] = []
        for property in intent.response.parameters {
            guard let json = response.properties[property.name] else {
                properties.append(nil)
                continue
            }
            let asParameter = Parameter(name: property.name, displayName: property.displayName, type: property.type,
                                        supportsMultipleValues: property.supportsMultipleValues)
            do {
                properties.append(try reader.read(json: WireValues.foundation(json), for: asParameter))
            } catch {
                return .failed(IntentsError(.extensionBringUpFailed, "app \(app.identifier) answered a response whose \(error.description)"))
            }
        }
        return .completed(.response(code: Int32(response.code.value), activity: response.userActivity.map(WireValues.activity), properties: properties))
    }

}

extension IntentHandlerEndpoint {
    /// An app that handles the intent in-app, in its own process.
    ///
    /// - Parameters:
    ///   - app: The app's manifest.
    ///   - definition: The app's intent definition.
    ///   - wireName: The intent's name as the app lists it.
    ///   - handoff: How the system reaches apps.
    static func app(_ app: AppManifest, definition: IntentDefinition, wireName: String, handoff: AppHandoff,
                    connections: ConnectionLog) -> IntentHandlerEndpoint {
        IntentHandlerEndpoint(
            definition: definition,
            label: "app \(app.identifier)",
            identifier: app.identifier,
            appIdentifier: app.identifier,
            connect: { intent, identifier, values in
                let connection = InAppHandlerConnection(handoff: handoff, app: app, intent: intent, definition: definition,
                                                        wireName: wireName, requestID: identifier)
                for (index, value) in values.prefix(intent.parameters.count).enumerated() {
                    connection.setValue(value, parameterAt: index)
                }
                connections.last = connection
                return connection
            }
        )
    }

    /// Connects to `appIdentifier` for an extension's `handleInApp`: the
    /// app handles the intent under the extension's definition.
    ///
    /// - Returns: nil when the system has no such app.
    static func handOver(to appIdentifier: String, definition: IntentDefinition, handoff: AppHandoff)
        -> ((Intent, String) throws(IntentsError) -> any HandlerConnection)? {
        guard let app = handoff.catalog.app(identifier: appIdentifier) else { return nil }
        return { intent, identifier in
            InAppHandlerConnection(handoff: handoff, app: app, intent: intent, definition: definition,
                                   wireName: intent.name, requestID: identifier, handedOver: true)
        }
    }

    /// Remembers the in-app connection a conversation used, so the runner
    /// can continue its last response in the app.
    final class ConnectionLog {
        var last: InAppHandlerConnection?
    }
}
