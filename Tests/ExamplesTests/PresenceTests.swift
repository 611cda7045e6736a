import ExthostTestSupport
import Foundation
import Testing

/// The Focus: `exthost focus on|off` sets the system's Focus and sends
/// INShareFocusStatusIntent to every app that may read it, each a real app
/// process (the presence example, installed under several identifiers)
/// that reads the Focus from `INFocusStatusCenter.default.focusStatus`.
@Suite("The Focus, told to the apps that may read it")
struct PresenceTests {
    static let apps = ["com.example.presence.home", "com.example.presence.team", "com.example.presence.work"]

    /// A system with the presence app installed once per identifier.
    private func system(_ identifiers: [String]) throws -> ExampleSystem {
        let system = try ExampleSystem()
        let source = ExampleApp.presence.source
        for identifier in identifiers {
            var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
            manifest["identifier"] = identifier
            manifest["executable"] = BuiltProducts.executable(ExampleApp.presence.executable).path
            try JSONSerialization.data(withJSONObject: manifest).write(to: system.apps.appendingPathComponent("\(identifier).json"))
        }
        return system
    }

    /// Each app's part of `exthost focus on|off --json`, by identifier.
    private func told(_ result: CommandRunner.Result) throws -> [String: [String: Any]] {
        let apps = try #require(try result.json()["apps"] as? [[String: Any]], "\(result.both)")
        return Dictionary(uniqueKeysWithValues: apps.compactMap { item in (item["app"] as? String).map { ($0, item) } })
    }

    /// What an app published, read from INFocusStatusCenter in its handler.
    private func presence(_ item: [String: Any]?) -> String? {
        let result = item?["result"] as? [String: Any]
        return ((result?["userActivity"] as? [String: Any])?["userInfo"] as? [String: Any])?["presence"] as? String
    }

    @Test("focus on reaches the two authorized apps and not the denied one; each reads the Focus itself; Siri's denial does not matter")
    func onAndOffReachAuthorizedAppsOnly() throws {
        let system = try system(Self.apps)
        defer { system.tearDown() }
        let (home, team, work) = (Self.apps[0], Self.apps[1], Self.apps[2])
        for (verb, app) in [("authorize", home), ("authorize", team), ("deny", work)] {
            #expect(try system.exthost(["focus", verb, app]).status == 0)
        }
        // The Focus permission gates the intent, not Siri's.
        #expect(try system.exthost(["siri", "deny", team]).status == 0)

        let on = try system.exthost(["focus", "on", "--json"])
        #expect(on.status == 0, "\(on.both)")
        #expect(try on.json()["isFocused"] as? Bool == true && on.json()["changed"] as? Bool == true, "\(on.both)")
        let apps = try told(on)
        #expect(Set(apps.keys) == Set(Self.apps), "every app that handles the intent is listed: \(on.both)")
        for app in [home, team] {
            #expect(apps[app]?["told"] as? Bool == true, "\(on.both)")
            #expect((apps[app]?["result"] as? [String: Any])?["code"] as? String == "success", "\(on.both)")
            #expect(presence(apps[app]) == "notifications silenced", "\(app) read the Focus: \(on.both)")
            #expect(system.output(ofApp: app).contains("Presence: notifications silenced"), "\(system.output(ofApp: app))")
        }
        #expect(apps[work]?["told"] as? Bool == false && apps[work]?["authorizationStatus"] as? String == "denied", "\(on.both)")
        #expect(apps[work]?["result"] == nil, "\(on.both)")
        #expect(system.output(ofApp: work).isEmpty, "the denied app was never launched: \(system.output(ofApp: work))")

        // Unchanged, nobody is told again.
        let again = try system.exthost(["focus", "on", "--json"])
        #expect(again.status == 0, "\(again.both)")
        #expect(try again.json()["changed"] as? Bool == false, "\(again.both)")
        #expect(try told(again).isEmpty, "\(again.both)")

        let off = try system.exthost(["focus", "off", "--json"])
        #expect(off.status == 0, "\(off.both)")
        let offApps = try told(off)
        #expect(presence(offApps[home]) == "available" && presence(offApps[team]) == "available", "\(off.both)")
        #expect(offApps[work]?["told"] as? Bool == false, "\(off.both)")

        let status = try system.exthost(["focus", "status", "--json"])
        let statusJSON = try status.json()
        #expect(statusJSON["isFocused"] as? Bool == false, "\(status.both)")
        let decided = (statusJSON["apps"] as? [[String: Any]])?.map { "\($0["app"] ?? ""): \($0["status"] ?? "")" }
        #expect(decided == ["\(home): authorized", "\(team): authorized", "\(work): denied"], "\(status.both)")
        let human = try system.exthost(["focus", "off"])
        #expect(human.standardOutput.contains("Focus off, as it was: no app is told."), "\(human.both)")
    }

