import Foundation

/// What the system knows about an app before it runs: the `Info.plist` of an
/// app process, as JSON.
///
/// ```json
/// {
///   "identifier": "com.example.studyrecord",
///   "name": "StudyRecord",
///   "executable": "StudyRecord",
///   "NSUserActivityTypes": ["com.example.studyrecord.showGoal", "PostStudyRecordIntent"],
///   "INIntentsSupported": ["ShowDirectionsIntent"],
///   "appGroup": "group.com.example.studyrecord",
///   "intentDefinition": "StudyRecord.intentdefinition",
///   "extensions": ["com.example.studyrecord.intents"]
/// }
/// ```
///
/// `extensions` names the app's extensions by identifier, as an iOS app
/// contains its extensions in its bundle: an installed plugin that claims
/// this app and is not named here is refused (``claim(byExtension:)``).
///
/// A relative `executable` is found from the manifest's folder.
public struct AppManifest: Codable, Hashable, Sendable {
    /// The app's identifier (its bundle identifier on iOS).
    public var identifier: String
    /// The name its output is tagged with; defaults to the executable's name.
    public var name: String?
    /// The executable, absolute or relative to the manifest's folder.
    public var executable: String
    /// Arguments passed to the executable.
    public var arguments: [String]
    /// The user-activity types the app continues (`NSUserActivityTypes`).
    public var userActivityTypes: [String]
    /// The intents the app handles in-app (`INIntentsSupported`).
    public var intentsSupported: [String]
    /// The app group shared with the app's extensions.
    public var appGroup: String?
    /// The intent definition of the intents it handles in-app, relative to
    /// the manifest's folder: how the system learns their shape.
    public var intentDefinition: String?
    /// The identifiers of the app's extensions, when the manifest names
    /// them: only these may claim the app. Without the key, an extension
    /// whose identifier is the app's followed by a dot and more may
    /// (`com.example.studyrecord.intents`), as iOS requires of an
    /// extension's bundle identifier.
    public var extensions: [String]?
    /// The manifest file this was loaded from, if any (not part of the JSON).
    public var manifestPath: String?

    public init(
        identifier: String,
        name: String? = nil,
        executable: String,
        arguments: [String] = [],
        userActivityTypes: [String] = [],
        intentsSupported: [String] = [],
        appGroup: String? = nil,
        intentDefinition: String? = nil,
        extensions: [String]? = nil,
        manifestPath: String? = nil
    ) {
        self.identifier = identifier
        self.name = name
        self.executable = executable
        self.arguments = arguments
        self.userActivityTypes = userActivityTypes
        self.intentsSupported = intentsSupported
        self.appGroup = appGroup
        self.intentDefinition = intentDefinition
        self.extensions = extensions
        self.manifestPath = manifestPath
    }

    enum CodingKeys: String, CodingKey {
        case identifier, name, executable, arguments, appGroup, intentDefinition, extensions
        case userActivityTypes = "NSUserActivityTypes"
        case intentsSupported = "INIntentsSupported"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decode(String.self, forKey: .identifier)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        executable = try container.decode(String.self, forKey: .executable)
        arguments = try container.decodeIfPresent([String].self, forKey: .arguments) ?? []
        userActivityTypes = try container.decodeIfPresent([String].self, forKey: .userActivityTypes) ?? []
        intentsSupported = try container.decodeIfPresent([String].self, forKey: .intentsSupported) ?? []
        appGroup = try container.decodeIfPresent(String.self, forKey: .appGroup)
        intentDefinition = try container.decodeIfPresent(String.self, forKey: .intentDefinition)
        extensions = try container.decodeIfPresent([String].self, forKey: .extensions)
        manifestPath = nil
    }

    /// The executable's absolute path.
    public var executablePath: String { resolve(executable) }

    /// The intent definition's absolute path, when the manifest names one.
    public var intentDefinitionPath: String? { intentDefinition.map(resolve) }

    /// A path of the manifest made absolute: relative to the manifest's
    /// folder, which is itself taken from the working directory when the
    /// manifest was found through a relative path.
    private func resolve(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let cwd = FileManager.default.currentDirectoryPath
        var folder = manifestPath.map { ($0 as NSString).deletingLastPathComponent } ?? cwd
        if !folder.hasPrefix("/") { folder = cwd + "/" + folder }
        return URL(fileURLWithPath: folder + "/" + path).standardized.path
    }

    /// The intent's name as this app lists it in `INIntentsSupported`, which
    /// may be the definition's name (`ShowDirections`) or the class name
    /// (`ShowDirectionsIntent`); nil when the app does not list it.
    public func listedName(ofIntent name: String) -> String? {
        [name, name + "Intent"].first { intentsSupported.contains($0) }
    }

    /// Whether the extension `identifier` may claim this app as its own:
    /// named in ``extensions``, or, when the manifest names none, its
    /// identifier the app's followed by a dot and more.
    public func admits(extension identifier: String) -> Bool {
        if let extensions { return extensions.contains(identifier) }
        return identifier.hasPrefix(self.identifier + ".") && identifier.count > self.identifier.count + 1
    }

    /// Whether the app declares `activityType` in `NSUserActivityTypes`.
    public func declares(activityType: String) -> Bool {
        userActivityTypes.contains(activityType)
    }

    /// Loads and checks the manifest at `path`.
    ///
    /// - Throws: ``AppManifestError`` naming the file and the key at fault.
    public static func load(from path: String) throws(AppManifestError) -> AppManifest {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AppManifestError(file: path, key: nil, problem: "cannot be read")
        }
        var manifest: AppManifest
        do {
            manifest = try JSONDecoder().decode(AppManifest.self, from: data)
        } catch let error as DecodingError {
            throw AppManifestError(decoding: error, file: path)
        } catch {
            throw AppManifestError(file: path, key: nil, problem: "\(error)")
        }
        manifest.manifestPath = path
        try manifest.validate()
        return manifest
    }

    /// Checks what JSON decoding cannot: non-empty names, no duplicates.
    public func validate() throws(AppManifestError) {
        let file = manifestPath ?? "<manifest>"
        if identifier.isEmpty || identifier.contains("/") {
            throw AppManifestError(file: file, key: "identifier", problem: "must be a non-empty reverse-DNS name without '/'")
        }
        if executable.isEmpty {
            throw AppManifestError(file: file, key: "executable", problem: "must name the app's executable")
        }
        for (key, list) in [(CodingKeys.userActivityTypes, userActivityTypes), (.intentsSupported, intentsSupported), (.extensions, extensions ?? [])] {
            if let empty = list.firstIndex(of: "") {
                throw AppManifestError(file: file, key: "\(key.rawValue)[\(empty)]", problem: "is empty")
            }
            let duplicates = Dictionary(grouping: list, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            if let duplicate = duplicates.first {
                throw AppManifestError(file: file, key: key.rawValue, problem: "lists \"\(duplicate)\" twice")
            }
        }
        if let appGroup, appGroup.isEmpty || appGroup.contains("/") {
            throw AppManifestError(file: file, key: "appGroup", problem: "must be a non-empty name without '/'")
        }
    }
}
