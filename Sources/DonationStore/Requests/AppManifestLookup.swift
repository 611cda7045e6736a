import Foundation

/// Finds an app's `NSUserActivityTypes` in the app manifests (the JSON
/// `Info.plist` of app processes, see `AppHandoff.AppManifest`) without
/// linking the host's app-launching code: what apps need to check their own
/// donations.
///
/// Searched: the given folders, else `$EXTHOST_APP_PATH` (colon-separated),
/// else `Apps/` in the working directory; each `*.json` there and in its
/// immediate subfolders.
public struct AppManifestLookup: Sendable {
    /// The folders searched.
    public var directories: [String]

    /// A lookup over folders.
    public init(directories: [String] = []) {
        if !directories.isEmpty {
            self.directories = directories
        } else if let path = ProcessInfo.processInfo.environment["EXTHOST_APP_PATH"], !path.isEmpty {
            self.directories = path.split(separator: ":").map(String.init)
        } else {
            self.directories = [FileManager.default.currentDirectoryPath + "/Apps"]
        }
    }

    /// The `NSUserActivityTypes` of an app, or `nil` when no manifest declares it.
    public func declaredActivityTypes(app: String) -> [String]? {
        for file in manifestFiles() {
            guard let data = FileManager.default.contents(atPath: file),
                  let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
                  object["identifier"] as? String == app else { continue }
            return (object["NSUserActivityTypes"] as? [String]) ?? []
        }
        return nil
    }

    private func manifestFiles() -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for directory in directories {
            guard let entries = try? manager.contentsOfDirectory(atPath: directory) else { continue }
            for entry in entries.sorted() {
                let path = directory + "/" + entry
                var isDirectory: ObjCBool = false
                guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    let inner = ((try? manager.contentsOfDirectory(atPath: path)) ?? []).sorted().filter { $0.hasSuffix(".json") }
                    files += inner.map { path + "/" + $0 }
                } else if entry.hasSuffix(".json") {
                    files.append(path)
                }
            }
        }
        return files
    }
}
