import Foundation

// What iOS's Foundation offers extensions and Linux's lacks, so code that
// calls it ports as it is. A Linux addition.

extension FileManager {
    /// The shared container of an app group
    /// (`containerURL(forSecurityApplicationGroupIdentifier:)`): the folder
    /// the system gives an extension and its app for the group their app's
    /// manifest declares (`appGroup`), as ``ExtensionHost/sharedContainerPath``.
    ///
    /// - Parameter groupIdentifier: The group, e.g. `group.com.example.media`.
    /// - Returns: The container, or nil for any other group (iOS answers nil
    ///   for a group the app is not entitled to), and when the app declares
    ///   none or the process was not started by exthost.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        guard let path = ExtensionHost.sharedContainerPath else { return nil }
        let container = URL(fileURLWithPath: path, isDirectory: true)
        return container.lastPathComponent == groupIdentifier ? container : nil
    }
}

extension URL {
    /// Starts access to a security-scoped URL (a file the person picked).
    /// Linux has no app sandbox: access is always granted.
    ///
    /// - Returns: true.
    public func startAccessingSecurityScopedResource() -> Bool { true }

    /// Ends access begun with ``startAccessingSecurityScopedResource()``: nothing to end.
    public func stopAccessingSecurityScopedResource() {}
}
