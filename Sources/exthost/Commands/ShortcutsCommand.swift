import ArgumentParser
import DonationStore
import ExthostABI
import ExtensionLoading
import ExthostService
import IntentConversation
import IntentDefinition
import IntentSystem
import Foundation

/// `exthost shortcuts list|add|edit|delete`: what the Shortcuts app shows, and
/// the phrases ("Add to Siri") attached to shortcuts.
struct ShortcutsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shortcuts",
        abstract: "Lists each app's shortcuts and manages voice shortcuts (phrases).",
        discussion: """
            A shortcut is an intent with parameter values, or a user activity: one per distinct \
            donation, plus each intent the app's installed extensions handle. Each has a short \
            reference (8 hex digits) that `shortcuts add` takes. A phrase that matches another \
            voice shortcut's, exactly or after normalising case, full-/half-width forms, \
            punctuation and spaces, is refused (exit status 1); one close to another app's phrase \
            is accepted with a warning to include the app's name.
            """,
        subcommands: [List.self, Add.self, Options.self, Edit.self, Delete.self]
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Lists shortcuts by app, and the voice shortcuts.",
            discussion: """
                The list comes from the service (started when none runs, as for `exthost list`; \
                --in-process or --store lists here): its store and its extensions, with intents titled \
                in this command's language.
                """
        )

        @OptionGroup var store: StoreOptions
        @Option(help: "Only this app's shortcuts.") var app: String?
        @Option(name: .customLong("plugins"), help: ArgumentHelp("A directory of plugins instead of the default ones (repeatable).", valueName: "DIR"))
        var pluginDirectories: [String] = []
        @Flag(help: "Only the voice shortcuts.") var phrases = false
        @Option(help: ArgumentHelp(
            "The language of the intents' titles (ja, ja_JP.UTF-8); else LC_ALL, LC_MESSAGES or LANG. A definition without texts in it gives its base titles.",
            valueName: "LANGUAGE"))
        var locale: String?
        @Flag(help: "Print JSON.") var json = false
        @OptionGroup var path: CommandPathOptions

        func validate() throws {
            try path.validate(folders: pluginDirectories, flags: "--plugins")
            if store.store != nil && path.usesService && (path.service || path.serviceClient.isGiven) {
                throw ValidationError("--store names a store of this command's; the service reads its own: drop --store, or add --in-process")
            }
        }

        func run() throws {
            let language = CommandLineRequest.language(given: locale)
            // A store named on the command line is read here: the service has its own.
            if store.store == nil,
               let service = path.connect(plugins: pluginDirectories, json: json, intent: nil, fallback: "listing the shortcuts here instead") {
                let ending = ServiceConversation.hold(.shortcuts(app: app, locale: language, phrasesOnly: phrases), through: service,
                                                      prompter: ScriptedPrompter(answers: [:]), json: json, intent: nil)
                throw ExitCode(ServiceConversation.print(ending, json: json))
            }
            try reportingDonationErrors(json: json) {
                let opened = try store.open(json: json)
                let listing = try ShortcutListing.render(
                    store: opened, app: app, registry: PluginCatalog.standard(explicit: pluginDirectories).scan().registry,
                    phrasesOnly: phrases, languages: LanguagePreference([language]))
                if json {
                    Console.writeJSON(listing.report)
                } else {
                    for line in listing.lines { Console.line(line) }
                }
            }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Adds a phrase to a shortcut (\"Add to Siri\").",
            discussion: """
                Name the shortcut by its reference from `shortcuts list`, or describe it with --app and --intent (and \
                --parameters) or --activity-type. Without a phrase, the shortcut's suggestedInvocationPhrase is used. \
                An intent shortcut is checked as `exthost run` checks a request, by the definition of the extension (or \
                the app's in-app handler) that runs it: an unknown parameter or a value of the wrong type is refused \
                (exit status 2), and the shortcut is titled as the Shortcuts app titles it. `shortcuts options` lists \
                what a parameter can be set to.
                """
        )

        @OptionGroup var store: StoreOptions
        @Argument(help: "The phrase.") var phrase: String?
        @Option(help: "The shortcut's reference (from `shortcuts list`).") var shortcut: String?
        @Option(help: "The app, with --intent or --activity-type.") var app: String?
        @Option(help: "An intent's name, for an intent shortcut.") var intent: String?
        @Option(help: "The intent's parameter values as a JSON object.") var parameters: String?
        @Option(name: .customLong("activity-type"), help: "An activity type, for an activity shortcut.") var activityType: String?
        @OptionGroup var handlers: ShortcutHandlerOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            try reportingDonationErrors(json: json) {
                let opened = try store.open(json: json)
                let target = try ShortcutCatalog.resolve(reference: shortcut, app: app, intent: intent, parameters: parameters,
                                                         activityType: activityType, store: opened, pluginDirectories: handlers.pluginDirectories,
                                                         appDirectories: handlers.appDirectories)
                guard let phrase = phrase ?? target.suggestedInvocationPhrase else {
                    throw DonationCommandError.usage("give a phrase: the shortcut suggests none")
                }
                let result: DonationStore.PhraseResult = try opened.addVoiceShortcut(phrase: phrase, shortcut: target)
                ShortcutCatalog.print(result, verb: "Added", json: json)
            }
        }
    }

    struct Options: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "options",
            abstract: "Lists what a parameter of an intent shortcut can be set to.",
            discussion: """
                As the Shortcuts app does while a shortcut is set up: an enum parameter's cases from the \
                definition, or, for a parameter with dynamic options, the options the extension (or the app's \
                in-app handler) provides (provide<Parameter>OptionsCollection), asked as `exthost run` asks it. \
                --parameters gives the other values first, for options that depend on them; --search narrows the \
                options of a parameter that supports search. Each option is printed with the --parameters text \
                that sets it, for `shortcuts add`.
                """
        )

        @Argument(help: "The parameter.") var parameter: String
        @Option(help: "The app whose intent it is.") var app: String
        @Option(help: "The intent's name.") var intent: String
        @Option(help: "The other parameters' values as a JSON object (options may depend on them).") var parameters: String?
        @Option(help: "Narrows the options of a parameter that supports search.") var search: String?
        @OptionGroup var handlers: ShortcutHandlerOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            try reportingDonationErrors(json: json) {
                let setup = try ShortcutSetup(app: app, intent: intent, parameters: parameters, pluginDirectories: handlers.pluginDirectories,
                                              appDirectories: handlers.appDirectories)
                let name = parameter
                let (model, listed) = try setup.withIntent { endpoint, intent, values throws(DonationCommandError) in
                    guard let model = intent.parameter(named: name) else {
                        let names = intent.parameters.map(\.name).joined(separator: ", ")
                        throw .usage("\(intent.name) has no parameter \"\(name)\"; its parameters are \(names.isEmpty ? "none" : names)")
                    }
                    do throws(IntentsError) {
                        return (model, try ParameterOptions.list(model, of: intent, endpoint: endpoint, values: values, searchTerm: search))
                    } catch {
                        throw .store(error)
                    }
                }
                let setting: (ParameterOptions.Option) -> String = { option in
                    CanonicalJSON.render([name: model.supportsMultipleValues ? [option.jsonValue] : option.jsonValue]) ?? "{}"
                }
                if json {
                    var object: [String: Any] = [
                        "parameter": name, "source": listed.source.rawValue,
                        "options": listed.options.map { option -> [String: Any] in
                            var item: [String: Any] = ["title": option.choice.title, "value": option.jsonValue, "parameters": setting(option)]
                            if let subtitle = option.choice.subtitle { item["subtitle"] = subtitle }
                            if let identifier = option.choice.identifier { item["identifier"] = identifier }
                            if let section = option.choice.section { item["section"] = section }
                            return item
                        },
                    ]
                    if let error = listed.handlerError { object["handlerError"] = error }
                    Console.writeJSON(object)
                    return
                }
                if let error = listed.handlerError { Console.warning("the handler answered with an error instead of options: \(error)") }
                switch listed.source {
                case .none:
                    Console.line("\(name) offers no options: it takes any value of its type.")
                    return
                case .definition:
                    Console.line("\(name): the cases of its enum (from the definition)")
                case .handler:
                    Console.line("\(name): the options the handler provides\(search.map { " for \"\($0)\"" } ?? "")")
                }
                if listed.options.isEmpty { Console.line("  none") }
                for (index, option) in listed.options.enumerated() {
                    if let section = option.choice.section, index == 0 || listed.options[index - 1].choice.section != section {
                        Console.line("  \(section)")
                    }
                    let subtitle = option.choice.subtitle.map { " — \($0)" } ?? ""
                    Console.line("  \(index + 1). \(option.choice.title)\(subtitle)    --parameters '\(setting(option))'")
                }
            }
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Changes a voice shortcut's phrase."
        )

        @OptionGroup var store: StoreOptions
        @Argument(help: "The voice shortcut's identifier (or a unique prefix of it).") var identifier: String
        @Option(help: "The new phrase.") var phrase: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            try reportingDonationErrors(json: json) {
                let opened = try store.open(json: json)
                let full = try opened.voiceShortcutIdentifier(prefix: identifier)
                ShortcutCatalog.print(try opened.editVoiceShortcut(identifier: full, phrase: phrase), verb: "Changed", json: json)
            }
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Deletes a voice shortcut (the shortcut and its donations stay)."
        )

        @OptionGroup var store: StoreOptions
        @Argument(help: "The voice shortcut's identifier (or a unique prefix of it).") var identifier: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            try reportingDonationErrors(json: json) {
                let opened = try store.open(json: json)
                let full = try opened.voiceShortcutIdentifier(prefix: identifier)
                try opened.deleteVoiceShortcut(identifier: full)
                if json { Console.writeJSON(["deleted": full]) } else { Console.line("Deleted voice shortcut \(full).") }
            }
        }
    }
}

