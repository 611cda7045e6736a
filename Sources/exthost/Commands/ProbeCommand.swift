import ArgumentParser
import ExtensionLoading
import IntentConversation
import IntentSystem
import Foundation

/// `exthost probe PLUGIN`: loads one plugin in this fresh process and says
/// what it is. The registry runs it in a child process for every new or
/// changed plugin, so a plugin that crashes while loading takes only the
/// probe with it.
struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Loads one plugin in a fresh process and reports its manifest and load timings.",
        discussion: "Used by `exthost list` and `exthost run` to learn about new or changed plugins safely; useful by hand to check a plugin you just built."
    )

    @Argument(help: "The plugin's .so file.")
    var plugin: String

    @Flag(help: "Print the record as JSON.")
    var json = false

    func run() throws {
        // The record goes to the console's own descriptor: what the plugin's
        // constructors or init print is logged, never taken for the record.
        StandardStreams.process.givePluginsStandardOutput(label: "the plugin \(plugin)")
        let record = PluginCatalog.record(loading: plugin, with: ExtensionLoader(services: .system))
        if json {
            try Console.writeJSON(encoding: record)
        } else if let manifest = record.manifest {
            Console.line("\(manifest.identifier) (app \(manifest.app), \(manifest.toolchain), ABI \(manifest.abiVersion))")
            Console.line("  intents: \(manifest.intentsSupported.joined(separator: ", "))")
            if let timings = record.timings {
                for phase in timings.phases {
                    Console.line("  " + phase.name.padding(toLength: 16, withPad: " ", startingAt: 0) + String(format: "%9.3f ms", Double(phase.nanoseconds) / 1e6))
                }
            }
        } else {
            Console.error(record.error ?? "unknown error")
        }
        if record.manifest == nil { throw ExitCode(.systemError) }
    }
}
