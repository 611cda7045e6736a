import Foundation

/// The apps the system knows, from the manifests in its app folders.
///
/// Where manifests are: the folders given (`--apps DIR`), else
/// `$EXTHOST_APP_PATH` (colon-separated), else `Apps/` in the working
/// directory (``defaultDirectories``). In each folder, a manifest is
///
/// - a `*.json` file in the folder itself (`Apps/studyrecord.json`, as
///   `scripts/demo` installs one, or `Examples/Recipes/Recipes.app.json`
///   found with `--apps Examples/Recipes`), or
/// - the file `app.json` in one of its subfolders, beside the executable
///   (`Apps/StudyRecord/app.json`), as `Info.plist` sits in an iOS app's
///   bundle.
///
/// Nothing deeper is read, and no other file in a subfolder: a subfolder is
/// an app's own folder, and its other JSON files (data, requests, an intent
/// definition in JSON) are not manifests. A `*.json` file in the folder
/// itself that is not a manifest (an intent definition kept beside the
/// manifests, say) is reported in ``problems``. Folders and files are read
/// in the order given, names sorted; when two manifests claim one
/// identifier the first is kept and the second reported.
///
/// The host (`AppHandoff`) launches apps from a catalog; the donation store
/// checks an app's activity donations against its ``AppManifest/userActivityTypes``
/// in one. Both read folders through this type, so both find the same apps.
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
        for path in Self.manifestFiles(in: directories) {
            do {
                add(try AppManifest.load(from: path))
            } catch {
                problems.append(error)
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

    /// The folders to search: `given` (`--apps DIR`), else ``defaultDirectories``.
    public static func directories(given: [String]) -> [String] {
        given.isEmpty ? defaultDirectories : given
    }

    /// The manifest files in `directories`, by the rule above: each folder's
    /// `*.json` files and its subfolders' `app.json`, names sorted.
    public static func manifestFiles(in directories: [String]) -> [String] {
        let files = FileManager.default
        var found: [String] = []
        for directory in directories {
            guard let names = try? files.contentsOfDirectory(atPath: directory) else { continue }
            for name in names.sorted() {
                let path = (directory as NSString).appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard files.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    let manifest = (path as NSString).appendingPathComponent("app.json")
                    if files.fileExists(atPath: manifest) { found.append(manifest) }
                } else if name.hasSuffix(".json") {
                    found.append(path)
                }
            }
        }
        return found
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

    /// The `NSUserActivityTypes` of the app with this identifier, or `nil`
    /// when no manifest here has it: what an activity donation is checked against.
    public func declaredActivityTypes(app identifier: String) -> [String]? {
        apps[identifier]?.userActivityTypes
    }

    /// The apps that declare `activityType` in `NSUserActivityTypes`, by identifier.
    public func apps(declaring activityType: String) -> [AppManifest] {
        apps.values.filter { $0.declares(activityType: activityType) }.sorted { $0.identifier < $1.identifier }
    }

    /// The apps that list `intentName` in `INIntentsSupported`, by identifier.
    public func apps(handlingInApp intentName: String) -> [AppManifest] {
        apps.values.filter { $0.intentsSupported.contains(intentName) }.sorted { $0.identifier < $1.identifier }
    }
}
