import ExthostABI
import IntentConversation
import ExthostPosix
import Foundation
import Logging

/// Builds the registry from the plugins on disk, probing only the plugins
/// that are new or changed since the cache was written.
public struct PluginCatalog {
    /// Learns what one plugin file is by loading it somewhere.
    public typealias Prober = (_ path: String) -> PluginRecord

    public var directories: PluginDirectories
    public var cache: RegistryCache?
    public var probe: Prober
    /// Checks each loaded plugin's claim to its app against the installed
    /// apps, on every scan (never cached: manifests change); nil checks nothing.
    public var appClaims: AppClaimCheck?
    public var logger: Logger

    public init(directories: PluginDirectories, cache: RegistryCache?, probe: @escaping Prober,
                appClaims: AppClaimCheck? = nil, logger: Logger = Logger(label: "exthost.registry")) {
        self.directories = directories
        self.cache = cache
        self.probe = probe
        self.appClaims = appClaims
        self.logger = logger
    }

    /// Every plugin with its record, and how many were probed anew.
    public func scan() -> (registry: ExtensionRegistry, probed: Int) {
        let cached = cache?.read() ?? [:]
        var records: [PluginRecord] = []
        var refusals: [PluginRecord] = []
        // The records of refused plugins, kept so that what they served is
        // still known on the next scan.
        var kept: [PluginRecord] = []
        var probed = 0
        for path in directories.pluginPaths() {
            let resolved = (try? Posix.realPath(path)) ?? path
            guard let identity = try? Posix.fileIdentity(resolved) else { continue }
            // Checked on every scan and never cached: permissions change
            // without changing the file's size or modification time.
            if let problem = PluginFilePolicy.problem(path: resolved, identity: identity) {
                var refused = PluginRecord(path: resolved, size: identity.size, modified: identity.modified)
                refused.error = ExtensionLoadError(path: resolved, reason: .unsafePermissions(problem)).description
                refused.failure = .permission
                if let earlier = cached[resolved] {
                    refused.remember(wouldServe: earlier.intentsClaimed, as: earlier.identityClaimed)
                    kept.append(earlier)
                }
                refusals.append(refused)
                continue
            }
            if let record = cached[resolved], record.matches(size: identity.size, modified: identity.modified) {
                records.append(record)
                continue
            }
            var record = probe(resolved)
            record.path = resolved
            record.size = identity.size
            record.modified = identity.modified
            if (record.wouldServe ?? []).isEmpty, let previous = cached[resolved] {
                // What it served when it last loaded: a request for one of
                // those intents is told why it no longer can.
                record.remember(wouldServe: previous.intentsClaimed, as: previous.identityClaimed)
            }
            records.append(record)
            probed += 1
        }
        if probed > 0 || records.count + kept.count != cached.count {
            cache?.write(records + kept)
        }
        if let appClaims {
            records = records.map { $0.checkingAppClaim(appClaims, logger: logger) }.refusingDisputedClaims(logger: logger)
        }
        return (ExtensionRegistry(records: records + refusals), probed)
    }

    /// Probes by loading the plugin into this process (a plugin that crashes
    /// while loading takes the process with it: prefer `subprocessProber`).
    public static func inProcessProber(_ loader: ExtensionLoader) -> Prober {
        { path in record(loading: path, with: loader) }
    }

