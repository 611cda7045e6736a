import ExthostABI

/// Where a request learns which extensions exist: a scan of the plugin
/// folders for each request (the command line, whose process serves one
/// request), or the registry a long-running process keeps up to date as
/// the folders change (the service's hot reload).
public struct RegistrySource {
    /// The registry to answer a request from.
    public var current: () -> ExtensionRegistry
    /// Looks at the plugin folders again and returns the registry then; nil
    /// when ``current`` has just looked.
    public var rescan: (() -> ExtensionRegistry)?

    /// A source.
    ///
    /// - Parameters:
    ///   - current: The registry to answer a request from.
    ///   - rescan: Looks at the plugin folders again, for a request that
    ///     ``current`` has no extension for; nil when `current` scans anyway.
    public init(current: @escaping () -> ExtensionRegistry, rescan: (() -> ExtensionRegistry)? = nil) {
        self.current = current
        self.rescan = rescan
    }

    /// Scans `catalog` for each request.
    public static func scanning(_ catalog: PluginCatalog) -> RegistrySource {
        RegistrySource(current: { catalog.scan().registry })
    }

    /// The plugin that handles `intent`
    /// (``ExtensionRegistry/plugin(for:extensionIdentifier:app:)``).
    ///
    /// When the registry has none (or a conflict, or only a plugin that
    /// failed), and it is kept rather than scanned for this request, the
    /// folders are scanned once more before the error stands: a plugin
    /// dropped in a moment ago, whose change is not yet told, is served, and
    /// a plugin whose load failed for a cause that may pass is tried again.
    /// A request that is served never scans.
    ///
    /// - Throws: `IntentsError` 2001, 2002 or 2004, as the registry does.
    public func plugin(for intent: String, extensionIdentifier: String? = nil, app: String? = nil) throws(IntentsError) -> PluginRecord {
        do {
            return try current().plugin(for: intent, extensionIdentifier: extensionIdentifier, app: app)
        } catch {
            guard let rescan else { throw error }
            return try rescan().plugin(for: intent, extensionIdentifier: extensionIdentifier, app: app)
        }
    }
}
