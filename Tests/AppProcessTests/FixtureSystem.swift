import AppHandoff
import ExthostTestSupport
import Foundation

/// A system with the lifecycle probe app (`Tests/Fixtures/LifecycleProbeApp`)
/// installed, in a folder of its own (apps, runtime directory, shared containers).
struct FixtureSystem {
    static let appIdentifier = "com.example.fixture"
    static let appGroup = "group.com.example.fixture"
    static let activityTypes = [
        "com.example.fixture.showGoal",
        "com.example.fixture.showDirections",
        "com.example.fixture.crash",
        "com.example.fixture.hang",
        "PostStudyRecordIntent",
    ]

    let root: URL
    let appsDirectory: String
    let handoff: AppHandoff

    var runtimeDirectory: RuntimeDirectory { handoff.configuration.runtimeDirectory }
    var sharedContainers: String { root.appendingPathComponent("containers").path }

    /// A system with the fixture app installed (plus `extraManifests`, as JSON text by file name).
    init(
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
        let manifest = AppManifest(
            identifier: Self.appIdentifier,
            name: "Fixture",
            executable: executable,
            arguments: arguments,
            userActivityTypes: Self.activityTypes,
            intentsSupported: ["ShowDirectionsIntent"],
            appGroup: Self.appGroup
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = .prettyPrinted
        try encoder.encode(manifest).write(to: URL(fileURLWithPath: appsDirectory + "/fixture.json"))
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

    /// Ends the apps this system (or an `exthost` it ran) launched and removes its folder.
    func tearDown() {
        handoff.terminateLaunchedApps()
        for identifier in handoff.catalog.apps.keys { handoff.terminate(appIdentifier: identifier) }
        try? FileManager.default.removeItem(at: root)
    }

    /// What the fixture app printed so far.
    func appOutput() -> String {
        (try? String(contentsOfFile: runtimeDirectory.logPath(for: Self.appIdentifier), encoding: .utf8)) ?? ""
    }

    static let goalActivity = UserActivityPayload(
        activityType: "com.example.fixture.showGoal",
        title: "Weekly goal",
        userInfo: ["done": 3, "goal": 5]
    )
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
