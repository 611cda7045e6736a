import ExthostTestSupport
import Foundation
import Testing

/// The media app's side of Siri, end to end: at launch the example app
/// makes its `INMediaUserContext` current, suggests upcoming media with
/// `INUpcomingMediaManager` and asks for only its suggested episodes to be
/// predicted; `exthost siri media` and `exthost suggest` show it, and a
/// suggested intent runs from a phrase.
@Suite("Media app: user context and upcoming media")
struct MediaUpcomingTests {
    static let app = "com.example.media"

    private func system() throws -> ExampleSystem {
        try ExampleSystem(apps: [ExampleApp.media])
    }

    /// Plays what the search names, in the app (launching it the first time).
    private func play(_ name: String, in system: ExampleSystem) throws {
        let result = try system.run(#"{"intent": "INPlayMediaIntent", "parameters": {"mediaSearch": {"displayString": "\#(name)", "properties": {"mediaName": "\#(name)"}}}}"#)
        #expect(result.status == 0, "\(result.both)")
    }

    @Test("the context the app made current at launch is kept per app and shown, with its prediction mode and upcoming media")
    func userContextShown() throws {
        let system = try system()
        defer { system.tearDown() }
        let before = try system.exthost(["siri", "media"])
        #expect(before.standardOutput.contains("No media app has made an INMediaUserContext current"), "\(before.both)")

        try play("Morning Mix", in: system)
        let json = try system.exthost(["siri", "media", Self.app, "--json"]).json()
        let apps = try #require(json["apps"] as? [[String: Any]])
        #expect(apps.count == 1 && apps.first?["app"] as? String == Self.app)
        let context = try #require(apps.first?["userContext"] as? [String: Any], "\(json)")
        #expect(context["subscriptionStatus"] as? String == "notSubscribed")
        #expect(context["numberOfLibraryItems"] as? Int == 7)
        let modes = try #require(apps.first?["predictionModes"] as? [[String: Any]])
        #expect(modes.map { $0["mediaType"] as? String } == ["podcastEpisode"])
        #expect(modes.map { $0["mode"] as? String } == ["onlyPredictSuggestedIntents"])
        let upcoming = try #require(apps.first?["suggestedMediaIntents"] as? [[String: Any]])
        #expect(upcoming.map { $0["intent"] as? String } == ["INPlayMediaIntent", "INPlayMediaIntent"])

        let text = try system.exthost(["siri", "media"]).standardOutput
        #expect(text.contains("\(Self.app): INMediaUserContext notSubscribed, 7 library items"), "\(text)")
        #expect(text.contains("  prediction mode for podcastEpisode: onlyPredictSuggestedIntents"), "\(text)")
        #expect(text.contains("  upcoming 1. ") && text.contains("Jazz Hour, Episode 13"), "\(text)")
    }

    @Test("exthost suggest ranks the upcoming media in the app's order; an episode played is not suggested, a playlist played is")
    func upcomingMediaSuggested() throws {
        let system = try system()
        defer { system.tearDown() }
        try play("Morning Mix", in: system)
        try play("Jazz Hour, Episode 12", in: system)
        #expect(system.output(ofApp: Self.app).contains("[Media] playing Jazz Hour, Episode 12"))

        let suggest = try system.exthost(["suggest", "--app", Self.app, "--json"])
        let suggestions = try #require(try suggest.json()["suggestions"] as? [[String: Any]], "\(suggest.both)")
        let items = suggestions.map(Self.mediaItems)
        let reasons = suggestions.map { $0["reasons"] as? [String] ?? [] }
        // The playlist played just now (2: today, this hour), then the
        // upcoming media in the app's order (1, then 0.75); the episode
        // played is left out (onlyPredictSuggestedIntents for episodes).
        #expect(items == [["playlist-1"], ["episode-13"], ["playlist-1"]], "\(suggest.both)")
        #expect(reasons == [["donations"], ["upcomingMedia"], ["upcomingMedia"]], "\(suggest.both)")
        let donated = try system.donations(ofApp: Self.app).map { Self.mediaItems(["shortcut": $0["shortcut"] ?? [:]]) }
        #expect(donated.contains(["episode-12"]), "the episode's play is donated; only its suggestion is left out: \(donated)")
    }

    /// The identifiers of a suggested or donated shortcut's media items.
    static func mediaItems(_ suggestion: [String: Any]) -> [String] {
        let parameters = (suggestion["shortcut"] as? [String: Any])?["parameters"] as? [String: Any]
        return (parameters?["mediaItems"] as? [[String: Any]] ?? []).compactMap { $0["identifier"] as? String }
    }

    @Test("a suggested media intent can be given a phrase, and saying it plays the episode in the app")
    func upcomingMediaRuns() throws {
        let system = try system()
        defer { system.tearDown() }
        try play("Morning Mix", in: system)
        let listed = try system.exthost(["siri", "media", Self.app, "--json"]).json()
        let upcoming = try #require((listed["apps"] as? [[String: Any]])?.first?["suggestedMediaIntents"] as? [[String: Any]])
        let reference = try #require(upcoming.first?["reference"] as? String)

        let added = try system.exthost(["shortcuts", "add", "--shortcut", reference, "new jazz hour"])
        #expect(added.status == 0, "\(added.both)")
        let said = try system.exthost(["say", "--json", "new jazz hour"])
        #expect(said.status == 0, "\(said.both)")
        #expect(system.output(ofApp: Self.app).contains("[Media] playing Jazz Hour, Episode 13"), "\(system.output(ofApp: Self.app))")
    }
}
