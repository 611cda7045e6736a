import ExthostTestSupport
import Foundation

/// The apps the donation tests donate for and look up.
enum DonatingApp {
    static let studyRecord = "com.example.studyrecord"
    static let freee = "jp.co.freee.accounting"
    static let fixture = FixtureSystem.appIdentifier
}

extension ExampleSystem {
    /// A system of its own for one donation test: the Study record app and
    /// the Study record and freee extensions installed as examples are (the
    /// backend's port closed), the lifecycle probe app beside them, a store,
    /// a runtime folder and shared containers; every `exthost` run with it
    /// is a real process, and the apps they launch are ended at tearDown.
    static func donations() throws -> ExampleSystem {
        var system = try ExampleSystem(
            plugins: ["StudyRecordExtension", "FreeeExtension"], apps: [.studyRecord],
            // The study record backend is not started: its port is closed.
            environment: ["STUDYRECORD_BACKEND_PORT": "1", "TZ": "UTC"])
        system.environment["EXTHOST_PLUGIN_PATH"] = system.plugins.path
        // The lifecycle probe app: ShowDirectionsIntent is handled in-app.
        try FixtureSystem.installApp(into: system.apps)
        return system
    }
}
