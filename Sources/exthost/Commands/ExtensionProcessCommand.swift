import ArgumentParser
import ExtensionProcesses
import IntentSystem

/// `exthost extension-process`: the process that loads exactly one plugin
/// and serves its supervisor over a socket pair (`docs/extension-process-protocol.md`).
/// Started by exthost itself: hidden from `--help`. Without `--plugin` it
/// is a spare: up and waiting for a `load` frame that names the plugin.
struct ExtensionProcessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extension-process",
        abstract: "Loads one plugin and serves its supervisor over a socket pair (internal).",
        shouldDisplay: false
    )

    @Option(help: "The plugin to load; without it, a spare that waits for a load frame.")
    var plugin: String?

    @Option(help: "The descriptor of this process's end of the socket pair.")
    var fd: Int32

    @Option(help: "The address-space limit in bytes (RLIMIT_AS), set before loading.")
    var memoryLimit: UInt64?

    @Option(help: "A memory cgroup (its folder) this process moves itself into before loading, instead of --memory-limit.")
    var cgroup: String?

    @Option(help: "The shared container the plugin's init receives.")
    var sharedContainer: String?

    @Flag(help: "As a spare, do not warm up (read the system intents' tables, populate read-only mappings) before waiting.")
    var noWarmUp = false

    func validate() throws {
        try NumericOption.validate(fd, "--fd", in: 3...Int32.max, unit: "a descriptor")
    }

    func run() throws {
        ExtensionProcessServer.run(
            .init(pluginPath: plugin, sharedContainer: sharedContainer, memoryLimit: memoryLimit, cgroup: cgroup, descriptor: fd,
                  warmsUp: !noWarmUp),
            services: .system
        )
    }
}
