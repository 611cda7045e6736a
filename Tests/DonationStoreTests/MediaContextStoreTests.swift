import DonationStore
import ExthostABI
import ExthostTestSupport
import Foundation
import Testing

/// A media app's side of Siri as the system keeps it — `INMediaUserContext`,
/// `INUpcomingMediaManager`'s suggested intents and prediction modes —
/// through requests in the ABI form against a real store file.
struct MediaContextStoreTests: StoreRequestTesting {
    let app = "com.example.podcasts"

    /// An `INPlayMediaIntent` of one item, as the SDK sends it.
    func play(_ identifier: String, _ title: String, _ type: String) -> String {
        #"{"intent": "INPlayMediaIntent", "parameters": {"mediaItems": [{"identifier": "\#(identifier)", "displayString": "\#(title)", "properties": {"title": "\#(title)", "type": "\#(type)"}}]}}"#
    }

    func refusal(_ operation: DonationOperation, _ json: String, _ store: DonationStore) throws -> String {
        do {
            _ = try perform(operation, json, store)
        } catch let error as DonationStoreError {
            #expect(error.code == .donatingInteraction)
            return error.message
        }
        Issue.record("\(json) was accepted")
        return ""
    }

    @Test("becomeCurrent replaces the app's context; a context of another type, a status outside 0–2 or a negative count is refused and the kept one stays")
    func userContext() throws {
        let store = try store()
        _ = try perform(.setUserContext, #"{"app": "\#(app)", "contextType": "INMediaUserContext", "subscriptionStatus": 2, "numberOfLibraryItems": 345}"#, store)
        _ = try perform(.setUserContext, #"{"app": "com.example.radio", "contextType": "INMediaUserContext"}"#, store)
        #expect(try store.mediaUserContexts().map(\.app) == ["com.example.podcasts", "com.example.radio"])
        let radio = try #require(try store.mediaUserContexts(app: "com.example.radio").first)
        #expect(radio.subscriptionStatus == .unknown && radio.numberOfLibraryItems == nil)

        _ = try perform(.setUserContext, #"{"app": "\#(app)", "contextType": "INMediaUserContext", "subscriptionStatus": 1, "numberOfLibraryItems": 12}"#, store)
        var kept = try #require(try store.mediaUserContexts(app: app).first)
        #expect(kept.subscriptionStatus == .notSubscribed && kept.numberOfLibraryItems == 12)

        #expect(try refusal(.setUserContext, #"{"app": "\#(app)", "contextType": "INCarUserContext"}"#, store).contains("must be \"INMediaUserContext\""))
        #expect(try refusal(.setUserContext, #"{"app": "\#(app)", "contextType": "INMediaUserContext", "subscriptionStatus": 5}"#, store)
            .contains("0 unknown, 1 notSubscribed or 2 subscribed, not 5"))
        #expect(try refusal(.setUserContext, #"{"app": "\#(app)", "contextType": "INMediaUserContext", "numberOfLibraryItems": -1}"#, store)
            .contains("a count (0 or more), not -1"))
        kept = try #require(try store.mediaUserContexts(app: app).first)
        #expect(kept.subscriptionStatus == .notSubscribed && kept.numberOfLibraryItems == 12)
    }

    @Test("suggested media intents are kept in the app's order and suggested in it; a list with another intent is refused whole; an empty list removes them")
    func suggestedMediaIntents() throws {
        let store = try store()
        let list = #"{"app": "\#(app)", "shortcuts": [\#(play("ep-13", "Episode 13", "podcastEpisode")), \#(play("ep-14", "Episode 14", "podcastEpisode")), \#(play("show-1", "The Show", "podcastShow"))]}"#
        #expect(try perform(.setSuggestedMediaIntents, list, store) == 3)
        let kept = try store.suggestedMediaIntents(app: app)
        #expect(kept.map(\.displayTitle).map { $0.contains("Episode 13") } == [true, false, false])
        #expect(kept.compactMap(UpcomingMedia.mediaType(of:)) == ["podcastEpisode", "podcastEpisode", "podcastShow"])

        let suggestions = try store.suggestions(app: app)
        #expect(suggestions.map(\.shortcut.key) == kept.map(\.key), "the app's order is the suggestions' order")
        #expect(suggestions.allSatisfy { $0.reasons == ["upcomingMedia"] })
        #expect(suggestions.first?.score == 1)

        let mixed = #"{"app": "\#(app)", "shortcuts": [\#(play("ep-15", "Episode 15", "podcastEpisode")), {"intent": "INSendMessageIntent", "parameters": {"content": "hi"}}]}"#
        let message = try refusal(.setSuggestedMediaIntents, mixed, store)
        #expect(message.contains("takes media intents") && message.contains("not INSendMessageIntent") && message.contains("nothing was changed"), "\(message)")
        #expect(try store.suggestedMediaIntents(app: app).map(\.key) == kept.map(\.key))

        #expect(try perform(.setSuggestedMediaIntents, #"{"app": "\#(app)", "shortcuts": []}"#, store) == 0)
        #expect(try store.suggestedMediaIntents(app: app).isEmpty && store.suggestions(app: app).isEmpty)
    }

    @Test("onlyPredictSuggestedIntents for a media type leaves the app's donated intents of that type out of suggestions, not other types' nor its suggested ones")
    func predictionMode() throws {
        let store = try store()
        for json in [play("ep-12", "Episode 12", "podcastEpisode"), play("pl-1", "Morning Mix", "playlist")] {
            var object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            object["app"] = app
            let request = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
            _ = try perform(.donateInteraction, request, store)
        }
        _ = try perform(.setSuggestedMediaIntents, #"{"app": "\#(app)", "shortcuts": [\#(play("ep-13", "Episode 13", "podcastEpisode"))]}"#, store)
        #expect(try store.suggestions(app: app).count == 3)

        _ = try perform(.setMediaPredictionMode, #"{"app": "\#(app)", "predictionMode": 1, "mediaType": "podcastEpisode"}"#, store)
        #expect(try store.mediaPredictionModes(app: app).map(\.mode) == [.onlyPredictSuggestedIntents])
        let titles = try store.suggestions(app: app).map(\.shortcut.displayTitle)
        #expect(titles.count == 2, "\(titles)")
        #expect(titles.contains { $0.contains("Episode 13") } && titles.contains { $0.contains("Morning Mix") }, "\(titles)")
        #expect(!titles.contains { $0.contains("Episode 12") }, "\(titles)")

        #expect(try refusal(.setMediaPredictionMode, #"{"app": "\#(app)", "predictionMode": 2, "mediaType": "podcastEpisode"}"#, store)
            .contains("INUpcomingMediaPredictionMode number (0 default, 1 onlyPredictSuggestedIntents), not 2"))
        #expect(try refusal(.setMediaPredictionMode, #"{"app": "\#(app)", "predictionMode": 0, "mediaType": 7}"#, store)
            .contains("INMediaItemType case name"))

        // Back to default: the donated episode is suggested again.
        _ = try perform(.setMediaPredictionMode, #"{"app": "\#(app)", "predictionMode": 0, "mediaType": "podcastEpisode"}"#, store)
        #expect(try store.mediaPredictionModes(app: app).isEmpty)
        #expect(try store.suggestions(app: app).count == 3)
    }
}
