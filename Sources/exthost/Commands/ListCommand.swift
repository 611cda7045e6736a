import ArgumentParser
import ExtensionLoading
import IntentConversation
import IntentSystem
import ExthostService
import Foundation

/// `exthost list`: the installed extensions and what they handle.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Lists the installed extensions: app, intents, ABI status and measured load time.",
        discussion: """
            Plugins are found in --plugins DIR, else in $EXTHOST_PLUGIN_PATH, Plugins/ in the \
            working directory and Plugins/ beside the exthost executable. A plugin that is new \
            or changed (by size and modification time) is loaded once in a fresh process \
            (`exthost probe`), which measures its cold load; the result is cached, so an \
            unchanged plugin is not loaded again. When loading takes a notable share of the \
            10 s budget, the libraries the plugin links are listed: link only what the \
            extension needs.

            The list comes from the service (started when none runs, as for `exthost run`; \
            --in-process lists here): its plugins are listed the same way, and an \
            extension it has disabled after repeated crashes says until when and why \
            (`disabled` in --json).
            """
    )

    @Option(name: .customLong("plugins"), help: ArgumentHelp("A directory of plugins to list instead of the default ones. Repeatable.", valueName: "DIR"))
    var pluginDirectories: [String] = []

    @Option(help: "Load time, in milliseconds, from which linked libraries are shown.")
    var notableMilliseconds: Double = 100

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var path: CommandPathOptions

    func validate() throws {
        try NumericOption.validate(notableMilliseconds, "--notable-milliseconds", in: 0...NumericOption.maximumSeconds * 1000, unit: "milliseconds")
        try path.validate(folders: pluginDirectories, flags: "--plugins")
    }

    func run() throws {
        if let service = path.connect(plugins: pluginDirectories, json: json, intent: nil, fallback: "listing the plugins here instead") {
            let ending = ServiceConversation.hold(.list(notableMilliseconds: notableMilliseconds), through: service,
                                                  prompter: ScriptedPrompter(answers: [:]), json: json, intent: nil)
            throw ExitCode(ServiceConversation.print(ending, json: json))
        }
        let catalog = PluginCatalog.standard(explicit: pluginDirectories)
        let listing = ExtensionListing(registry: catalog.scan().registry, directories: catalog.directories.directories,
                                       notableMilliseconds: notableMilliseconds).render()
        if json {
            Console.writeJSON(listing.report)
        } else {
            for line in listing.lines { Console.line(line) }
        }
    }
}