    @Test("a request for the intent to a denied app is refused (1914); an undecided app asks at launch and is then authorized")
    func deniedRefusedUndecidedAsks() throws {
        let (denied, undecided) = ("com.example.presence.denied", "com.example.presence.new")
        let system = try system([denied, undecided])
        defer { system.tearDown() }
        #expect(try system.exthost(["focus", "deny", denied]).status == 0)
        #expect(try system.exthost(["focus", "on"]).status == 0)
        let request = #"{"intent": "INShareFocusStatusIntent", "app": "APP", "parameters": {"focusStatus": {"isFocused": true}}}"#
        let refused = try system.run(request.replacingOccurrences(of: "APP", with: denied))
        #expect(refused.status == 4, "\(refused.both)")
        let message = try refused.json()["message"] as? String ?? ""
        #expect(message.contains("may not read the Focus (denied)") && message.contains("exthost focus authorize \(denied)"), "\(refused.both)")
        #expect((try refused.json()["error"] as? [String: Any])?["code"] as? Int == 1914, "\(refused.both)")

        // Not told by `focus on` (undecided); run by hand, the app launches,
        // asks (requestAuthorization) and reads the Focus.
        let asked = try system.run(request.replacingOccurrences(of: "APP", with: undecided))
        #expect(asked.status == 0, "\(asked.both)")
        #expect(presence(["result": try asked.json()]) == "notifications silenced", "\(asked.both)")
        #expect(system.output(ofApp: undecided).contains("Focus access: authorized"), "\(system.output(ofApp: undecided))")
        let status = try system.exthost(["focus", "status", "--json"])
        let decided = (try status.json()["apps"] as? [[String: Any]])?.first { $0["app"] as? String == undecided }
        #expect(decided?["status"] as? String == "authorized", "\(status.both)")
    }

    @Test("an extension that handles the intent is told too, in this process or its own; an app and an extension are each told once", arguments: [[], ["--isolated"]])
    func extensionsAreTold(options: [String]) throws {
        let system = try system([Self.apps[0]])
        defer { system.tearDown() }
        try system.installPlugin(BuiltProducts.plugin("PortingSystemIntents"))
        let porting = "com.example.porting.system"
        for app in [Self.apps[0], porting] { #expect(try system.exthost(["focus", "authorize", app]).status == 0) }
        let on = try system.exthost(["focus", "on", "--json", "--plugins", system.plugins.path] + options)
        #expect(on.status == 0, "\(on.both)")
        let apps = try told(on)
        #expect(apps.keys.sorted() == [porting, Self.apps[0]], "\(on.both)")
        #expect(presence(apps[Self.apps[0]]) == "notifications silenced", "\(on.both)")
        // The porting suite's handler shares what the intent says.
        let shared = ((apps[porting]?["result"] as? [String: Any])?["userActivity"] as? [String: Any])?["userInfo"] as? [String: Any]
        #expect(shared?["status"] as? String == "notifications silenced", "\(on.both)")
    }

    @Test("focus --help says what on and off do and who is told")
    func help() throws {
        let help = try CommandRunner().run(["focus", "--help"])
        #expect(help.status == 0)
        for part in ["on", "off", "status", "authorize", "deny", "reset", "INShareFocusStatusIntent", "not Siri's"] {
            #expect(help.standardOutput.contains(part), "\(part): \(help.standardOutput)")
        }
    }
}
