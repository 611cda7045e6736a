import ExthostTestSupport
import Foundation

/// A system of its own for one donation test: the Study record app and the
/// Study record and freee extensions installed as examples are
/// (``ExampleSystem``, with the backend's port closed), the lifecycle probe
/// app beside them, a store, a runtime folder and shared containers; every
/// `exthost` run with it is a real process, and the apps they launch are
/// ended at tearDown.
struct DonationTestSystem {
    static let studyRecord = "com.example.studyrecord"
    static let freee = "jp.co.freee.accounting"
    static let fixtureApp = FixtureSystem.appIdentifier

    let example: ExampleSystem
    var root: URL { example.root }

    init() throws {
        var example = try ExampleSystem(
            plugins: ["StudyRecordExtension", "FreeeExtension"], apps: [.studyRecord],
            // The study record backend is not started: its port is closed.
            environment: ["STUDYRECORD_BACKEND_PORT": "1", "TZ": "UTC"])
        example.environment["EXTHOST_PLUGIN_PATH"] = example.plugins.path
        // The lifecycle probe app: ShowDirectionsIntent is handled in-app.
        try FixtureSystem.installApp(into: example.apps)
        self.example = example
    }

    /// Runs `exthost ARGUMENTS` as a real process.
    func exthost(_ arguments: [String]) throws -> CommandRunner.Result {
        try example.exthost(arguments)
    }

    /// Writes a JSON file into the system's folder.
    func file(_ name: String, _ text: String) throws -> String {
        try example.file(name, text)
    }

    /// Ends the apps the commands launched and removes the folders.
    func tearDown() {
        example.tearDown()
    }
}
