import Foundation

extension INPlayMediaIntentResponse {
    /// What is playing, as Apple declares it (`[String: Any]?`, iOS 12): the
    /// keys are MediaPlayer's strings (`MPMediaItemPropertyTitle` is
    /// `"title"`, `MPMediaItemPropertyArtist` `"artist"`,
    /// `MPNowPlayingInfoPropertyElapsedPlaybackTime`
    /// `"MPNowPlayingInfoPropertyElapsedPlaybackTime"`, …). Linux has no
    /// MediaPlayer: exthost declares none of those constants and knows no
    /// key; any string key passes through unchanged.
    ///
    /// The dictionary crosses to the host, and from the app in the in-app
    /// path, as a JSON object (the text in `nowPlayingInfoJSON`), so each
    /// value must be a string, a number or a Boolean. A value that is not
    /// (an `MPMediaItemArtwork`, a `Date`, a nested collection) is refused:
    /// its key is left out and the host's log says which key, what it held
    /// and what to do.
    public var nowPlayingInfo: [String: Any]? {
        get { nowPlayingInfoJSON.flatMap(NowPlayingInfo.decode) }
        set {
            guard let newValue else {
                nowPlayingInfoJSON = nil
                return
            }
            let encoded = NowPlayingInfo.encode(newValue)
            for refusal in encoded.refused { ExtensionHost.log(refusal, level: .error) }
            nowPlayingInfoJSON = encoded.json
        }
    }
}

/// `INPlayMediaIntentResponse.nowPlayingInfo`'s form across the ABI: a JSON
/// object of strings, numbers and Booleans.
enum NowPlayingInfo {
    /// The JSON text of the values that are JSON, and an error line for each
    /// key whose value is not, in key order.
    static func encode(_ info: [String: Any]) -> (json: String, refused: [String]) {
        var kept: [String: Any] = [:]
        var refused: [String] = []
        for key in info.keys.sorted() {
            let value = info[key]!
            if let scalar = scalar(value) {
                kept[key] = scalar
            } else {
                refused.append("INPlayMediaIntentResponse.nowPlayingInfo: the value of \"\(key)\" is a \(type(of: value)), "
                    + "which is not JSON; the key is left out. Give a string, a number or a Boolean (a date as its "
                    + "seconds since 1970, artwork as a URL string).")
            }
        }
        let data = (try? JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys])) ?? Data("{}".utf8)
        return (String(decoding: data, as: UTF8.self), refused)
    }

    /// The dictionary a JSON object's text holds, or nil when the text is
    /// not a JSON object.
    static func decode(_ json: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
    }

    /// `value` as a JSON string, number or Boolean, or nil when it is none.
    private static func scalar(_ value: Any) -> Any? {
        switch value {
        case let value as Bool: value
        case let value as String: value
        case let value as Int: value
        case let value as Double where value.isFinite: value
        case let value as Float where value.isFinite: Double(value)
        case let value as any BinaryInteger: Int(exactly: value)
        case let value as NSNumber: value.doubleValue.isFinite ? value : nil
        default: nil
        }
    }
}
