import ArgumentParser
import ExtensionLoading
import ExthostABI
import ExthostPosix
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
        discussion: """
            Used by `exthost list` and `exthost run` to learn about new or changed plugins safely; useful by hand to check a plugin you just built. \
            Loading has --deadline seconds, as when an extension is launched: a plugin whose constructors or init take longer \
            is reported with error 5000 and exit status 4.
            """
    )

    @Argument(help: "The plugin's .so file.")
    var plugin: String

    @Flag(help: "Print the record as JSON.")
    var json = false

    @Option(help: "Seconds loading may take, as the extension launch budget (default 10).")
    var deadline: Double?

    func validate() throws {
        try NumericOption.validateSeconds(deadline, "--deadline")
    }

    func run() throws {
        // A plugin that crashes in its constructors or init ends the probe
        // at once, not after the Swift runtime's backtracer (~1 s).
        Posix.installCrashBacktraceUnlessAsked(fd: STDERR_FILENO, label: "exthost probe")
        // The record goes to the console's own descriptor: what the plugin's
        // constructors or init print is logged, never taken for the record.
        StandardStreams.process.givePluginsStandardOutput(label: "the plugin \(plugin)")
        let loader = ExtensionLoader(services: .system)
        let claimed = ClaimedManifest()
        loader.descriptorRead = { claimed.set($0) }
        Self.endLoading(of: plugin, after: deadline ?? 10, json: json, claimed: claimed)
        let record = PluginCatalog.record(loading: plugin, with: loader)
        if json {
            try Console.writeJSON(encoding: record)
        } else if let manifest = record.manifest {
            Console.line("\(manifest.identifier) (app \(manifest.app), \(manifest.toolchain), ABI \(manifest.abiVersion))")
            Console.line("  intents: \(manifest.intentsSupported.joined(separator: ", "))")
            if let form = record.definitionForm {
                Console.line("  definition: " + (form == .tables ? "tables, read in place" : "JSON text, parsed"))
            }
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

    /// Ends the process when loading `plugin` is not over after `seconds`:
    /// a plugin's init runs on the main thread and cannot be interrupted.
    /// The ends of a load that did not finish: what the plugin's
    /// descriptor claimed, when it was read before init.
    private static func endLoading(of plugin: String, after seconds: Double, json: Bool, claimed: ClaimedManifest) {
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: seconds)
            let identity = try? Posix.fileIdentity(plugin)
            var record = PluginRecord(path: (try? Posix.realPath(plugin)) ?? plugin, size: identity?.size ?? 0, modified: identity?.modified ?? 0)
            record.error = "error \(IntentsErrorCode.extensionLaunchingTimeout.rawValue): loading did not finish within \(String(format: "%g", seconds)) s (the extension launch budget). Its constructors or init take too long, or never return."
            record.failure = .timedOut
            if let manifest = claimed.get() {
                // The intents it claims: a request for one is told that
                // its extension hangs while launching, not that none exists.
                record.wouldServe = manifest.intentsSupported + manifest.intentsRestrictedWhileLocked
                record.wouldServeAs = ExtensionIdentity(identifier: manifest.identifier, app: manifest.app)
            }
            if json {
                try? Console.writeJSON(encoding: record)
            } else {
                Console.error(record.error!)
            }
            Posix.exitImmediately(ExitStatus.systemError.rawValue)
        }
    }
}

/// The manifest a plugin's descriptor claimed, read by the probe's timer
/// thread while the main thread may still be inside the plugin's init.
private final class ClaimedManifest: @unchecked Sendable {
    private let lock = NSLock()
    private var manifest: ExtensionManifest?

    func set(_ manifest: ExtensionManifest) {
        lock.withLock { self.manifest = manifest }
    }

    func get() -> ExtensionManifest? {
        lock.withLock { manifest }
    }
}