    /// Loads a plugin and describes it: what `exthost probe` prints.
    public static func record(loading path: String, with loader: ExtensionLoader) -> PluginRecord {
        let identity = try? Posix.fileIdentity(path)
        var record = PluginRecord(path: path, size: identity?.size ?? 0, modified: identity?.modified ?? 0)
        record.linkedLibraries = (try? ELFDynamicSection.neededLibraries(ofFileAt: path)) ?? []
        do {
            let loaded = try loader.load(path: path)
            record.manifest = loaded.manifest
            record.definitionForm = loaded.readsDefinitionTables ? .tables : .text
            record.definedIntents = loaded.definition.intents.map(\.name)
            for name in loaded.manifest.intentsSupported + loaded.manifest.intentsRestrictedWhileLocked {
                guard let intent = loaded.definition.intent(named: name) else { continue }
                record.intentTitles[name] = ShortcutTitle.of(intent, values: [:], in: loaded.definition)
                if intent.deprecated { record.deprecatedIntents.append(name) }
            }
            for language in (loaded.definition.localizations ?? [:]).keys {
                let localized = loaded.definition.localized(for: language)
                // Every language of the definition is a key, so a request
                // that prefers it is served its (here base) titles rather
                // than those of a language it wants less.
                record.localizedIntentTitles[language] = record.localizedIntentTitles[language] ?? [:]
                for (name, base) in record.intentTitles {
                    guard let intent = localized.intent(named: name),
                          let title = ShortcutTitle.of(intent, values: [:], in: localized), title != base else { continue }
                    record.localizedIntentTitles[language, default: [:]][name] = title
                }
            }
            record.timings = loaded.timings
            if let first = loaded.manifest.intentsSupported.first {
                // The first handler(for:) is part of being ready to answer.
                record.timings = measureFirstHandler(loaded, intent: first)
            }
        } catch {
            record.error = error.description
            record.failure = PluginFailure(error)
            if let manifest = error.manifest {
                record.remember(wouldServe: manifest.intentsSupported + manifest.intentsRestrictedWhileLocked, as: ExtensionIdentity(manifest))
            }
        }
        return record
    }

    private static func measureFirstHandler(_ loaded: LoadedExtension, intent name: String) -> LoadTimings {
        guard let intent = loaded.definition.intent(named: name) else { return loaded.timings }
        _ = try? IntentHandlerSession(extension: loaded, intent: intent, identifier: "probe")
        return loaded.timings
    }

    /// Probes each plugin in a fresh process running `executable probe
    /// --json --deadline SECONDS PATH`: a plugin that crashes or hangs while
    /// loading is reported, and the timings are those of a cold load.
    ///
    /// - Parameters:
    ///   - executable: The `exthost` executable.
    ///   - deadline: Seconds a load may take (the extension launch budget).
    ///     The probe ends itself then; it is killed a second later.
    public static func subprocessProber(executable: String, deadline: Double = 10) -> Prober {
        { path in
            let identity = try? Posix.fileIdentity(path)
            var record = PluginRecord(path: path, size: identity?.size ?? 0, modified: identity?.modified ?? 0)
            let outcome: ChildProcess.Outcome
            do {
                outcome = try ChildProcess.run(executable, arguments: ["probe", "--json", "--deadline", String(deadline), path],
                                               deadline: deadline + 1)
            } catch {
                record.error = "error \(IntentsErrorCode.extensionBringUpFailed.rawValue): cannot start the probe process: \(error). Tried again on the next request."
                record.failure = PluginFailure.fromMessage("\(error)") == .resourceShortage ? .resourceShortage : .probeNotStarted
                return record
            }
            let standardOutput = Data(outcome.standardOutput)
            let standardError = String(decoding: outcome.standardError, as: UTF8.self)
            if !outcome.timedOut, let decoded = try? JSONDecoder().decode(PluginRecord.self, from: standardOutput) {
                return decoded
            }
            switch outcome.termination {
            case _ where outcome.timedOut:
                record.error = "error \(IntentsErrorCode.extensionLaunchingTimeout.rawValue): loading did not finish within \(String(format: "%g", deadline)) s (the extension launch budget)."
                record.failure = .timedOut
            case .exited(let status):
                let said = standardError.trimmingCharacters(in: .whitespacesAndNewlines)
                let printed = String(decoding: standardOutput.prefix(200), as: UTF8.self)
                record.error = "error \(IntentsErrorCode.extensionBringUpFailed.rawValue): the probe process (exit status \(status)) printed no record"
                    + (printed.isEmpty ? "" : " but: \(printed)") + (said.isEmpty ? "." : "; it said: \(said)")
                record.failure = PluginFailure.fromMessage(said) ?? .other
            case .signaled(let signal):
                record.error = "error \(IntentsErrorCode.extensionBringUpFailed.rawValue): the process crashed while loading the plugin (signal \(signal)\(signal == 11 ? ", segmentation fault" : "")). Its constructors or init are faulty."
                record.failure = .crashed
            case .unknown:
                record.error = "error \(IntentsErrorCode.extensionBringUpFailed.rawValue): the probe process ended and its status is unknown."
                record.failure = .other
            }
            record.linkedLibraries = (try? ELFDynamicSection.neededLibraries(ofFileAt: path)) ?? []
            return record
        }
    }
}
