import AppProcess

/// *Play Media*, handled in the app, as WWDC20 shows media apps do: the app
/// lists `INPlayMediaIntent` in `INIntentsSupported`, so the system
/// launches it in the background and sends each stage here, and the app
/// starts playing without coming to the foreground.
///
/// - `mediaItems` are found from the request's `mediaSearch` (its
///   `mediaName`) in the library: one match succeeds, several are offered,
///   none is unsupported, and an item of the premium catalogue is
///   unsupported with `subscriptionRequired`.
/// - `playbackSpeed` outside 0.5…2 is unsupported (`belowMinimum`,
///   `aboveMaximum`).
@MainActor
final class PlayMediaHandler: InAppIntentHandling {
    struct Item {
        let identifier: String
        let title: String
        let artist: String
        let premium: Bool

        var wire: WireValue {
            .object(["identifier": .string(identifier), "displayString": .string(title),
                     "properties": .object(["title": .string(title), "artist": .string(artist)])])
        }
    }

    static let library = [
        Item(identifier: "song-1", title: "Blue in Green", artist: "Miles Davis", premium: false),
        Item(identifier: "album-1", title: "Blue Train", artist: "John Coltrane", premium: false),
        Item(identifier: "playlist-1", title: "Morning Mix", artist: "Various", premium: false),
        Item(identifier: "playlist-2", title: "Premium Hits", artist: "Various", premium: true),
        Item(identifier: "playlist-3", title: "Manhã de Domingo", artist: "Various", premium: false),
    ]

    let application: Application

    init(application: Application) {
        self.application = application
    }

    func resolve(parameter: String, of intent: InAppIntentRequest, completion: @escaping @Sendable (InAppResolution) -> Void) {
        switch parameter {
        case "mediaItems": completion(resolveItems(intent))
        case "playbackSpeed": completion(resolveSpeed(intent.parameters["playbackSpeed"]?.doubleValue))
        default:
            let value = intent.parameters[parameter]
            completion(value == nil || value == .null ? .notRequired() : .success(with: value!))
        }
    }

    private func resolveItems(_ intent: InAppIntentRequest) -> InAppResolution {
        if let items = intent.parameters["mediaItems"]?.arrayValue, !items.isEmpty {
            return .success(with: .array(items))
        }
        guard let name = intent.parameters["mediaSearch"]?["properties"]?["mediaName"]?.stringValue?.lowercased() else {
            return .needsValue()
        }
        let matches = Self.library.filter { $0.title.lowercased() == name }
            .nonEmpty ?? Self.library.filter { $0.title.lowercased().contains(name) }
        switch matches.count {
        case 0: return .unsupported()
        case 1 where matches[0].premium: return .unsupported(forReason: "subscriptionRequired")
        case 1: return .success(with: .array([matches[0].wire]))
        default: return .disambiguation(with: matches.map(\.wire))
        }
    }

    private func resolveSpeed(_ speed: Double?) -> InAppResolution {
        guard let speed else { return .notRequired() }
        if speed < 0.5 { return .unsupported(forReason: "belowMinimum") }
        if speed > 2 { return .unsupported(forReason: "aboveMaximum") }
        return .success(with: .double(speed))
    }

    func handle(intent: InAppIntentRequest, completion: @escaping @Sendable (InAppIntentResponse) -> Void) {
        let titles = (intent.parameters["mediaItems"]?.arrayValue ?? []).compactMap { $0["displayString"]?.stringValue }
        guard !titles.isEmpty else {
            completion(InAppIntentResponse(code: .failure))
            return
        }
        var how: [String] = []
        if intent.parameters["playShuffled"]?.boolValue == true { how.append("shuffled") }
        if let speed = intent.parameters["playbackSpeed"]?.doubleValue { how.append("at \(speed.formatted())x") }
        let state = application.applicationState == .background ? "in the background" : "on screen"
        application.show("playing \(titles.joined(separator: ", "))\(how.isEmpty ? "" : " (\(how.joined(separator: ", ")))") \(state)")
        completion(InAppIntentResponse(code: .success))
    }
}

private extension Array {
    var nonEmpty: Self? { isEmpty ? nil : self }
}
