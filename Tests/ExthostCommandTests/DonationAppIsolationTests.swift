import ExthostTestSupport
import Foundation
import Testing

/// An extension reaches the store through `exthost_host_api.donations` for
/// its own app only, and with values its definition allows: the C fixture
/// asks for more, in a real `exthost run`, and the store is left as it was.
@Suite("Donations: apps isolated from each other")
struct DonationAppIsolationTests {
    /// The fixture with a donation switch, a store holding another app's
    /// donation, and the command's environment.
    struct Setup {
        var run: RunCommandTests.Setup
        var data: URL

        /// - Parameter appGroup: The app group both apps' manifests
        ///   declare (the fixture's and the other), or nil for no manifests.
        init(mode: Int, appGroup: String? = nil) throws {
            run = try RunCommandTests.Setup([try FixturePlugins.build("ping-donates-\(mode)", defines: ["FIXTURE_PING_MODE=\(mode)"])])
            data = run.work.appendingPathComponent("data")
            run.runner.environment["EXTHOST_DATA_DIR"] = data.path
            if let appGroup {
                let apps = run.work.appendingPathComponent("apps")
                try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
                for app in ["com.example.fixture", "com.example.other"] {
                    try #"{"identifier": "\#(app)", "executable": "/bin/true", "appGroup": "\#(appGroup)"}"#
                        .write(to: apps.appendingPathComponent("\(app).json"), atomically: true, encoding: .utf8)
                }
                run.runner.environment["EXTHOST_APP_PATH"] = apps.path
            }
            let theirs = try run.intentFile(#"{"app": "com.example.other", "intent": "Ping", "identifier": "theirs"}"#)
            let added = try run.runner.run(["donations", "add", theirs])
            #expect(added.status == 0, "\(added.standardError)")
        }

        /// The store's donations, by app, as `donations list --json` gives them.
        func identifiers(ofApp app: String) throws -> [String] {
            let listed = try run.runner.run(["donations", "list", "--json", "--app", app])
            let donations = try #require(try listed.json()["donations"] as? [[String: Any]])
            return donations.compactMap { $0["identifier"] as? String }
        }
    }

    @Test("a donation in another app's name: refused with 1901 and logged; the other app's donations are as they were")
    func donationForAnotherApp() throws {
        let setup = try Setup(mode: 11)
        let result = try setup.run.run(#"{"intent": "Ping"}"#)
        #expect(result.status == 1)
        #expect(try result.json()["code"] as? String == "failure")
        let refusal = "com.example.fixture.intents belongs to com.example.fixture and asked to change the donations of com.example.other; an extension donates and deletes for its own app only"
        #expect(result.standardError.contains("[donations warning] refused a donation request: error 1901 (INIntentErrorDonatingInteraction): \(refusal) code=1901 extension=com.example.fixture.intents"),
                "\(result.standardError)")
        #expect(result.standardError.contains("donations answered 1901: \(refusal)"))
        #expect(try setup.identifiers(ofApp: "com.example.other") == ["theirs"])
    }

    @Test("deleting another app's interactions: refused with 1902; they are all still there")
    func deletionForAnotherApp() throws {
        let setup = try Setup(mode: 12)
        let result = try setup.run.run(#"{"intent": "Ping"}"#)
        #expect(result.status == 1)
        #expect(result.standardError.contains("donations answered 1902: com.example.fixture.intents belongs to com.example.fixture and asked to change the donations of com.example.other"),
                "\(result.standardError)")
        #expect(try setup.identifiers(ofApp: "com.example.other") == ["theirs"])
    }

    @Test("another app of the same app group: still another app's donations, refused with 1901 and 1902, saying the group shares a container, not donations",
          arguments: [(11, 1901), (12, 1902)])
    func sameAppGroupIsAnotherApp(mode: Int, code: Int) throws {
        let setup = try Setup(mode: mode, appGroup: "group.com.example.shared")
        let result = try setup.run.run(#"{"intent": "Ping"}"#)
        #expect(result.status == 1, "\(result.both)")
        let refusal = "com.example.fixture.intents belongs to com.example.fixture and asked to change the donations of com.example.other; an extension donates and deletes for its own app only (com.example.fixture and com.example.other share the app group group.com.example.shared, which shares a container, not donations)"
        #expect(result.standardError.contains("donations answered \(code): \(refusal)"), "\(result.standardError)")
        #expect(result.standardError.contains("[donations warning] refused a donation request: error \(code) "), "\(result.standardError)")
        #expect(try setup.identifiers(ofApp: "com.example.other") == ["theirs"])
    }

    @Test("an interaction whose value has the wrong type for the definition: refused with 1901, nothing donated")
    func donationOfTheWrongType() throws {
        let setup = try Setup(mode: 13)
        let result = try setup.run.run(#"{"intent": "Ping"}"#)
        #expect(result.status == 1)
        #expect(result.standardError.contains(#"donations answered 1901: com.example.fixture.intents donated an interaction that does not fit its definition: parameter 'minutes' of LogWorkout is an Integer: "lots" is not a whole number"#),
                "\(result.standardError)")
        let own = try setup.run.runner.run(["donations", "list", "--json", "--app", "com.example.fixture"])
        #expect(own.status == 0, "\(own.both)")
        #expect(!own.standardOutput.contains("LogWorkout"))
    }

    @Test("an interaction donated with a failure response: stored as failed, whatever status it claimed, and not suggested")
    func failedResponseIsAFailure() throws {
        let setup = try Setup(mode: 28)
        let result = try setup.run.run(#"{"intent": "Ping"}"#)
        #expect(result.status == 0, "\(result.both)")
        #expect(result.standardError.contains("donations answered 0"), "\(result.standardError)")
        let listed = try setup.run.runner.run(["donations", "list", "--json", "--app", "com.example.fixture"])
        let donations = try #require(try listed.json()["donations"] as? [[String: Any]])
        let failed = try #require(donations.first { $0["identifier"] as? String == "failed-workout" }, "\(listed.standardOutput)")
        #expect(failed["intentHandlingStatus"] as? String == "failure", "\(failed)")
        let suggested = try setup.run.runner.run(["suggest", "--json", "--app", "com.example.fixture"])
        #expect(suggested.status == 0, "\(suggested.both)")
        #expect(!suggested.standardOutput.contains("LogWorkout"), "\(suggested.standardOutput)")
    }
}
