import AppHandoff
import AppManifests
import DonationStore
import ExthostABI
import Foundation
import IntentConversation
import IntentDefinition
import IntentSystem

/// Setting up an intent shortcut from the command line: the
/// ``IntentShortcutDraft`` checked by the extension (or the app's in-app
/// handler) that runs the intent, found and started in this process as
/// `exthost run --in-process` finds and starts it, under the fault guard.
struct ShortcutSetup {
    let draft: IntentShortcutDraft
    let runner: IntentRunner

    /// - Parameters:
    ///   - app: The app whose intent it is.
    ///   - intent: The intent's name.
    ///   - parameters: Its values, a JSON object as in an intent file.
    ///   - pluginDirectories: `--plugins`.
    ///   - appDirectories: `--apps`.
    /// - Throws: ``DonationCommandError/usage(_:)`` for parameters that are not a JSON object.
    init(app: String, intent: String, parameters: String?, pluginDirectories: [String], appDirectories: [String]) throws(DonationCommandError) {
        do {
            draft = try IntentShortcutDraft(app: app, intent: intent, parameters: parameters)
        } catch {
            throw DonationCommandError(error)
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
        do throws(IntentRunner.Failure) {
            outcome = try ExtensionFaultGuard.guarding(intent: draft.request.intent, json: { _ in nil }) { () throws(IntentRunner.Failure) in
                try runner.withHandler(for: draft.request) { endpoint in
                    Result { () throws(DonationCommandError) in
                        let (intent, values): (Intent, [String: IntentValue])
                        do throws(ShortcutProblem) {
                            (intent, values) = try draft.checked(by: endpoint)
                        } catch {
                            throw DonationCommandError(error)
                        }
                        return try body(endpoint, intent, values)
                    }
                }
            }
        } catch {
            throw DonationCommandError(IntentShortcutDraft.problem(error))
        }
        return try outcome.get()
    }

    /// The shortcut: the intent with its values, titled by its definition.
    func shortcut() throws(DonationCommandError) -> Shortcut {
        try withIntent { endpoint, _, _ throws(DonationCommandError) in
            do throws(ShortcutProblem) {
                return try draft.shortcut(by: endpoint)
            } catch {
                throw DonationCommandError(error)
            }
        }
    }
}

extension DonationCommandError {
    /// A shortcut's problem as the command reports it: a request's as bad
    /// input (exit 2), the system's with its iOS number.
    init(_ problem: ShortcutProblem) {
        switch problem {
        case .request(let message): self = .usage(message)
        case .system(let error): self = .store(error)
        }
    }
}
