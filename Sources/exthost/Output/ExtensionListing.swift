import ExtensionLoading
import ExthostService
import Foundation
import IntentDefinition
import RequestWire

/// What `exthost list` shows: the plugins found, what each handles, its
/// load time, and (through the service) which are disabled after repeated
/// crashes. One rendering for the command and for the service's `list`.
struct ExtensionListing {
    /// A disabled extension: until when, and the crash that disabled it.
    typealias Disabled = (until: Date, lastCrash: String)

    /// The plugins found.
    var registry: ExtensionRegistry
    /// The folders looked in.
    var directories: [String]
    /// Disabled extensions by plugin path (the service's; none in-process).
    var disabled: [String: Disabled] = [:]
    /// Load time, in milliseconds, from which linked libraries are shown.
    var notableMilliseconds: Double = 100

    /// The `--json` object and the lines for people, as the service sends
    /// them in its `extensions` message (exit status 0).
    func render() -> RenderedConversation {
        let encoded = (try? JSONSerialization.jsonObject(with: JSONEncoder().encode(registry.records))) as? [[String: Any]] ?? []
        let records = encoded.map { record -> [String: Any] in
            var record = record
            if let supported = (record["manifest"] as? [String: Any])?["intentsSupported"] as? [String] {
                record["systemIntents"] = supported.filter { SystemIntents.intent(named: $0) != nil }
            }
            guard let path = record["path"] as? String, let state = disabled[path] else { return record }
            record["disabled"] = ["until": state.until.formatted(.iso8601), "lastCrash": state.lastCrash]
            return record
        }
        let json: [String: Any] = ["directories": directories, "extensions": records, "conflicts": registry.conflicts]
        var lines: [String] = []
        if registry.records.isEmpty {
            lines.append("No plugins found\(directories.isEmpty ? " (no Plugins/ directory here or beside exthost)" : " in " + directories.joined(separator: ", ")).")
            lines.append("Build an extension as a shared library and copy its .so into Plugins/.")
            return RenderedConversation(report: json, lines: lines, exitStatus: ExitStatus.success.rawValue)
        }
        for record in registry.records {
            let file = (record.path as NSString).lastPathComponent
            guard let manifest = record.manifest else {
                lines.append("✗ \(file)")
                lines.append("    \(record.error ?? "did not load")")
                continue
            }
            lines.append("✓ \(manifest.identifier)  (\(file))")
            if let state = disabled[record.path] {
                lines.append("    disabled: until \(state.until.formatted(.iso8601)), after repeated crashes (the last: \(state.lastCrash)); a new .so enables it at once")
            }
            switch record.appClaim {
            case .verified: lines.append("    app:      \(manifest.app) (its installed manifest names this extension)")
            case .unverified: lines.append("    app:      \(manifest.app) (unverified: no manifest of this app is installed)")
            case nil: lines.append("    app:      \(manifest.app)")
            }
            let system = manifest.intentsSupported.filter { SystemIntents.intent(named: $0) != nil }
            let own = manifest.intentsSupported.filter { !system.contains($0) }
            if !own.isEmpty || system.isEmpty { lines.append("    intents:  \(own.joined(separator: ", "))") }
            if !system.isEmpty { lines.append("    system:   \(system.joined(separator: ", ")) (intents exthost defines, as SiriKit's domains)") }
            if !manifest.intentsRestrictedWhileLocked.isEmpty {
                lines.append("    restricted while locked: \(manifest.intentsRestrictedWhileLocked.joined(separator: ", "))")
            }
            lines.append("    ABI:      version \(manifest.abiVersion), \(manifest.toolchain): ok")
            if let timings = record.timings {
                let total = Double(timings.total) / 1e6
                lines.append(String(format: "    load:     %.3f ms cold (%.4f%% of the 10 s budget)", total, total / 100))
                if total >= notableMilliseconds && !record.linkedLibraries.isEmpty {
                    lines.append("    links:    \(record.linkedLibraries.joined(separator: ", ")) — each library adds load time; link only what the extension needs")
                    lines.append("    measure:  exthost bench \(record.path)  (load time by phase, and per library and initializer)")
                }
            }
        }
        for conflict in registry.conflicts { lines.append("! \(conflict)") }
        return RenderedConversation(report: json, lines: lines, exitStatus: ExitStatus.success.rawValue)
    }
}
