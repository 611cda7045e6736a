import AppHandoff
import ArgumentParser
import DonationStore
import ExthostABI
import ExtensionLoading
import ExthostPosix
import Foundation
import IntentConversation
import IntentSystem
import RequestWire

/// `exthost focus`: the person's Focus as the system keeps it, and which
/// apps may read it (INFocusStatusCenter), as Control Centre and Settings
/// keep them on iOS.
struct FocusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "focus",
        abstract: "Turns the Focus on or off and tells the apps that may read it; shows or changes which may (INFocusStatusCenter).",
        discussion: """
            The system keeps one Focus, on or off, and per app whether it may read it \
            (INFocusStatusAuthorizationStatus). `exthost focus on` and `exthost focus off` set \
            the Focus and, when it changed, send INShareFocusStatusIntent to every app that may \
            read it and handles the intent (in its extension or in the app), one after the other, \
            each as `exthost run` runs a request here: an app not authorized (undecided, denied, \
            restricted) is not told. The Focus permission gates the intent, not Siri's: an app \
            denied Siri is still told. An app reads the Focus with \
            INFocusStatusCenter.default.focusStatus, whose isFocused is nil unless it is authorized.

            INFocusStatusCenter.requestAuthorization in an app or extension authorizes an \
            undecided app (Linux has no prompt to show); a decision made here stays until \
            changed here. A request for INShareFocusStatusIntent given to `exthost run` is \
            refused for a denied or restricted app (error 1914, exit status 4).

            The Focus and the decisions live in the donation store, which the service \
            (`exthost serve`) and every command share: an extension the service keeps warm reads \
            the new Focus at its next INFocusStatusCenter call. The apps are told by this command \
            itself, whether or not a service runs, so each is told once.

            Exit status of on and off: 0 every app told answered success (or none was to be \
            told); 1 an app answered with a failure; 4 an app could not be reached (the message \
            carries the iOS error number).
            """,
        subcommands: [Status.self, On.self, Off.self, Authorize.self, Deny.self, Reset.self],
        defaultSubcommand: Status.self
    )

    /// `exthost focus status`.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "Shows the Focus and the apps with a decision about it.")
        @OptionGroup var store: StoreOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            try reportingDonationErrors(json: json) {
                let opened = try store.open(json: json)
                let focus = try opened.focusStatus()
                let apps = try opened.focusAuthorizations()
                if json {
                    var object: [String: Any] = ["apps": apps.map { ["app": $0.app, "status": $0.status.name, "value": $0.status.rawValue] }]
                    object["isFocused"] = focus.map(\.isFocused) ?? NSNull()
                    Console.writeJSON(object)
                    return
                }
                Console.line(focus.map { "Focus: \($0.isFocused ? "on" : "off")" } ?? "Focus: never set (exthost focus on|off sets it)")
                if apps.isEmpty { Console.line("No app has a Focus decision yet: none is told of the Focus until it asks or is authorized.") }
                for row in apps { Console.line("\(row.app): \(row.status.name)") }
            }
        }
    }

    /// `exthost focus on`.
    struct On: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "on", abstract: "Turns the Focus on and tells every app that may read it.")
        @OptionGroup var delivery: Delivery
        func run() throws { try delivery.set(isFocused: true) }
    }

    /// `exthost focus off`.
    struct Off: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "off", abstract: "Turns the Focus off and tells every app that may read it.")
        @OptionGroup var delivery: Delivery
        func run() throws { try delivery.set(isFocused: false) }
    }

    /// `exthost focus authorize APP`.
    struct Authorize: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "authorize", abstract: "Lets the app read the Focus and be told when it changes.")
        @OptionGroup var change: PermissionChange
        func run() throws { try change.set(.authorized, FocusCommand.record) }
    }

    /// `exthost focus deny APP`.
    struct Deny: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "deny", abstract: "Keeps the Focus from the app: it reads none and is not told.")
        @OptionGroup var change: PermissionChange
        func run() throws { try change.set(.denied, FocusCommand.record) }
    }

    /// `exthost focus reset APP`.
    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reset", abstract: "Forgets the decision: the app is notDetermined again, and asks anew.")
        @OptionGroup var change: PermissionChange
        func run() throws { try change.set(.notDetermined, FocusCommand.record) }
    }

    /// Records the Focus decision for an app.
    static func record(_ store: DonationStore, _ status: AuthorizationStatus, _ app: String) throws(DonationStoreError) {
        try store.setFocusAuthorization(status, app: app)
    }

    /// What `on` and `off` share: where the apps are, how each is told.
    struct Delivery: ParsableArguments {
        @Option(name: .customLong("plugins"), help: ArgumentHelp("A directory of plugins to use instead of the default ones. Repeatable.", valueName: "DIR"))
        var pluginDirectories: [String] = []

        @Option(name: .customLong("apps"), help: ArgumentHelp("A directory of app manifests to use instead of the default ones ($EXTHOST_APP_PATH, else ./Apps). Repeatable.", valueName: "DIR"))
        var appDirectories: [String] = []

        @OptionGroup var isolation: IsolationOptions

        @Option(help: "Seconds each stage of each app's request may take (default 10).")
        var deadline: Double?

        @Flag(help: "Print one JSON object.")
        var json = false

        func validate() throws {
            try NumericOption.validateSeconds(deadline, "--deadline")
        }

        /// Sets the Focus; when it changed, tells every app that may read it.
        func set(isFocused: Bool) throws {
            var changed = false
            try reportingDonationErrors(json: json) {
                changed = try DonationStore(path: StoreLocation.defaultPath()).setFocusStatus(isFocused: isFocused)
            }
            let apps = AppHandoff(appDirectories: AppCatalog.directories(given: appDirectories))
            let runner = CommandLineRequest.runner(
                pluginDirectories: pluginDirectories, apps: apps, deadline: deadline ?? 10, intent: IntentRunner.focusIntent,
                isolation: isolation, failureJSON: { _ in nil })
            let told = changed ? Self.handlers(runner: runner, apps: apps).map { tell($0, isFocused: isFocused, runner: runner) } : []
            let status = told.map(\.status).max { $0.severity < $1.severity } ?? .success
            if json {
                Console.writeJSON(["isFocused": isFocused, "changed": changed, "apps": told.map(\.object)])
            } else {
                Console.line("Focus \(isFocused ? "on" : "off")\(changed ? "." : ", as it was: no app is told.")")
                told.forEach { Console.line($0.line) }
            }
            throw ExitCode(status)
        }

        /// The apps that handle the intent, in their extension or in-app, by identifier.
        static func handlers(runner: IntentRunner, apps: AppHandoff) -> [String] {
            let inApp = apps.catalog.apps.values.filter { $0.listedName(ofIntent: IntentRunner.focusIntent) != nil }.map(\.identifier)
            let extensions = runner.extensions.current().candidates(for: IntentRunner.focusIntent).compactMap(\.manifest?.app)
            return Set(inApp + extensions).sorted()
        }

        /// One app's part: told when authorized, else why not.
        private func tell(_ app: String, isFocused: Bool, runner: IntentRunner) -> (object: [String: Any], line: String, status: ExitStatus) {
            let permission = SystemDonations.focusAuthorization(app: app)
            var object: [String: Any] = ["app": app, "authorizationStatus": permission.name, "told": false]
            guard permission == .authorized else {
                return (object, "\(app): not told (\(permission.name); exthost focus authorize \(app) lets it read the Focus)", .success)
            }
            object["told"] = true
            do {
                // The request an intent file would give: {"focusStatus": {"isFocused": true}}.
                let request = try IntentRequest.parse(object: ["intent": IntentRunner.focusIntent, "app": app,
                                                               "parameters": ["focusStatus": ["isFocused": isFocused]]], source: "exthost focus")
                let report = ConversationReport(result: try runner.run(request, prompter: ScriptedPrompter(answers: [:])))
                object["result"] = report.jsonObject
                return (object, "\(app): told; \(report.result.message)", report.exitStatus)
            } catch let error as IntentRunner.Failure {
                object["result"] = ConversationReport.failureObject(error.description, intent: IntentRunner.focusIntent, error: error.intentsError)
                return (object, "\(app): could not be told: \(error.description)", .systemError)
            } catch {
                object["result"] = ConversationReport.failureObject("\(error)", intent: IntentRunner.focusIntent, error: nil)
                return (object, "\(app): could not be told: \(error)", .systemError)
            }
        }
    }
}

extension ExitStatus {
    /// How bad a status is, for the one a command of several requests ends with.
    fileprivate var severity: Int {
        switch self {
        case .success: 0
        case .failure: 1
        default: 2
        }
    }
}

extension IntentRunner.Failure {
    /// The iOS error, when the failure has one.
    fileprivate var intentsError: IntentsError? {
        if case .system(let error) = self { return error }
        return nil
    }
}
