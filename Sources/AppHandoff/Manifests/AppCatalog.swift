import Foundation

/// The apps the system knows, from the manifests in its app folders.
///
/// A folder holds manifests as `*.json` files, or as `app.json` inside a
/// subfolder next to the executable (`Apps/StudyRecord/app.json`). A manifest
/// that does not load is kept in ``problems`` and the others still work.
public struct AppCatalog: Sendable {
    /// The apps, by identifier.
    public private(set) var apps: [String: AppManifest] = [:]
    /// Manifests that could not be loaded, and identifiers claimed twice.
    public private(set) var problems: [AppManifestError] = []

    /// A catalog of exactly these manifests.
    public init(manifests: [AppManifest]) {
        for manifest in manifests { add(manifest) }
    }

    /// Loads every manifest in `directories`; a folder that does not exist holds no apps.
    public init(directories: [String]) {
        let files = FileManager.default
        for directory in directories {
            guard let names = try? files.contentsOfDirectory(atPath: directory) else { continue }
            for name in names.sorted() {
                let path = (directory as NSString).appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard files.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                let manifestPath: String
                if isDirectory.boolValue {
                    manifestPath = (path as NSString).appendingPathComponent("app.json")
                    guard files.fileExists(atPath: manifestPath) else { continue }
                } else if name.hasSuffix(".json") {
                    manifestPath = path
                } else {
                    continue
                }
                do {
                    add(try AppManifest.load(from: manifestPath))
                } catch {
                    problems.append(error)
                }
            }
        }
    }

    /// The folders searched when none is given: `$EXTHOST_APP_PATH`
    /// (colon-separated), else `Apps/` in the working directory.
    public static var defaultDirectories: [String] {
        if let path = ProcessInfo.processInfo.environment["EXTHOST_APP_PATH"], !path.isEmpty {
            return path.split(separator: ":").map(String.init)
        }
        return [FileManager.default.currentDirectoryPath + "/Apps"]
    }

    private mutating func add(_ manifest: AppManifest) {
        if let existing = apps[manifest.identifier] {
            problems.append(AppManifestError(
                file: manifest.manifestPath ?? "<manifest>",
                key: "identifier",
                problem: "\"\(manifest.identifier)\" is already the identifier of \(existing.manifestPath ?? "another app"); this manifest is ignored"
            ))
            return
        }
        apps[manifest.identifier] = manifest
    }

    /// The app with this identifier.
    public func app(identifier: String) -> AppManifest? { apps[identifier] }

    /// The apps that declare `activityType` in `NSUserActivityTypes`, by identifier.
    public func apps(declaring activityType: String) -> [AppManifest] {
        apps.values.filter { $0.declares(activityType: activityType) }.sorted { $0.identifier < $1.identifier }
    }

    /// The apps that list `intentName` in `INIntentsSupported`, by identifier.
    public func apps(handlingInApp intentName: String) -> [AppManifest] {
        apps.values.filter { $0.intentsSupported.contains(intentName) }.sorted { $0.identifier < $1.identifier }
    }
}
