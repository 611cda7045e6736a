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
            print("No plugins found\(places.isEmpty ? " (no Plugins/ directory here or beside exthost)" : " in " + places.joined(separator: ", ")).")
            print("Build an extension as a shared library and copy its .so into Plugins/.")
            return
        }
        for record in registry.records {
            let file = (record.path as NSString).lastPathComponent
            guard let manifest = record.manifest else {
                print("✗ \(file)")
                print("    \(record.error ?? "did not load")")
                continue
            }
            print("✓ \(manifest.identifier)  (\(file))")
            print("    app:      \(manifest.app)")
            print("    intents:  \(manifest.intentsSupported.joined(separator: ", "))")
            if !manifest.intentsRestrictedWhileLocked.isEmpty {
                print("    restricted while locked: \(manifest.intentsRestrictedWhileLocked.joined(separator: ", "))")
            }
            print("    ABI:      version \(manifest.abiVersion), \(manifest.toolchain): ok")
            if let timings = record.timings {
                let total = Double(timings.total) / 1e6
                print(String(format: "    load:     %.3f ms cold (%.4f%% of the 10 s budget)", total, total / 100))
                if total >= notableMilliseconds && !record.linkedLibraries.isEmpty {
                    print("    links:    \(record.linkedLibraries.joined(separator: ", ")) — each library adds load time; link only what the extension needs")
                    print("    measure:  exthost bench \(record.path)  (load time by phase, and per library and initializer)")
                }
            }
        }
        for conflict in registry.conflicts { print("! \(conflict)") }
    }
}
