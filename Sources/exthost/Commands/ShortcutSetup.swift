import AppHandoff
import AppManifests
import DonationStore
import ExthostABI
import Foundation
import IntentConversation
import IntentDefinition
import IntentSystem
import RequestWire

/// Setting up an intent shortcut, as the Shortcuts app's editor does: the
/// extension (or the app's in-app handler) that runs the intent, found and
/// started as `exthost run` finds and starts it, checks the shortcut's
/// parameter values against its definition (with the messages `exthost run`
/// gives), titles the shortcut from the definition, and lists a
/// parameter's options.
struct ShortcutSetup {
    let request: IntentRequest
    let runner: IntentRunner
    /// The values as given, in canonical form (as `say` reads them again).
    let parameters: String?

    /// - Parameters:
    ///   - app: The app whose intent it is.
    ///   - intent: The intent's name.
    ///   - parameters: Its values, a JSON object as in an intent file.
    ///   - pluginDirectories: `--plugins`.
    ///   - appDirectories: `--apps`.
    /// - Throws: ``DonationCommandError/usage(_:)`` for parameters that are not a JSON object.
    init(app: String, intent: String, parameters: String?, pluginDirectories: [String], appDirectories: [String]) throws(DonationCommandError) {
        var object: [String: Any] = ["intent": intent, "app": app]
        if let parameters {
            guard let values = (try? JSONSerialization.jsonObject(with: Data(parameters.utf8))) as? [String: Any] else {
                throw .usage("--parameters must be a JSON object, as an intent file's \"parameters\" (e.g. {\"duration\": 30}); got \(parameters)")
            }
            object["parameters"] = values
        }
        self.parameters = parameters.flatMap(CanonicalJSON.object)
        guard let data = try? JSONSerialization.data(withJSONObject: object) else {
            throw .usage("--parameters cannot be read as JSON")
        }
        do {
            request = try IntentRequest.parse(data, source: "--parameters")
        } catch {
            throw .usage(error.message)
        }
        let failureJSON: @Sendable (IntentsError) -> [String: Any]? = { _ in nil }
        // In this process, as `exthost run` without --isolated.
        guard let inProcess = try? IsolationOptions.parse([]) else { throw .usage("cannot set up the extension's loading") }
        runner = CommandLineRequest.runner(
            pluginDirectories: pluginDirectories,
            apps: AppHandoff(appDirectories: AppCatalog.directories(given: appDirectories)),
            deadline: 10, intent: intent, isolation: inProcess, failureJSON: failureJSON)
    }

    /// Runs `body` with the handler, the intent as its definition has it,
    /// and the shortcut's values, checked.
    ///
    /// - Throws: ``DonationCommandError``: `usage` for values the
    ///   definition refuses, `store` with the system's error when nothing
    ///   handles the intent or its extension cannot be started.
    func withIntent<T>(_ body: (IntentHandlerEndpoint, Intent, [String: IntentValue]) throws(DonationCommandError) -> T) throws(DonationCommandError) -> T {
        let outcome: Result<T, DonationCommandError>
        do {
            outcome = try ExtensionFaultGuard.guarding(intent: request.intent, json: { _ in nil }) { () throws(IntentRunner.Failure) in
                try runner.withHandler(for: request) { endpoint in
                    Result { () throws(DonationCommandError) in
                        let (intent, values) = try checked(by: endpoint)
                        return try body(endpoint, intent, values)
                    }
                }
            }
        } catch {
            switch error {
            case .request(let problem): throw .usage(problem.message)
            case .system(let problem): throw .store(problem)
            case .deviceLocked(let message): throw .usage(message)
            }
        }
        return try outcome.get()
    }

    /// The intent as the handler's definition has it, and the shortcut's
    /// values read by it.
    private func checked(by endpoint: IntentHandlerEndpoint) throws(DonationCommandError) -> (Intent, [String: IntentValue]) {
        guard let intent = endpoint.definition.intent(named: request.intent) else {
            throw .store(IntentsError(.invalidIntentName, "\(endpoint.label) claims \(request.intent) but its definition does not define it"))
        }
        do {
            return (intent, try request.values(for: intent, in: endpoint.definition))
        } catch {
            throw .usage(error.message)
        }
    }

    /// The shortcut: the intent with its values, titled by its definition.
    func shortcut() throws(DonationCommandError) -> Shortcut {
        try withIntent { endpoint, intent, values throws(DonationCommandError) in
            guard !intent.deprecated else {
                throw .usage("\(intent.name) is deprecated in the definition of \(endpoint.label): it is not offered for new shortcuts "
                    + "(shortcuts made before still run it, and so does exthost run); use the intent that replaces it")
            }
            return .intent(app: request.app ?? endpoint.appIdentifier, intent: request.intent, parameters: parameters,
                    title: ShortcutTitle.of(intent, values: values, in: endpoint.definition))
        }
    }
}
