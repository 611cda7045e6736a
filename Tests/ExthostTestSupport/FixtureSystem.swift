import AppHandoff
import Foundation

/// The lifecycle probe app (`Tests/Fixtures/LifecycleProbeApp`) installed in
/// a folder of its own (apps, runtime directory, shared containers), with the
/// system's side of apps wired to it. The one way tests install that app.
public struct FixtureSystem {
    public static let appIdentifier = "com.example.fixture"
    public static let appGroup = "group.com.example.fixture"
    public static let activityTypes = [
        "com.example.fixture.showGoal",
        "com.example.fixture.showDirections",
        "com.example.fixture.crash",
        "com.example.fixture.hang",
        "PostStudyRecordIntent",
    ]

    /// The definition of the intent the app handles in-app (`ShowDirections`),
    /// installed beside its manifest as `Directions.json`.
    public static let directionsDefinition = """
        {"intents": [{"name": "ShowDirections", "title": "Show Directions",
          "parameters": [{"name": "recipe", "displayName": "Recipe", "type": "String", "supportsResolution": true,
                          "prompts": [{"kind": "Primary", "formatString": "Which recipe?"}]}],
          "response": {"parameters": [{"name": "step", "type": "Integer"}],
                       "codes": [{"name": "success", "formatString": "Step ${step}.", "success": true},
                                 {"name": "failure"}]}}]}
        """

    public let root: URL
    public let appsDirectory: String
    public let handoff: AppHandoff

    public var runtimeDirectory: RuntimeDirectory { handoff.configuration.runtimeDirectory }
    public var sharedContainers: String { root.appendingPathComponent("containers").path }

    /// A system with the probe app installed (plus `extraManifests`, as JSON text by file name).
    public init(
        arguments: [String] = [],
        executable: String = BuiltProducts.executable("LifecycleProbeApp").path,
        deadline: Duration = .seconds(10),
        terminatesUnresponsiveApps: Bool = true,
        extraManifests: [String: String] = [:]
    ) throws {
        // Short, so socket paths stay under the 108-byte limit.
        root = URL(fileURLWithPath: "/tmp/ehapp-\(UUID().uuidString.prefix(8))")
        appsDirectory = root.appendingPathComponent("Apps").path
        try FileManager.default.createDirectory(atPath: appsDirectory, withIntermediateDirectories: true)
        try Self.installApp(into: URL(fileURLWithPath: appsDirectory), executable: executable, arguments: arguments)
        for (name, text) in extraManifests {
            try Data(text.utf8).write(to: URL(fileURLWithPath: appsDirectory + "/" + name))
        }
        handoff = AppHandoff(
            appDirectories: [appsDirectory],
            configuration: .init(
                runtimeDirectory: RuntimeDirectory(path: root.appendingPathComponent("run").path),
                sharedContainersPath: root.appendingPathComponent("containers").path,
                deadline: deadline,
                terminatesUnresponsiveApps: terminatesUnresponsiveApps
            )
        )
    }

    /// Writes the probe app's manifest (`fixture.json`) and the definition of
    /// its in-app intent (`Directions.json`) into an app folder.
    ///
    /// - Parameters:
    ///   - folder: The app folder (`$EXTHOST_APP_PATH`, `--apps`).
    ///   - executable: The app's executable.
    ///   - arguments: Its launch arguments (`--name`, `--exit-at-launch`).
    ///   - declaresIntents: Whether the manifest lists `ShowDirectionsIntent` in `INIntentsSupported`.
    /// - Throws: When a file cannot be written.
    public static func installApp(
        into folder: URL,
        executable: String = BuiltProducts.executable("LifecycleProbeApp").path,
        arguments: [String] = [],
        declaresIntents: Bool = true
    ) throws {
        try directionsDefinition.write(to: folder.appendingPathComponent("Directions.json"), atomically: true, encoding: .utf8)
        let manifest: [String: Any] = [
            "identifier": appIdentifier,
            "name": "Fixture",
            "executable": executable,
            "arguments": arguments,
            "NSUserActivityTypes": activityTypes,
            "INIntentsSupported": declaresIntents ? ["ShowDirectionsIntent"] : [],
            "appGroup": appGroup,
            "intentDefinition": "Directions.json",
        ]
        try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted, .sortedKeys])
            .write(to: folder.appendingPathComponent("fixture.json"))
    }

    /// Ends the apps this system (or an `exthost` it ran) launched and removes its folder.
    public func tearDown() {
        handoff.terminateLaunchedApps()
        for identifier in handoff.catalog.apps.keys { handoff.terminate(appIdentifier: identifier) }
        try? FileManager.default.removeItem(at: root)
    }

    /// What the probe app printed so far.
    public func appOutput() -> String {
        (try? String(contentsOfFile: runtimeDirectory.logPath(for: Self.appIdentifier), encoding: .utf8)) ?? ""
    }

    /// The activity whose goal screen the probe app shows ("3/5 hours this week").
    public static let goalActivity = UserActivityPayload(
        activityType: "com.example.fixture.showGoal",
        title: "Weekly goal",
        userInfo: ["done": 3, "goal": 5]
    )
}
