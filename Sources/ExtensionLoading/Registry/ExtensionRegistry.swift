import ExthostABI
import IntentConversation
import Foundation

/// Which extension handles which intent, from the plugins' manifests.
///
/// As on iOS: an intent claimed by two extensions is an error (2001), an
/// intent restricted while locked must also be supported (2002), an intent
/// nobody claims has no handler (2004).
public struct ExtensionRegistry: Sendable {
    /// Every plugin found, loaded or not.
    public let records: [PluginRecord]

    public init(records: [PluginRecord]) {
        self.records = records
    }

    /// The plugins that loaded.
    public var extensions: [PluginRecord] { records.filter { $0.manifest != nil } }

    /// The plugin that handles `intent`.
    ///
    /// - Parameters:
    ///   - intent: The intent's name.
    ///   - extensionIdentifier: Only consider this extension, when given.
    ///   - app: Only consider extensions of this app, when given.
    /// - Throws: `IntentsError` 2001, 2002 or 2004.
    public func plugin(for intent: String, extensionIdentifier: String? = nil, app: String? = nil) throws(IntentsError) -> PluginRecord {
        let candidates = self.candidates(for: intent, extensionIdentifier: extensionIdentifier, app: app)
        guard !candidates.isEmpty else {
            let failures = records.filter { $0.manifest == nil }
            if let failed = failures.first(where: { $0.mayServe(intent, extensionIdentifier: extensionIdentifier, app: app) == true }) {
                if failed.failure == .timedOut {
                    // As a launch that hangs later is told (5000): the
                    // plugin's init never returned when it was registered.
                    let cause = Self.cause(of: failed)
                    throw IntentsError(
                        .extensionLaunchingTimeout,
                        "extension at \(failed.path) did not finish launching (loading the plugin and running its init) when it was registered; its process was killed. \(cause.prefix(1).uppercased() + cause.dropFirst()) Make init return quickly, then copy the plugin again."
                    )
                }
                // Its only extension failed to load: say why, not that none exists.
                throw IntentsError(
                    .extensionBringUpFailed,
                    "the extension for \(intent) (\(failed.path)) failed to load: \(Self.cause(of: failed))"
                        + ((failed.failure?.mayPass ?? false) ? " Once the cause is fixed, it is loaded again on the next request." : " Fix or rebuild the plugin, then copy it again.")
                )
            }
            var message = "no extension handles \(intent)"
            if let extensionIdentifier { message += " in extension \(extensionIdentifier)" }
            if let app { message += " for app \(app)" }
            let known = Set(extensions.flatMap { $0.manifest!.intentsSupported }).sorted()
            message += known.isEmpty
                ? ". No extension is installed: put plugin .so files in Plugins/ (or pass --plugins DIR)."
                : ". Installed extensions handle: \(known.joined(separator: ", "))."
            let broken = failures.filter { $0.mayServe(intent, extensionIdentifier: extensionIdentifier, app: app) == nil }
            if !broken.isEmpty {
                message += " \(broken.count) plugin(s) failed to load and may handle it: \(broken.map(\.path).joined(separator: ", ")) (see `exthost list`)."
            }
            throw IntentsError(.invalidIntentName, message)
        }
        if candidates.count > 1 {
            let names = candidates.map { "\($0.manifest!.identifier) (\($0.path))" }.joined(separator: ", ")
            throw IntentsError(
                .intentSupportedByMultipleExtensions,
                "\(intent) is claimed by \(candidates.count) extensions: \(names). Only one extension may support an intent: remove one plugin, or pick one with --extension."
            )
        }
        let record = candidates[0]
        let manifest = record.manifest!
        if manifest.intentsRestrictedWhileLocked.contains(intent) && !manifest.intentsSupported.contains(intent) {
            throw IntentsError(
                .restrictedIntentsNotSupportedByExtension,
                "extension \(manifest.identifier) lists \(intent) as restricted while locked but does not support it. Add it to the supported intents too."
            )
        }
        return record
    }

    /// The loaded extensions that claim `intent` (supported or restricted
    /// while locked), narrowed to one extension or one app when given.
    public func candidates(for intent: String, extensionIdentifier: String? = nil, app: String? = nil) -> [PluginRecord] {
        extensions.filter { record in
            guard let manifest = record.manifest else { return false }
            if let extensionIdentifier, manifest.identifier != extensionIdentifier { return false }
            if let app, manifest.app != app { return false }
            return manifest.intentsSupported.contains(intent) || manifest.intentsRestrictedWhileLocked.contains(intent)
        }
    }

    /// Why `record` did not load, without the loader's repeated path.
    private static func cause(of record: PluginRecord) -> String {
        let error = record.error ?? "unknown error"
        let prefix = "could not load extension \"\(record.path)\": "
        var cause = error.hasPrefix(prefix) ? String(error.dropFirst(prefix.count)) : error
        // The probe's "error 5001: …": the request's own error says it.
        if cause.hasPrefix("error "), let colon = cause.firstIndex(of: ":"), cause.distance(from: cause.startIndex, to: colon) <= 10 {
            cause = String(cause[cause.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        return cause
    }

    /// Problems that do not stop every request: intents claimed twice,
    /// restricted intents not supported.
    public var conflicts: [String] {
        var owners: [String: [String]] = [:]
        var problems: [String] = []
        for record in extensions {
            let manifest = record.manifest!
            for intent in manifest.intentsSupported { owners[intent, default: []].append(manifest.identifier) }
            for intent in manifest.intentsRestrictedWhileLocked where !manifest.intentsSupported.contains(intent) {
                problems.append("error 2002: \(manifest.identifier) restricts \(intent) while locked but does not support it")
            }
        }
        for (intent, claimants) in owners.sorted(by: { $0.key < $1.key }) where claimants.count > 1 {
            problems.append("error 2001: \(intent) is claimed by \(claimants.joined(separator: " and "))")
        }
        return problems
    }
}
