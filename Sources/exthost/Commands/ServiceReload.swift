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
/// Plugins: the folders are scanned as `exthost list` scans them, so a new
/// or changed `.so` is probed in a fresh `exthost probe` process and its
/// record cached before the next request looks; a removed one leaves the
/// registry (its intents answer 2004) and its idle extension processes are
/// ended. A conversation in progress keeps the process it started on; that
/// process is ended when the conversation ends (``ExtensionProcessPool``).
///
/// Apps: the manifests are read again and the next request hands off to
/// the new set (``AppHandoff/reloadCatalog()``).
final class ServiceReload: Sendable {
    private let catalog: @Sendable () -> PluginCatalog
    private let processes: ExtensionProcessPool?
    private let logger: Logger
    /// The plugins as last scanned, by path: what a change is compared with.
    private let plugins = Mutex<[String: PluginRecord]>([:])
    /// The app system every request uses; its catalog is read again on a change.
    let apps: AppHandoff

    init(catalog: @escaping @Sendable () -> PluginCatalog, processes: ExtensionProcessPool?, appDirectories: [String], logger: Logger) {
        self.catalog = catalog
        self.processes = processes
        self.logger = logger
        apps = AppHandoff(appDirectories: appDirectories)
        plugins.withLock { $0 = Self.byPath(catalog().scan().registry) }
    }

    /// Scans the plugin folders again; logs and applies what changed.
    func pluginsChanged() {
        let now = Self.byPath(catalog().scan().registry)
        let before = plugins.withLock { old in
            defer { old = now }
            return old
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
