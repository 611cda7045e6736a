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
        ///   - others: Identifiers of more plugins built the same way (each
        ///     claiming `com.example.other`), installed beside it.
        init(identifier: String = AppClaimTests.forger, others: [String] = [], installed: Bool,
             extensions: [String]? = ["com.example.other.intents"]) throws {
            run = try RunCommandTests.Setup(try ([identifier] + others).map { identifier in
                try FixturePlugins.build("claims-other-\(identifier)", defines: [
                    "FIXTURE_PING_MODE=12", #"FIXTURE_APP="com.example.other""#, "FIXTURE_IDENTIFIER=\"\(identifier)\"",
                ])
            })
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

        /// Runs Ping, which must succeed, and checks the extension that
        /// served it acted for the app: the app's donation is gone.
        func expectPingActsForApp(_ comment: Comment) throws {
            let result = try run.run(#"{"intent": "Ping"}"#)
            #expect(result.status == 0, "\(result.both)")
            #expect(!(try donations().contains("theirs")), comment)
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
        try setup.expectPingActsForApp("deleted by the app's own extension")
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

    @Test("two plugins claiming one app that has no installed manifest: the one in the app's namespace stands, the other is refused (`list`, a log line)")
    func disputedClaimJudgedByIdentifier() throws {
        let own = "com.example.other.intents"
        let setup = try Setup(identifier: own, others: [AppClaimTests.forger], installed: false)
        let listed = try setup.list()
        #expect(listed.status == 0, "\(listed.both)")
        #expect(listed.standardOutput.contains("✓ \(own)"), "\(listed.standardOutput)")
        #expect(listed.standardOutput.contains("app:      com.example.other (unverified: no manifest of this app is installed)"), "\(listed.standardOutput)")
        let cause = "extension \(AppClaimTests.forger) claims app com.example.other, as does \(own) ("
        #expect(listed.standardOutput.contains(cause), "\(listed.standardOutput)")
        #expect(listed.standardOutput.contains("only those whose identifiers begin with \"com.example.other.\" are taken as its (as iOS requires of an extension's bundle identifier), and \(AppClaimTests.forger) does not."),
                "\(listed.standardOutput)")
        #expect(listed.standardError.contains("refused a plugin's claim to its app: \(cause)"), "\(listed.standardError)")
        let result = try setup.run.run(#"{"intent": "Ping", "extension": "\#(AppClaimTests.forger)"}"#)
        #expect(result.status == 4, "\(result.both)")
        let error = try #require(try result.json()["error"] as? [String: Any], "\(result.standardOutput)")
        #expect(error["code"] as? Int == 5001)
        #expect((error["message"] as? String)?.contains(cause) == true, "\(error)")
        #expect(try setup.donations() == ["theirs"])
        try setup.expectPingActsForApp("deleted by the extension in the app's namespace")
    }

    @Test("two plugins claiming one app, neither in its namespace, no manifest: neither is loaded (5001 naming both) until the manifest names one")
    func disputedClaimRefused() throws {
        let second = "com.example.forger2.intents"
        let setup = try Setup(others: [second], installed: false)
        let result = try setup.run.run(#"{"intent": "Ping"}"#)
        #expect(result.status == 4, "\(result.both)")
        let error = try #require(try result.json()["error"] as? [String: Any], "\(result.standardOutput)")
        #expect(error["code"] as? Int == 5001)
        let message = try #require(error["message"] as? String)
        #expect(message.contains("claims app com.example.other, as does "), "\(message)")
        #expect(message.contains("Install com.example.other's manifest naming its extensions in \"extensions\", or remove the plugins that are not com.example.other's."),
                "\(message)")
        #expect(try setup.donations() == ["theirs"])
        let listed = try setup.list()
        #expect(listed.status == 0, "\(listed.both)")
        for identifier in [AppClaimTests.forger, second] {
            #expect(listed.standardOutput.contains("extension \(identifier) claims app com.example.other, as does "), "\(listed.standardOutput)")
        }
        #expect(!listed.standardOutput.contains("✓ "), "\(listed.standardOutput)")

        // The manifest settles it, with no new probe: the extension it names
        // loads and acts for the app, the other is refused by the manifest.
        try #"{"identifier": "com.example.other", "executable": "/bin/true", "extensions": ["com.example.forger2.intents"]}"#
            .write(to: setup.apps.appendingPathComponent("other.json"), atomically: true, encoding: .utf8)
        let settled = try setup.list()
        #expect(settled.standardOutput.contains("✓ \(second)"), "\(settled.standardOutput)")
        #expect(settled.standardOutput.contains("extension \(AppClaimTests.forger) claims app com.example.other, but the manifest"), "\(settled.standardOutput)")
        try setup.expectPingActsForApp("deleted by the extension the manifest names")
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
