import ExthostTestSupport
import Foundation
import Testing

/// Media: Apple's `INPlayMediaIntent`, a system intent, handled in the app
/// (no extension), through `exthost run --json` against the media example.
@Suite("Media, end to end")
struct MediaTests {
    static let app = "com.example.media"

    private func system(environment: [String: String] = [:]) throws -> ExampleSystem {
        try ExampleSystem(apps: [ExampleApp.media], environment: environment)
    }

    private func play(_ parameters: String, in system: ExampleSystem, answers: [String] = []) throws -> CommandRunner.Result {
        try system.run(#"{"intent": "INPlayMediaIntent", "parameters": \#(parameters)}"#, answers: answers)
    }

    @Test("a playlist found from the media search plays in the app, which stays in the background")
    func playsInApp() throws {
        let system = try system()
        defer { system.tearDown() }
        let result = try system.run(exampleRequest: "Examples/Media/Requests/play-morning-mix.json")
        #expect(result.status == 0, "\(result.both)")
        let json = try result.json()
        #expect(json["code"] as? String == "success")
        #expect(json["message"] as? String == "Playing.")
        #expect(system.output(ofApp: Self.app).contains("[Media] playing Morning Mix (shuffled) in the background"))
        #expect(system.handoff.applicationState(ofApp: Self.app) == .background)
    }

    @Test("exthost run --json shows the in-app handler's nowPlayingInfo as a JSON object under response.nowPlayingInfo",
          arguments: RequestPath.allCases)
    func nowPlayingInfoIsAnObject(path: RequestPath) throws {
        let system = try system(environment: path.environment)
        defer { system.tearDown() }
        let result = try system.run(exampleRequest: "Examples/Media/Requests/play-morning-mix.json",
                                    options: path.options)
        let service = StartedService.processID(in: result)
        defer { if let service { #expect(StartedService.stop(service)) } }
        #expect((service != nil) == (path == .service), "\(result.both)")
        #expect(result.status == 0, "\(result.both)")
        let response = try #require(try result.json()["response"] as? [String: Any], "\(result.both)")
        #expect(Array(response.keys) == ["nowPlayingInfo"], "\(result.both)")
        let info = try #require(response["nowPlayingInfo"] as? [String: Any], "\(result.both)")
        #expect(info["title"] as? String == "Morning Mix")
        #expect(info["artist"] as? String == "Various")
        #expect(info["MPNowPlayingInfoPropertyPlaybackRate"] as? Double == 1)
    }

    @Test("run with --isolated (extensions in processes of their own), the in-app play gives the same response, nowPlayingInfo included")
    func isolated() throws {
        let system = try system()
        defer { system.tearDown() }
        let local = try system.run(exampleRequest: "Examples/Media/Requests/play-morning-mix.json")
        let isolated = try system.run(exampleRequest: "Examples/Media/Requests/play-morning-mix.json", options: ["--isolated"])
        #expect(isolated.status == 0, "\(isolated.both)")
        #expect(try isolated.jsonWithoutTimings() == local.jsonWithoutTimings())
        #expect((try isolated.json()["response"] as? [String: Any])?["nowPlayingInfo"] is [String: Any], "\(isolated.both)")
    }

    @Test("a search two items match is asked about; the one picked plays")
    func disambiguation() throws {
        let system = try system()
        defer { system.tearDown() }
        let parameters = #"{"mediaSearch": {"displayString": "blue", "properties": {"mediaName": "blue"}}}"#
        let question = try system.question(#"{"intent": "INPlayMediaIntent", "parameters": \#(parameters)}"#)
        #expect(question["prompt"] as? String == "Which one do you want to play?")
        let choices = try #require(question["choices"] as? [[String: Any]])
        #expect(choices.map { $0["title"] as? String } == ["Blue in Green", "Blue Train"])

        let answered = try play(parameters, in: system, answers: ["mediaItems=Blue Train"])
        #expect(answered.status == 0, "\(answered.both)")
        #expect(system.output(ofApp: Self.app).contains("[Media] playing Blue Train in the background"))
    }

    @Test("application(_:handlerFor:) sees the request's values: a search for a podcast show goes to the episode player, which plays the newest episode")
    func handlerForSeesValues() throws {
        let system = try system()
        defer { system.tearDown() }
        // The same name without a type: the music handler finds both episodes and asks.
        let untyped = #"{"mediaSearch": {"displayString": "Jazz Hour", "properties": {"mediaName": "Jazz Hour"}}}"#
        let question = try system.question(#"{"intent": "INPlayMediaIntent", "parameters": \#(untyped)}"#)
        #expect(question["prompt"] as? String == "Which one do you want to play?")

        let show = #"{"mediaSearch": {"displayString": "Jazz Hour", "properties": {"mediaName": "Jazz Hour", "mediaType": "podcastShow"}}}"#
        let played = try play(show, in: system)
        #expect(played.status == 0, "\(played.both)")
        #expect(try played.json()["code"] as? String == "success", "\(played.both)")
        #expect(system.output(ofApp: Self.app).contains("[Media] playing Jazz Hour, Episode 13 in the background"), "\(system.output(ofApp: Self.app))")
        #expect(!system.output(ofApp: Self.app).contains("Episode 12"))

        // A show the library lacks is the podcast handler's to refuse.
        let missing = #"{"mediaSearch": {"displayString": "Blue Train", "properties": {"mediaName": "Blue Train", "mediaType": "podcastShow"}}}"#
        let refused = try play(missing, in: system)
        #expect(refused.status == 3, "\(refused.both)")
        #expect(try refused.json()["outcome"] as? String == "unsupported", "\(refused.both)")
        #expect(!system.output(ofApp: Self.app).contains("playing Blue Train"))
    }

    @Test("INPlayMediaMediaItemUnsupportedReason and the speed's reasons are said, and nothing plays")
    func unsupported() throws {
        let system = try system()
        defer { system.tearDown() }
        let premium = try play(#"{"mediaSearch": {"displayString": "Premium Hits", "properties": {"mediaName": "Premium Hits"}}}"#, in: system)
        #expect(premium.status == 3, "\(premium.both)")
        #expect(try premium.json()["message"] as? String == "Playing that needs a subscription.")

        let fast = try play(#"{"mediaSearch": {"displayString": "Morning Mix", "properties": {"mediaName": "Morning Mix"}}, "playbackSpeed": 3}"#, in: system)
        #expect(try fast.json()["message"] as? String == "That speed is too fast.", "\(fast.both)")
        #expect(!system.output(ofApp: Self.app).contains("playing"))
    }

    @Test("an app handling a system intent in-app is refused it too while the person denies it Siri; the app is not launched")
    func siriDeniedInApp() throws {
        let system = try system()
        defer { system.tearDown() }
        #expect(try system.exthost(["siri", "deny", Self.app]).status == 0)
        let refused = try system.run(exampleRequest: "Examples/Media/Requests/play-morning-mix.json")
        #expect(refused.status == 4, "\(refused.both)")
        #expect(refused.both.contains("Siri is denied for \(Self.app)"), "\(refused.both)")
        #expect(!system.output(ofApp: Self.app).contains("playing"), "\(system.output(ofApp: Self.app))")
    }

    @Test("a playlist's name in the media search is matched against the app's INVocabulary before the app sees it")
    func vocabularyMatchesThePlaylist() throws {
        let system = try system()
        defer { system.tearDown() }
        let spoken = #"{"mediaSearch": {"displayString": "manha de domingo", "properties": {"mediaName": "manha de domingo"}}}"#
        // The app's first launch is for this request: nothing is registered
        // before it, and the app does not know the name without its accent.
        let first = try play(spoken, in: system)
        #expect(try first.json()["outcome"] as? String == "unsupported", "\(first.both)")
        // Launched, the app has told the system its playlists.
        let matched = try play(spoken, in: system)
        #expect(matched.status == 0, "\(matched.both)")
        #expect(system.output(ofApp: Self.app).contains("[Media] playing Manhã de Domingo"), "\(system.output(ofApp: Self.app))")
    }
}
