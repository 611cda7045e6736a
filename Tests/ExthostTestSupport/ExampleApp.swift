import Foundation

/// An example app as tests install it: the manifest the example ships in
/// `Examples/` and the executable the build made from it.
public struct ExampleApp: Sendable {
    /// The manifest, relative to the package root.
    public var manifest: String
    /// The executable product.
    public var executable: String

    public init(manifest: String, executable: String) {
        self.manifest = manifest
        self.executable = executable
    }

    /// The Study record app (`Examples/StudyRecord/App`).
    public static let studyRecord = ExampleApp(manifest: "Examples/StudyRecord/App/StudyRecord.app.json", executable: "StudyRecord")
    /// The recipe assistant (`Examples/Recipes`).
    public static let recipes = ExampleApp(manifest: "Examples/Recipes/Recipes.app.json", executable: "RecipesApp")
    /// The account sync app (`Examples/AccountSync`).
    public static let accountSync = ExampleApp(manifest: "Examples/AccountSync/AccountSync.app.json", executable: "AccountSyncApp")
    /// The messaging app (`Examples/Messaging`).
    public static let messaging = ExampleApp(manifest: "Examples/Messaging/Messaging.app.json", executable: "MessagingApp")
    /// The calling app (`Examples/Calling`).
    public static let calling = ExampleApp(manifest: "Examples/Calling/Calling.app.json", executable: "CallingApp")
    /// The media app (`Examples/Media`).
    public static let media = ExampleApp(manifest: "Examples/Media/Media.app.json", executable: "MediaApp")
    /// The presence app (`Examples/Presence`).
    public static let presence = ExampleApp(manifest: "Examples/Presence/Presence.app.json", executable: "PresenceApp")
    /// The workout app (`Examples/Workouts`).
    public static let workouts = ExampleApp(manifest: "Examples/Workouts/Workouts.app.json", executable: "WorkoutsApp")

    /// The manifest as the example ships it.
    public var source: URL { TestPaths.packageRoot.appendingPathComponent(manifest) }

    /// Copies the example's manifest into an app folder, with its executable
    /// (the built product) and its intent definition made absolute.
    ///
    /// - Parameter folder: The app folder (`$EXTHOST_APP_PATH`, `--apps`).
    /// - Returns: The installed manifest.
    /// - Throws: When the manifest cannot be read or written.
    @discardableResult
    public func install(into folder: URL) throws -> URL {
        guard var object = try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: source.path])
        }
        object["executable"] = BuiltProducts.executable(executable).path
        if let definition = object["intentDefinition"] as? String {
            object["intentDefinition"] = source.deletingLastPathComponent().appendingPathComponent(definition).standardized.path
        }
        let installed = folder.appendingPathComponent(source.lastPathComponent)
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: installed)
        return installed
    }
}
