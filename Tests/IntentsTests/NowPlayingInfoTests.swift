import Foundation
@testable import Intents
import Testing

/// `INPlayMediaIntentResponse.nowPlayingInfo`: Apple's `[String: Any]?`,
/// crossing as the text of a JSON object (a response property marked
/// `jsonObject`).
@Suite("INPlayMediaIntentResponse.nowPlayingInfo")
struct NowPlayingInfoTests {
    @Test("strings, numbers, Booleans and nested arrays and dictionaries come back as set, after crossing as the response's JSON properties")
    func roundTrip() throws {
        let response = INPlayMediaIntentResponse(code: .success, userActivity: nil)
        response.nowPlayingInfo = [
            "title": "Morning Mix", "playbackDuration": 245.5, "albumTrackNumber": 3, "isExplicit": false,
            "chapters": ["Intro", 12], "extra": ["rating": 4.5, "tags": ["calm"]],
        ]
        let received = INPlayMediaIntentResponse()
        received._exthostApply(code: response._exthostCode, properties: response._exthostProperties())
        let info = try #require(received.nowPlayingInfo)
        #expect(info["title"] as? String == "Morning Mix")
        #expect(info["playbackDuration"] as? Double == 245.5)
        #expect(info["albumTrackNumber"] as? Int == 3)
        #expect(info["isExplicit"] as? Bool == false)
        let chapters = try #require(info["chapters"] as? [Any])
        #expect(chapters.first as? String == "Intro")
        #expect(chapters.last as? Int == 12)
        let extra = try #require(info["extra"] as? [String: Any])
        #expect(extra["rating"] as? Double == 4.5)
        #expect(extra["tags"] as? [String] == ["calm"])
        #expect(received.code == .success)
    }

    @Test("a value that is not JSON is refused by its key, saying what it held and what to give; the rest is kept")
    func refusesValuesThatAreNotJSON() throws {
        let property = "INPlayMediaIntentResponse.nowPlayingInfo"
        let encoded = _JSONObjectText.textAndRefusals(
            ["title": "Morning Mix", "releaseDate": Date(timeIntervalSince1970: 0), "extra": ["artwork": INImage(named: "cover")]],
            property: property)
        let kept = try #require(_JSONObjectText.decode(encoded.json))
        #expect(kept.keys.sorted() == ["extra", "title"])
        #expect((kept["extra"] as? [String: Any])?.isEmpty == true)
        #expect(encoded.refused.count == 2)
        let date = try #require(encoded.refused.first { $0.contains("\"releaseDate\"") })
        #expect(date.hasPrefix("INPlayMediaIntentResponse.nowPlayingInfo: the value of \"releaseDate\" (Date) is not JSON"), "\(date)")
        #expect(date.contains("seconds since 1970"))
        #expect(encoded.refused.contains { $0.contains(#"the value of "extra"["artwork"] (INImage) is not JSON"#) }, "\(encoded.refused)")

        let response = INPlayMediaIntentResponse(code: .success, userActivity: nil)
        response.nowPlayingInfo = ["title": "Morning Mix", "releaseDate": Date(timeIntervalSince1970: 0)]
        #expect(response.nowPlayingInfo?.keys.sorted() == ["title"])
        response.nowPlayingInfo = nil
        #expect(response.nowPlayingInfo == nil)
        #expect(response._exthostProperties().isEmpty)
    }
}
