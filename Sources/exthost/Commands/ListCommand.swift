import ArgumentParser
import ExtensionLoading
import IntentConversation
import IntentSystem
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
            """
    )

    @Option(name: .customLong("plugins"), help: ArgumentHelp("A directory of plugins to list instead of the default ones. Repeatable.", valueName: "DIR"))
    var pluginDirectories: [String] = []

    @Option(help: "Load time, in milliseconds, from which linked libraries are shown.")
    var notableMilliseconds: Double = 100

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        try NumericOption.validate(notableMilliseconds, "--notable-milliseconds", in: 0...NumericOption.maximumSeconds * 1000, unit: "milliseconds")
    }

    func run() throws {
        let catalog = PluginCatalog.standard(explicit: pluginDirectories)
        let (registry, _) = catalog.scan()
        if json {
            let records = (try? JSONSerialization.jsonObject(with: JSONEncoder().encode(registry.records))) ?? []
            Console.writeJSON(["directories": catalog.directories.directories, "extensions": records, "conflicts": registry.conflicts])
            return
        }
        if registry.records.isEmpty {
            let places = catalog.directories.directories
            Console.line("No plugins found\(places.isEmpty ? " (no Plugins/ directory here or beside exthost)" : " in " + places.joined(separator: ", ")).")
            Console.line("Build an extension as a shared library and copy its .so into Plugins/.")
            return
        }
        for record in registry.records {
            let file = (record.path as NSString).lastPathComponent
            guard let manifest = record.manifest else {
                Console.line("✗ \(file)")
                Console.line("    \(record.error ?? "did not load")")
                continue
            }
            Console.line("✓ \(manifest.identifier)  (\(file))")
            Console.line("    app:      \(manifest.app)")
            Console.line("    intents:  \(manifest.intentsSupported.joined(separator: ", "))")
            if !manifest.intentsRestrictedWhileLocked.isEmpty {
                Console.line("    restricted while locked: \(manifest.intentsRestrictedWhileLocked.joined(separator: ", "))")
            }
            Console.line("    ABI:      version \(manifest.abiVersion), \(manifest.toolchain): ok")
            if let timings = record.timings {
                let total = Double(timings.total) / 1e6
                Console.line(String(format: "    load:     %.3f ms cold (%.4f%% of the 10 s budget)", total, total / 100))
                if total >= notableMilliseconds && !record.linkedLibraries.isEmpty {
                    Console.line("    links:    \(record.linkedLibraries.joined(separator: ", ")) — each library adds load time; link only what the extension needs")
                    Console.line("    measure:  exthost bench \(record.path)  (load time by phase, and per library and initializer)")
                }
            }
        }
        for conflict in registry.conflicts { Console.line("! \(conflict)") }
    }
}
