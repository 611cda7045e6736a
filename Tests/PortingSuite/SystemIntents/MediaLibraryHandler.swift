import Intents

/// Adding to the library, searching it and liking what plays: a plain
/// `NSObject` conforming to the other three media protocols.
class MediaLibraryHandler: NSObject, INAddMediaIntentHandling, INSearchForMediaIntentHandling, INUpdateMediaAffinityIntentHandling {
    let nowPlaying = INMediaItem(identifier: "s1", title: "Slow Morning", type: .song, artwork: nil, artist: "The Probes")

    func resolveMediaItems(for intent: INAddMediaIntent, with completion: @escaping ([INAddMediaMediaItemResolutionResult]) -> Void) {
        guard intent.mediaSearch != nil else {
            completion(INAddMediaMediaItemResolutionResult.successes(with: [nowPlaying]))
            return
        }
        completion([.unsupported(forReason: .unsupportedMediaType)])
    }

    /// Written as on iOS, where `INMediaDestination` is the Swift overlay's
    /// enum: the library by default, the one editable playlist by its own
    /// spelling, any other playlist refused.
    func resolveMediaDestination(for intent: INAddMediaIntent) async -> INAddMediaMediaDestinationResolutionResult {
        switch intent.mediaDestination {
        case nil, .library?:
            return .success(with: .library)
        case .playlist(let name)?:
            guard name.caseInsensitiveCompare("Favourites") == .orderedSame else { return .unsupported(forReason: .playlistNotEditable) }
            return .success(with: .playlist("Favourites"))
        }
    }

    func resolveMediaItems(for intent: INSearchForMediaIntent) async -> [INSearchForMediaMediaItemResolutionResult] {
        guard let name = intent.mediaSearch?.mediaName else { return [.unsupported(forReason: .loginRequired)] }
        return INSearchForMediaMediaItemResolutionResult.successes(with: [INMediaItem(identifier: name, title: name, type: .music, artwork: nil)])
    }

    func resolveMediaItems(for intent: INUpdateMediaAffinityIntent, with completion: @escaping ([INUpdateMediaAffinityMediaItemResolutionResult]) -> Void) {
        // The base class's successes made into the intent's own, as apps sharing one resolver among the media intents write it.
        completion(INMediaItemResolutionResult.successes(with: intent.mediaItems ?? [nowPlaying])
            .map(INUpdateMediaAffinityMediaItemResolutionResult.init(mediaItemResolutionResult:)))
    }

    func resolveAffinityType(for intent: INUpdateMediaAffinityIntent, with completion: @escaping (INMediaAffinityTypeResolutionResult) -> Void) {
        completion(intent.affinityType == .unknown ? .confirmationRequired(with: .like) : .success(with: intent.affinityType))
    }

    func confirm(intent: INAddMediaIntent, completion: @escaping (INAddMediaIntentResponse) -> Void) {
        completion(INAddMediaIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm")))
    }

    func confirm(intent: INSearchForMediaIntent) async -> INSearchForMediaIntentResponse {
        INSearchForMediaIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm"))
    }

    func confirm(intent: INUpdateMediaAffinityIntent, completion: @escaping (INUpdateMediaAffinityIntentResponse) -> Void) {
        completion(INUpdateMediaAffinityIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm")))
    }

    func handle(intent: INAddMediaIntent) async -> INAddMediaIntentResponse {
        INAddMediaIntentResponse(code: .success, userActivity: nil)
    }

    func handle(intent: INSearchForMediaIntent, completion: @escaping (INSearchForMediaIntentResponse) -> Void) {
        let response = INSearchForMediaIntentResponse(code: .continueInApp, userActivity: nil)
        response.mediaItems = [nowPlaying]
        completion(response)
    }

    func handle(intent: INUpdateMediaAffinityIntent, completion: @escaping (INUpdateMediaAffinityIntentResponse) -> Void) {
        completion(INUpdateMediaAffinityIntentResponse(code: .success, userActivity: nil))
    }
}
