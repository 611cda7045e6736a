import AppManifests
import ExthostABI
import ExthostPosix
import AppHandoff
import ArgumentParser
import ExtensionLoading
import ExtensionProcesses
import IntentConversation
import IntentSystem
import ExthostService
import Foundation
import RequestWire

/// What `exthost run` and `exthost say` share: answers from `--answer`, the
/// runner with its watchdog, and who answers the conversation's questions.
enum CommandLineRequest {
    /// Checks `--answer` options before the command runs.
    ///
    /// - Throws: `ValidationError` for an answer without `=`.
    static func validate(answers: [String]) throws {
        for answer in answers where !answer.contains("=") {
            throw ValidationError("--answer takes KEY=VALUE; got \"\(answer)\"")
        }
    }

    /// The request's language: the intent file's `locale`, else `--locale`,
    /// else the environment's (`LC_ALL`, `LC_MESSAGES`, `LANG`, in POSIX's order).
    static func chooseLocale(for request: inout IntentRequest, given: String?, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard request.locale == nil else { return }
        request.locale = language(given: given, environment: environment)
    }

    /// The language of a command's texts: `--locale`, else the environment's
    /// (`LC_ALL`, `LC_MESSAGES`, `LANG`, in POSIX's order).
    static func language(given: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        given ?? ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }

    /// Adds `--answer KEY=VALUE` answers after the request's own.
    static func add(answers: [String], to request: inout IntentRequest) {
        for answer in answers {
            let parts = answer.split(separator: "=", maxSplits: 1)
            request.answers[String(parts[0]), default: []].append(parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// The runner a command uses: plugins from `pluginDirectories` (probed
    /// in fresh processes, cached), apps through `apps`, and a watchdog that
    /// ends the process when a handler method never returns, as iOS ends a
    /// stuck extension, after reporting 3001 the way the command reports
    /// every other failure (`failureJSON`).
    /// With `isolated`, the extension runs in an extension process of its
    /// own instead, which is killed at the deadline: no watchdog is needed.
    /// Without it, plugin code gets a standard output of its own, which goes
    /// to the log (``StandardStreams/givePluginsStandardOutput(label:)``).
    ///
    /// - Parameter failureJSON: The command's `--json` object of a failure,
    ///   or nil when its output is for people.
    static func runner(pluginDirectories: [String], apps: AppHandoff, deadline: Double, intent: String,
                       isolation: IsolationOptions,
                       failureJSON: @escaping @Sendable (IntentsError) -> [String: Any]?) -> IntentRunner {
        let watchdog = StageWatchdog { stage in
            let message = "\(stage) did not return within \(String(format: "%g", deadline)) s; the extension was stopped"
            let error = IntentsError(.requestTimedOut, message)
            Console.failure(error.description, json: failureJSON(error))
            Posix.exitImmediately(ExitStatus.systemError.rawValue)
        }
        let isolated = isolation.isolated ? ExtensionProcessConfiguration(
            executable: Posix.executablePath() ?? CommandLine.arguments[0],
            memoryLimit: isolation.memoryLimit == 0 ? nil : isolation.memoryLimit.map { $0 << 20 } ?? ExtensionProcessConfiguration.defaultMemoryLimit,
            launchBudget: deadline
        ) : nil
        if isolated == nil { StandardStreams.process.givePluginsStandardOutput(label: "the extension for \(intent)") }
        var runner = IntentRunner(
            extensions: .scanning(.standard(explicit: pluginDirectories, deadline: deadline, apps: apps.searchedDirectories)), loader: ExtensionLoader(services: .system), apps: apps,
            stageDeadline: deadline, watchdog: isolated == nil ? watchdog : nil, isolation: isolated
        )
        // The device lock is the system's (`exthost lock`), kept beside the
        // socket of the service of these folders: a request run here honours
        // it as that service does.
        let socket = ServiceSocket.path(plugins: pluginDirectories, apps: apps.searchedDirectories)
        runner.deviceLocked = FileManager.default.fileExists(atPath: ServiceConfiguration(socketPath: socket).deviceLockPath)
        return runner
    }

    /// Who answers: answers given in advance only, for `--json`; else the
    /// terminal, which shows the conversation as it happens and reads what
    /// is still unanswered when standard input is a terminal.
    static func prompter(for request: IntentRequest, json: Bool,
                         readsInput: Bool = Posix.isTerminal(STDIN_FILENO)) -> ConversationPrompter {
        json
            ? ScriptedPrompter(answers: request.answers)
            : TerminalPrompter(answers: request.answers, readsInput: readsInput,
                               write: Console.line, writePrompt: { Console.write(Data($0.utf8)) })
    }
}

extension PluginCatalog {
    /// The catalog for a command: default or given directories, the
    /// standard cache, plugins probed in fresh `exthost probe` processes,
    /// each with `deadline` seconds to load (the extension launch budget).
    /// Each plugin's claim to its app is checked against the manifests in
    /// `apps` (default: ``AppCatalog/defaultDirectories``), read now.
    static func standard(explicit: [String], deadline: Double = 10, apps: [String] = []) -> PluginCatalog {
        PluginCatalog(
            directories: PluginDirectories.resolve(explicit: explicit),
            cache: RegistryCache.standard(),
            probe: PluginCatalog.subprocessProber(executable: Posix.executablePath() ?? CommandLine.arguments[0], deadline: deadline),
            appClaims: appClaims(AppCatalog(directories: AppCatalog.directories(given: apps)))
        )
    }

    /// A claim checked against `catalog`: its app's manifest must admit
    /// the extension (``AppManifest/admits(extension:)``); an app with no
    /// manifest there is claimed unverified.
    static func appClaims(_ catalog: AppCatalog) -> AppClaimCheck {
        { claim in
            guard let app = catalog.app(identifier: claim.app) else { return .unverified }
            if app.admits(extension: claim.identifier) { return .verified }
            let manifest = app.manifestPath ?? "its manifest"
            let why = app.extensions.map { named in
                "the manifest \(manifest) names its extensions in \"extensions\" (\(named.isEmpty ? "none" : named.joined(separator: ", "))) and not this one"
            } ?? "the manifest \(manifest) names no extensions (\"extensions\"), and the identifier does not begin with \"\(claim.app).\""
            return .refused("extension \(claim.identifier) claims app \(claim.app), but \(why). An extension belongs to the app that names it: add \"\(claim.identifier)\" to that manifest's \"extensions\" if it is the app's, else the plugin is not that app's and is not loaded.")
        }
    }
}
