import AppHandoff
import ExthostTestSupport
import Foundation
import SharedContainer
import StudyRecordKit

/// The Study record example installed as every example is (``ExampleSystem``:
/// the extension in `Plugins/`, the app's manifest in `Apps/`, `exthost`'s
/// cache, runtime directory and shared containers in a folder of its own),
/// plus the app's backend on a free loopback port.
final class StudyRecordSystem: @unchecked Sendable {
    /// The installed example; its environment also names the plugin folder
    /// and the backend's port.
    private(set) var example: ExampleSystem
    var root: URL { example.root }
    var plugins: URL { example.plugins }
    var apps: URL { example.apps }
    var containers: URL { URL(fileURLWithPath: example.sharedContainers) }
    /// The backend's port; fixed once the first backend chose it, so a
    /// restarted backend is found where the extension and the app look.
    private(set) var port: UInt16 = 0
    private var backendProcess: StudyRecordBackendProcess?
    private var backendCount = 0

    /// The folder and its installation; the backend is not started.
    init() throws {
        example = try ExampleSystem(plugins: ["StudyRecordExtension"], apps: [.studyRecord])
        example.environment["EXTHOST_PLUGIN_PATH"] = example.plugins.path
        // No backend yet: its port is closed.
        example.environment[StudyRecordIdentity.backendPortVariable] = "1"
    }

    /// Stops the backend and the app, and removes the folder.
    func tearDown() {
        stopBackend()
        example.tearDown()
    }

    // MARK: The backend

    /// Starts the backend (on the port of the previous one, if any).
    ///
    /// - Parameters:
    ///   - loggedOut: Start with the user logged out.
    ///   - data: The data folder (default: the example's own).
    func startBackend(loggedOut: Bool = false, data: URL? = nil) throws {
        backendCount += 1
        let backend = try StudyRecordBackendProcess(log: root.appendingPathComponent("backend-\(backendCount).log"),
                                                    port: port, data: data, loggedOut: loggedOut)
        backendProcess = backend
        port = backend.port
        example.environment[StudyRecordIdentity.backendPortVariable] = String(port == 0 ? 1 : port)
    }

    /// Stops the backend: from now on it is "offline".
    func stopBackend() {
        backendProcess?.stop()
        backendProcess = nil
    }

    /// The backend's client.
    var backend: BackendClient { BackendClient(port: port) }

    /// `GET path` on the backend, decoded.
    func get<T: Decodable>(_ path: String, as type: T.Type) throws -> T {
        guard case .success(let answer) = backend.exchange(method: "GET", path: path), answer.status == 200 else {
            throw SystemError("GET \(path) failed")
        }
        return try JSONDecoder().decode(T.self, from: answer.body)
    }

    // MARK: exthost

    /// The environment every `exthost` (and the app it launches) gets: the
    /// example's, with the plugin folder and the backend's port.
    var environment: [String: String] { example.environment }

    /// Sets a variable for every later `exthost` (empty hides an inherited one).
    func setEnvironment(_ name: String, _ value: String) {
        example.environment[name] = value
    }

    /// `exthost run --json` of an intent with `parameters` and `answers`;
    /// `locale` is the intent file's, `options` more of the command line's.
    func run(_ intent: String, _ parameters: [String: Any] = [:], answers: [String] = [], locale: String? = nil,
             options: [String] = []) throws -> RunResult {
        var object: [String: Any] = ["intent": intent, "app": StudyRecordIdentity.app, "parameters": parameters]
        object["locale"] = locale
        let text = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        let result = try example.run(text, answers: answers, options: options)
        return RunResult(status: result.status, json: (try? result.json()) ?? [:], standardError: result.standardError,
                         output: result.standardOutput)
    }

    /// `exthost open --json` of an activity.
    func open(_ activity: [String: Any]) throws -> ActivityOutcome {
        let result = try example.open(String(decoding: try JSONSerialization.data(withJSONObject: activity), as: UTF8.self))
        guard result.status == 0 else {
            throw SystemError("exthost open failed (\(result.status)): \(result.standardOutput) \(result.standardError)")
        }
        return try JSONDecoder().decode(ActivityOutcome.self, from: Data(result.standardOutput.utf8))
    }

    /// The system's side of the apps, for continuing activities and ending the app.
    var handoff: AppHandoff { example.handoff }

    /// The system's continueInApp of a *Record study* (30 minutes) whose
    /// response carried no activity but the week's progress: the app gets
    /// the system-made `PostStudyRecordIntent` activity.
    func continueRecordStudy(weeklyMinutes: Int, weeklyGoalMinutes: Int) throws -> ActivityOutcome {
        try handoff.continueInApp(
            activity: nil,
            interaction: InteractionPayload(
                intentName: "PostStudyRecordIntent", parameters: ["duration": 30],
                responseCode: 2, responseCodeName: "continueInApp",
                responseProperties: ["weeklyMinutes": .int(weeklyMinutes), "weeklyGoalMinutes": .int(weeklyGoalMinutes)]),
            appIdentifier: StudyRecordIdentity.app)
    }

    /// What the app printed so far (it runs in the background, its output in the runtime directory).
    func appOutput() -> String {
        example.output(ofApp: StudyRecordIdentity.app)
    }

    /// The shared container the extension and the app use.
    var container: StudyContainer {
        get throws { StudyContainer(container: try SharedContainer(appGroup: StudyRecordIdentity.appGroup, baseDirectory: containers.path)) }
    }
}

/// What `exthost run --json` printed.
struct RunResult {
    var status: Int32
    var json: [String: Any]
    var standardError: String
    var output: String

    var outcome: String? { json["outcome"] as? String }
    var code: String? { json["code"] as? String }
    var message: String? { json["message"] as? String }
    var question: [String: Any]? { json["question"] as? [String: Any] }
    var userActivity: [String: Any]? { json["userActivity"] as? [String: Any] }
    var transcript: [[String: Any]] { json["transcript"] as? [[String: Any]] ?? [] }

    /// The messages of the steps that were unsupported, in order.
    var unsupportedMessages: [String] {
        transcript.filter { $0["result"] as? String == "unsupported" }.compactMap { $0["message"] as? String }
    }

    /// For a failed expectation: what exthost said.
    var description: String { "status \(status): \(output) \(standardError)" }
}

/// A step of the test system that failed.
struct SystemError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
