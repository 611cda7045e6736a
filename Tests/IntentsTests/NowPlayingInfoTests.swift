import Foundation
@testable import Intents
import Testing

/// `INPlayMediaIntentResponse.nowPlayingInfo`: Apple's `[String: Any]?`,
/// crossing as a JSON object of strings, numbers and Booleans.
@Suite("INPlayMediaIntentResponse.nowPlayingInfo")
struct NowPlayingInfoTests {
    @Test("strings, numbers and Booleans come back as set, after crossing as the response's JSON properties")
    func roundTrip() throws {
        let response = INPlayMediaIntentResponse(code: .success, userActivity: nil)
        response.nowPlayingInfo = ["title": "Morning Mix", "playbackDuration": 245.5, "albumTrackNumber": 3, "isExplicit": false]
        let received = INPlayMediaIntentResponse()
        received._exthostApply(code: response._exthostCode, properties: response._exthostProperties())
        let info = try #require(received.nowPlayingInfo)
        #expect(info["title"] as? String == "Morning Mix")
        #expect(info["playbackDuration"] as? Double == 245.5)
        #expect(info["albumTrackNumber"] as? Int == 3)
        #expect(info["isExplicit"] as? Bool == false)
        #expect(received.code == .success)
    }

    @Test("a value that is not JSON is refused by its key, saying what it held and what to give; the rest is kept")
    func refusesValuesThatAreNotJSON() throws {
        let encoded = NowPlayingInfo.encode(["title": "Morning Mix", "releaseDate": Date(timeIntervalSince1970: 0), "genres": ["jazz"]])
        #expect(NowPlayingInfo.decode(encoded.json)?.keys.sorted() == ["title"])
        #expect(encoded.refused.count == 2)
        let date = try #require(encoded.refused.first { $0.contains("\"releaseDate\"") })
        #expect(date.contains("Date"))
        #expect(date.contains("not JSON"))
        #expect(date.contains("seconds since 1970"))
        #expect(encoded.refused.contains { $0.contains("\"genres\"") })

        let response = INPlayMediaIntentResponse(code: .success, userActivity: nil)
        response.nowPlayingInfo = ["title": "Morning Mix", "releaseDate": Date(timeIntervalSince1970: 0)]
        #expect(response.nowPlayingInfo?.keys.sorted() == ["title"])
        response.nowPlayingInfo = nil
        #expect(response.nowPlayingInfo == nil)
        #expect(response._exthostProperties().isEmpty)
    }
}