/// The shortcuts an app offers (``AvailableShortcuts``), with the plugins
/// of the command line.
enum ShortcutCatalog {
    static func resolve(reference: String?, app: String?, intent: String?, parameters: String?, activityType: String?,
                        store: DonationStore, pluginDirectories: [String], appDirectories: [String]) throws -> Shortcut {
        do throws(ShortcutProblem) {
            return try AvailableShortcuts.resolve(
                reference: reference, app: app, intent: intent, activityType: activityType, store: store,
                registry: { PluginCatalog.standard(explicit: pluginDirectories).scan().registry },
                intentShortcut: { app, intent throws(ShortcutProblem) in
                    do throws(DonationCommandError) {
                        return try ShortcutSetup(app: app, intent: intent, parameters: parameters, pluginDirectories: pluginDirectories,
                                                 appDirectories: appDirectories).shortcut()
                    } catch {
                        switch error {
                        case .usage(let message): throw .request(message)
                        case .store(let problem): throw .system(problem)
                        }
                    }
                })
        } catch {
            throw DonationCommandError(error)
        }
    }

    static func print(_ result: DonationStore.PhraseResult, verb: String, json: Bool) {
        if json {
            var object = result.voiceShortcut.jsonObject
            object["warnings"] = result.warnings
            Console.writeJSON(object)
            return
        }
        for warning in result.warnings { Console.warning(warning) }
        Console.line("\(verb) \"\(result.voiceShortcut.invocationPhrase)\" for \(result.voiceShortcut.shortcut.app): \(result.voiceShortcut.shortcut.displayTitle) (id \(result.voiceShortcut.identifier)).")
    }
}

/// Where `shortcuts add` and `shortcuts options` find the extension (or the
/// app's in-app handler) that runs an intent shortcut, as `exthost run` does.
struct ShortcutHandlerOptions: ParsableArguments {
    @Option(name: .customLong("plugins"), help: ArgumentHelp("A directory of plugins (repeatable).", valueName: "DIR"))
    var pluginDirectories: [String] = []
    @Option(name: .customLong("apps"), help: ArgumentHelp("A folder of app manifests (repeatable), for intents an app handles in-app.", valueName: "DIR"))
    var appDirectories: [String] = []
}
