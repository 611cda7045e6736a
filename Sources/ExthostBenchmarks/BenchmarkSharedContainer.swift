import IntentSystem
import IntentConversation
import ExtensionLoading
import AppHandoff
import SharedContainer

/// The shared container a plugin gets when `exthost run` loads it, so the
/// fresh processes of the benchmark load it the same way (with its app
/// group's container, or none).
public enum BenchmarkSharedContainer {
    /// The container of the app group of `app`, under `baseDirectory`; nil
    /// when no manifest in `appDirectories` declares a group for that app.
    ///
    /// - Parameters:
    ///   - app: The containing app's identifier (from the plugin's manifest).
    ///   - appDirectories: Where app manifests are looked for.
    ///   - baseDirectory: The folder of every group's container.
    public static func path(forApp app: String?, appDirectories: [String] = AppCatalog.defaultDirectories,
                            baseDirectory: String) -> String? {
        guard let app else { return nil }
        return SharedContainer.path(appGroup: AppCatalog(directories: appDirectories).app(identifier: app)?.appGroup, baseDirectory: baseDirectory)
    }
}
