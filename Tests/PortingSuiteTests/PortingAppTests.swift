import AppHandoff
import ExthostTestSupport
import Foundation
import Testing

/// The porting suite's app (`Tests/PortingSuite/App`): an app delegate, a
/// scene delegate and an in-app handler written as iOS apps write them,
/// built in Swift 5 mode with the build-tool plugin on its own definition,
/// run through `exthost run --json` and `exthost open --json`. Every
/// expectation is something only the app's own methods produce.
@Suite("Porting suite: an app written as on iOS")
struct PortingAppTests {
    static let app = "com.example.journal"
    static let journal = ExampleApp(manifest: "Tests/PortingSuite/App/Journal.app.json", executable: "PortingApp")

    private func logEntry(_ parameters: String) -> String {
        #"{"intent": "LogEntry", "parameters": \#(parameters)}"#
    }

    @Test("the in-app handler implements the generated protocol: async and multiple-value resolves, a reason, custom codes and properties")
    func inAppHandlerThroughTheGeneratedProtocol() throws {
        let system = try ExampleSystem(apps: [Self.journal])
        defer { system.tearDown() }

        let intent = logEntry(#"{"mood": "busy", "tags": ["work", "WORK", "home"], "minutes": 30}"#)
        let first = try system.run(intent)
        #expect(first.status == 0, "\(first.both)")
        let logged = try first.json()
        #expect(logged["extension"] as? String == Self.app)
        #expect(logged["code"] as? String == "success")
        // resolveTags made "work", "WORK", "home" into Work, Home; the enum came back typed.
        #expect(logged["message"] as? String == "Logged busy for 30 minutes (Work, Home).")
        #expect((logged["response"] as? [String: Any])?["tagCount"] as? Int == 2)

        // The app keeps running: the same entry again is the definition's custom code.
        let again = try system.run(intent)
        #expect(try again.json()["code"] as? String == "duplicate", "\(again.both)")
        #expect(try again.json()["message"] as? String == "Already logged: busy for 30 minutes (Work, Home).")

        // resolveMood (the async form) asks; resolveMinutes refuses with the definition's reason.
        let asked = try system.run(logEntry(#"{"minutes": 20}"#))
        #expect(asked.status == 3, "\(asked.both)")
        #expect(try asked.question()?["prompt"] as? String == "How did it go?")
        let answered = try system.run(logEntry(#"{"minutes": 20}"#), answers: ["mood=calm"])
        #expect(try answered.json()["message"] as? String == "Logged calm for 20 minutes.", "\(answered.both)")
        let refused = try system.run(logEntry(#"{"mood": "tired", "minutes": 2000}"#))
        #expect(refused.status == 3)
        #expect(try refused.json()["message"] as? String == "A day has only 1440 minutes.", "\(refused.both)")
    }

    @Test("continueInApp reaches the scene delegate: the activity in the connection options, then scene(_:continue:) with the interaction")
    func continueInAppThroughTheSceneDelegate() throws {
        let system = try ExampleSystem(apps: [Self.journal])
        defer { system.tearDown() }

        // Launched in the background for the intent; its activity (with a web page) connects the scene.
        let opened = try system.run(logEntry(#"{"mood": "busy", "tags": ["open"], "minutes": 30}"#))
        #expect(opened.status == 0, "\(opened.both)")
        let json = try opened.json()
        #expect(json["code"] as? String == "continueInApp")
        let handoff = try #require(json["handoff"] as? [String: Any], "\(opened.both)")
        #expect(handoff["continued"] as? Bool == true)
        #expect(handoff["shown"] as? [String] == ["entry e1 (busy for 30 minutes (Open), https://journal.example.com/entries/e1)"])

        // Back in the background, a response without an activity: the system makes one, whose
        // interaction carries the typed intent and response to scene(_:continue:).
        _ = try system.handoff.setState(.background, ofApp: Self.app)
        let later = try system.run(logEntry(#"{"mood": "tired", "tags": ["later"], "minutes": 15}"#))
        #expect(later.status == 0, "\(later.both)")
        #expect((try later.json()["handoff"] as? [String: Any])?["shown"] as? [String] == [
            "new entry: tired, 15 minutes, tags Later; continueInApp",
        ], "\(later.both)")
    }

    @Test("an app launched to continue an activity gets it in its launch options and its scene's connection options")
    func launchedForAnActivity() throws {
        let system = try ExampleSystem(apps: [Self.journal])
        defer { system.tearDown() }
        let result = try system.open(#"""
            {"app": "com.example.journal", "activityType": "com.example.journal.entry", "title": "Monday",
             "userInfo": {"entry": "e7"}, "webpageURL": "https://journal.example.com/entries/e7"}
            """#)
        #expect(result.status == 0, "\(result.both)")
        #expect(try result.json()["shown"] as? [String] == ["entry e7 (Monday, https://journal.example.com/entries/e7)"])
        #expect(system.output(ofApp: Self.app).contains("launched to continue com.example.journal.entry"))
    }

    @Test("at launch the app's media context, upcoming media, Focus and a donated message with its group's image reach the system through Apple's APIs")
    func appOnlyAPIsAtLaunch() throws {
        let system = try ExampleSystem(apps: [Self.journal])
        defer { system.tearDown() }
        // The person is focused before the app first runs.
        let focus = try system.exthost(["focus", "on"])
        #expect(focus.status == 0, "\(focus.both)")
        let launched = try system.run(logEntry(#"{"mood": "calm", "minutes": 10}"#))
        #expect(launched.status == 0, "\(launched.both)")

        // INMediaUserContext and INUpcomingMediaManager, as `exthost siri media` shows them.
        let json = try system.exthost(["siri", "media", Self.app, "--json"]).json()
        let app = try #require((json["apps"] as? [[String: Any]])?.first, "\(json)")
        let context = try #require(app["userContext"] as? [String: Any], "\(json)")
        #expect(context["subscriptionStatus"] as? String == "subscribed")
        #expect(context["numberOfLibraryItems"] as? Int == 3)
        let modes = try #require(app["predictionModes"] as? [[String: Any]], "\(json)")
        #expect(modes.map { $0["mediaType"] as? String } == ["podcastEpisode"])
        #expect(modes.map { $0["mode"] as? String } == ["onlyPredictSuggestedIntents"])
        let text = try system.exthost(["siri", "media", Self.app]).standardOutput
        // The unheard entries, newest first; the one heard is not suggested.
        #expect(text.contains("  upcoming 1. ") && text.contains("Morning pages, 2 May"), "\(text)")
        #expect(text.contains("  upcoming 2. ") && text.contains("Evening review, 1 May"), "\(text)")
        #expect(!text.contains("Morning pages, 1 May"), "\(text)")

        // INFocusStatusCenter: asked once, the app is authorized and reads the Focus.
        let output = system.output(ofApp: Self.app)
        #expect(output.contains("focus authorized, focused true: reminders held"), "\(output)")
        // INImage(imageData:) set by key path is the key image; INParameter by
        // class and by key path name the same parameter; the donation is recorded.
        #expect(output.contains("shared with Book Club: key image the group's picture, same parameter, call group Book Club (book-club, equal)"), "\(output)")
    }
}
