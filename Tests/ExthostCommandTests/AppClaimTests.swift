import ExthostTestSupport
import Foundation
import Testing

/// A plugin writes its own descriptor, app included: the installed app's
/// manifest is what corroborates the claim. The C fixture claims
/// `com.example.other` under another identifier and, at `Ping`, deletes
/// all of that app's interactions through `exthost_host_api.donations`.
@Suite("Apps: an extension cannot claim another app")
struct AppClaimTests {
    static let forger = "com.example.forger.intents"

    struct Setup {
        var run: RunCommandTests.Setup
        var apps: URL

        /// - Parameters:
        ///   - identifier: The fixture's extension identifier.
        ///   - manifest: The `extensions` of `com.example.other`'s manifest
        ///     (nil: the key absent), or no manifest at all when `installed` is false.
        init(identifier: String = AppClaimTests.forger, installed: Bool, extensions: [String]? = ["com.example.other.intents"]) throws {
            let name = "claims-other-\(identifier)"
            run = try RunCommandTests.Setup([try FixturePlugins.build(name, defines: [
                "FIXTURE_PING_MODE=12", #"FIXTURE_APP="com.example.other""#, "FIXTURE_IDENTIFIER=\"\(identifier)\"",
            ])])
            run.runner.environment["EXTHOST_DATA_DIR"] = run.work.appendingPathComponent("data").path
            apps = run.work.appendingPathComponent("apps")
            try FileManager.default.createDirectory(at: apps, withIntermediateDirectories: true)
            run.runner.environment["EXTHOST_APP_PATH"] = apps.path
            if installed {
                var manifest: [String: Any] = ["identifier": "com.example.other", "executable": "/bin/true"]
                if let extensions { manifest["extensions"] = extensions }
                try JSONSerialization.data(withJSONObject: manifest).write(to: apps.appendingPathComponent("other.json"))
            }
            let theirs = try run.intentFile(#"{"app": "com.example.other", "intent": "Ping", "identifier": "theirs"}"#)
            let added = try run.runner.run(["donations", "add", theirs])
            #expect(added.status == 0, "\(added.both)")
        }

        func donations() throws -> [String] {
            let listed = try run.runner.run(["donations", "list", "--json", "--app", "com.example.other"])
            let donations = try #require(try listed.json()["donations"] as? [[String: Any]], "\(listed.both)")
            return donations.compactMap { $0["identifier"] as? String }
        }

        func list() throws -> CommandRunner.Result {
            try run.runner.run(["list", "--in-process", "--plugins", run.plugins.path])
        }
    }

    @Test("a forged claim over an installed app that does not name the extension: refused at load (5001 with the cause, a log line, `list`), the app's donations untouched")
    func forgedClaimRefused() throws {
        let setup = try Setup(installed: true)
        let result = try setup.run.run(#"{"intent": "Ping"}"#)
        #expect(result.status == 4, "\(result.both)")
        let error = try #require(try result.json()["error"] as? [String: Any], "\(result.standardOutput)")
        #expect(error["code"] as? Int == 5001)
        let message = try #require(error["message"] as? String)
        let cause = "extension \(AppClaimTests.forger) claims app com.example.other, but the manifest \(setup.apps.path)/other.json names its extensions in \"extensions\" (com.example.other.intents) and not this one."
        #expect(message.contains("failed to load: \(cause)"), "\(message)")
        #expect(try setup.donations() == ["theirs"])
        let listed = try setup.list()
        #expect(listed.status == 0, "\(listed.both)")
        #expect(listed.standardOutput.contains("✗ "), "\(listed.standardOutput)")
        #expect(listed.standardOutput.contains(cause), "\(listed.standardOutput)")
        #expect(listed.standardError.contains("refused a plugin's claim to its app: \(cause)"), "\(listed.standardError)")
    }

    @Test("a manifest without \"extensions\" admits only identifiers it prefixes, as iOS bundles do")
    func prefixRule() throws {
        let forged = try Setup(installed: true, extensions: nil)
        let refused = try forged.run.run(#"{"intent": "Ping"}"#)
        #expect(refused.status == 4, "\(refused.both)")
        #expect(refused.standardOutput.contains("names no extensions (\\\"extensions\\\"), and the identifier does not begin with \\\"com.example.other.\\\""),
                "\(refused.standardOutput)")
        #expect(try forged.donations() == ["theirs"])

        let own = try Setup(identifier: "com.example.other.intents", installed: true, extensions: nil)
        let listed = try own.list()
        #expect(listed.standardOutput.contains("app:      com.example.other (its installed manifest names this extension)"), "\(listed.standardOutput)")
    }

    @Test("named in the app's manifest: it loads, verified, and acts for that app")
    func namedClaimVerified() throws {
        let setup = try Setup(installed: true, extensions: ["com.example.other.intents", AppClaimTests.forger])
        let listed = try setup.list()
        #expect(listed.standardOutput.contains("✓ \(AppClaimTests.forger)"), "\(listed.standardOutput)")
        #expect(listed.standardOutput.contains("app:      com.example.other (its installed manifest names this extension)"), "\(listed.standardOutput)")
        let result = try setup.run.run(#"{"intent": "Ping"}"#)
        #expect(result.status == 0, "\(result.both)")
        #expect(!(try setup.donations().contains("theirs")), "deleted by the app's own extension")
    }

    @Test("no manifest of the app installed: the claim stands, shown as unverified")
    func unverifiedClaimStands() throws {
        let setup = try Setup(installed: false)
        let listed = try setup.list()
        #expect(listed.standardOutput.contains("app:      com.example.other (unverified: no manifest of this app is installed)"), "\(listed.standardOutput)")
        let json = try setup.run.runner.run(["list", "--in-process", "--json", "--plugins", setup.run.plugins.path])
        let records = try #require(try json.json()["extensions"] as? [[String: Any]])
        #expect(records.first?["appClaim"] as? String == "unverified", "\(json.standardOutput)")
    }

    @Test("the app's manifest installed while the service runs: its next request is refused, the donations kept")
    func manifestInstalledWhileServing() throws {
        var setup = try Setup(installed: false)
        setup.run.runner.environment.merge(CommandRunner.defaultPath) { _, new in new }
        let first = try setup.run.run(#"{"intent": "Ping"}"#)
        let pid = try #require(StartedService.processID(in: first), "\(first.both)")
        defer { #expect(StartedService.stop(pid)) }
        #expect(first.status == 0, "\(first.both)")
        #expect(!(try setup.donations().contains("theirs")), "unverified, the claim stood")
        try #"{"identifier": "com.example.other", "executable": "/bin/true", "extensions": ["com.example.other.intents"]}"#
            .write(to: setup.apps.appendingPathComponent("other.json"), atomically: true, encoding: .utf8)
        let theirs = try setup.run.intentFile(#"{"app": "com.example.other", "intent": "Ping", "identifier": "theirs"}"#)
        var refused: CommandRunner.Result?
        for _ in 0..<50 where refused == nil {
            // Until the service has read the manifest, a run still deletes them.
            #expect(try setup.run.runner.run(["donations", "add", theirs]).status == 0)
            let result = try setup.run.run(#"{"intent": "Ping"}"#)
            if result.status == 4 { refused = result } else { Thread.sleep(forTimeInterval: 0.1) }
        }
        let result = try #require(refused, "the service never refused the claim")
        #expect(result.standardOutput.contains("claims app com.example.other, but the manifest"), "\(result.standardOutput)")
        #expect(try setup.donations().contains("theirs"))
    }
}
