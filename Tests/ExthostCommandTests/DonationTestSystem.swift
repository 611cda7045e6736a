import AppHandoff
import ExthostTestSupport
import Foundation

/// A system of its own for one donation test: a store, the Study record app
/// (installed from its manifest in `Examples/`), the example extensions, a
/// runtime folder and shared containers; every `exthost` run with it is a
/// real process, and the apps they launch are ended at tearDown.
final class DonationTestSystem {
    static let studyRecord = "com.example.studyrecord"
    static let freee = "jp.co.freee.accounting"
    static let fixtureApp = FixtureSystem.appIdentifier

    let root: URL
    let plugins: URL

    init() throws {
        // Short, so app socket paths stay under the 108-byte limit.
        root = URL(fileURLWithPath: "/tmp/ehdon-\(UUID().uuidString.prefix(8))")
        let apps = root.appendingPathComponent("Apps")
        try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
        try ExampleApp.studyRecord.install(into: apps)
        // The lifecycle probe app: ShowDirectionsIntent is handled in-app.
        try FixtureSystem.installApp(into: apps)
        plugins = try FixturePlugins.pluginFolder([BuiltProducts.plugin("StudyRecordExtension"),
                                                   BuiltProducts.plugin("FreeeExtension")])
    }

    var environment: [String: String] {
        ["EXTHOST_DATA_DIR": root.appendingPathComponent("data").path,
         "EXTHOST_APP_PATH": root.appendingPathComponent("Apps").path,
         "EXTHOST_RUNTIME_DIR": root.appendingPathComponent("run").path,
         "EXTHOST_SHARED_CONTAINERS": root.appendingPathComponent("containers").path,
         "EXTHOST_CACHE_DIR": root.appendingPathComponent("cache").path,
         "EXTHOST_PLUGIN_PATH": plugins.path,
         // The study record backend is not started: its port is closed.
         "STUDYRECORD_BACKEND_PORT": "1",
         "TZ": "UTC"]
    }

    /// Runs `exthost ARGUMENTS` as a real process.
    func exthost(_ arguments: [String]) throws -> CommandRunner.Result {
        try CommandRunner(environment: environment, workingDirectory: root).run(arguments)
    }

    /// Writes a JSON file into the system's folder.
    func file(_ name: String, _ text: String) throws -> String {
        let url = root.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Ends the apps the commands launched and removes the folders.
    func tearDown() {
        let handoff = AppHandoff(
            appDirectories: [root.appendingPathComponent("Apps").path],
            configuration: .init(runtimeDirectory: RuntimeDirectory(path: root.appendingPathComponent("run").path))
        )
        for app in [Self.studyRecord, Self.fixtureApp] { handoff.terminate(appIdentifier: app) }
        try? FileManager.default.removeItem(at: root)
    }
}
