import AppHandoff
import AppManifests
import ExtensionLoading
import ExtensionProcesses
import ExthostService
import Logging
import Synchronization

/// Hot reload for `exthost serve`: what the service does when its plugin or
/// app folders change (``DirectoryWatcher`` tells it).
///
/// Plugins: this keeps the service's one registry, which every request and
/// `list` is answered from (``extensions``). The folders are scanned as
/// `exthost list` scans them when the service starts and on each change, so
/// a new or changed `.so` is probed in a fresh `exthost probe` process and
/// its record cached before the next request looks; a removed one leaves
/// the registry (its intents answer 2004) and its idle extension processes
/// are ended. A conversation in progress keeps the process it started on;
/// that process is ended when the conversation ends (``ExtensionProcessPool``).
///
/// Apps: the manifests are read again and the next request hands off to
/// the new set (``AppHandoff/reloadCatalog()``).
final class ServiceReload: Sendable {
    private let catalog: @Sendable () -> PluginCatalog
    private let processes: ExtensionProcessPool?
    private let logger: Logger
    /// The plugins as last scanned: what requests are answered from, and
    /// what a change is compared with.
    private let scanned: Mutex<ExtensionRegistry>
    /// Held while the folders are scanned, so that the watcher's scan and a
    /// request's (``extensions``) apply their changes one after the other.
    private let scanning = Mutex(())
    /// The app system every request uses; its catalog is read again on a change.
    let apps: AppHandoff

    init(catalog: @escaping @Sendable () -> PluginCatalog, processes: ExtensionProcessPool?, appDirectories: [String], logger: Logger) {
        self.catalog = catalog
        self.processes = processes
        self.logger = logger
        apps = AppHandoff(appDirectories: appDirectories)
        scanned = Mutex(catalog().scan().registry)
    }

    /// The plugins as last scanned.
    var registry: ExtensionRegistry {
        scanned.withLock { $0 }
    }

    /// Which extensions exist, for the service's requests: ``registry``,
    /// which the watcher keeps up to date, with one safety net: a request
    /// the registry has no extension for scans the folders again before it
    /// is refused (``RegistrySource/plugin(for:extensionIdentifier:app:)``).
    /// That covers a plugin copied in a moment before the request (the
    /// watcher waits for a quiet period), a change the watcher lost (its
    /// queue overflowed, or it stopped), and a failed load whose cause may
    /// have passed. It is cheap: only a refusal scans, and a scan probes
    /// only new or changed files; a request that is served never looks.
    var extensions: RegistrySource {
        RegistrySource(current: { self.registry }, rescan: { self.pluginsChanged() })
    }

    /// Scans the plugin folders again; logs and applies what changed.
    ///
    /// - Returns: The registry now.
    @discardableResult
    func pluginsChanged() -> ExtensionRegistry {
        scanning.withLock { _ in applyScan() }
    }

    private func applyScan() -> ExtensionRegistry {
        let registry = catalog().scan().registry
        let now = Self.byPath(registry)
        let before = scanned.withLock { old in
            defer { old = registry }
            return Self.byPath(old)
        }
        for (path, record) in now.sorted(by: { $0.key < $1.key }) {
            guard let old = before[path] else {
                logger.info("plugin added", metadata: Self.metadata(record))
                continue
            }
            if old.size != record.size || old.modified != record.modified || old.error != record.error {
                processes?.retire(path: path)
                logger.info("plugin changed; the next request uses it", metadata: Self.metadata(record))
            }
        }
        for (path, record) in before where now[path] == nil {
            let ended = processes?.retire(path: path) ?? 0
            var metadata = Self.metadata(record)
            metadata["endedProcesses"] = "\(ended)"
            logger.info("plugin removed; its intents are no longer served", metadata: metadata)
        }
        return registry
    }

    /// Reads the app manifests again; logs what changed.
    func appsChanged() {
        let (before, after) = apps.reloadCatalog()
        for (identifier, manifest) in after.apps.sorted(by: { $0.key < $1.key }) where before.apps[identifier] != manifest {
            logger.info(before.apps[identifier] == nil ? "app added" : "app changed", metadata: ["app": "\(identifier)"])
        }
        for identifier in before.apps.keys.sorted() where after.apps[identifier] == nil {
            logger.info("app removed", metadata: ["app": "\(identifier)"])
        }
        for problem in after.problems where !before.problems.contains(problem) {
            logger.info("app manifest not used", metadata: ["problem": "\(problem)"])
        }
        // A manifest names the extensions that may claim its app: a claim
        // admitted or refused before may not be now.
        pluginsChanged()
    }

    private static func byPath(_ registry: ExtensionRegistry) -> [String: PluginRecord] {
        Dictionary(registry.records.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private static func metadata(_ record: PluginRecord) -> Logger.Metadata {
        var metadata: Logger.Metadata = ["plugin": "\(record.path)"]
        if let manifest = record.manifest { metadata["extension"] = "\(manifest.identifier)" }
        if let error = record.error { metadata["error"] = "\(error)" }
        return metadata
    }
}
