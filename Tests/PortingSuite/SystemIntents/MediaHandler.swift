import Intents

/// Media playback handled by an `INExtension` subclass of its own.
class MediaHandler: INExtension, INPlayMediaIntentHandling {
    let library = [INMediaItem(identifier: "p1", title: "Morning Mix", type: .playlist, artwork: nil, artist: nil)]

    func resolveMediaItems(for intent: INPlayMediaIntent, with completion: @escaping ([INPlayMediaMediaItemResolutionResult]) -> Void) {
        guard let search = intent.mediaSearch else {
            completion([.unsupported(forReason: .subscriptionRequired)])
            return
        }
        let found = library.filter { item in search.mediaName.map { item.title?.localizedCaseInsensitiveContains($0) ?? false } ?? false }
        completion(found.isEmpty ? [.unsupported(forReason: .unsupportedMediaType)] : INPlayMediaMediaItemResolutionResult.successes(with: found))
    }

    func resolvePlayShuffled(for intent: INPlayMediaIntent) async -> INBooleanResolutionResult {
        .success(with: intent.playShuffled ?? false)
    }

    func resolvePlaybackRepeatMode(for intent: INPlayMediaIntent, with completion: @escaping (INPlaybackRepeatModeResolutionResult) -> Void) {
        completion(.success(with: intent.playbackRepeatMode == .unknown ? .none : intent.playbackRepeatMode))
    }

    func resolveResumePlayback(for intent: INPlayMediaIntent) async -> INBooleanResolutionResult {
        .unsupported()
    }

    func resolvePlaybackQueueLocation(for intent: INPlayMediaIntent, with completion: @escaping (INPlaybackQueueLocationResolutionResult) -> Void) {
        completion(intent.playbackQueueLocation == .unknown ? .success(with: .now) : .success(with: intent.playbackQueueLocation))
    }

    func resolvePlaybackSpeed(for intent: INPlayMediaIntent) async -> INPlayMediaPlaybackSpeedResolutionResult {
        guard let speed = intent.playbackSpeed else { return .unsupported(forReason: .belowMinimum) }
        return speed > 2 ? .unsupported(forReason: .aboveMaximum) : .success(with: speed)
    }

    func confirm(intent: INPlayMediaIntent, completion: @escaping (INPlayMediaIntentResponse) -> Void) {
        completion(INPlayMediaIntentResponse(code: .ready, userActivity: NSUserActivity(activityType: "com.example.porting.system.confirm")))
    }

    func handle(intent: INPlayMediaIntent) async -> INPlayMediaIntentResponse {
        INPlayMediaIntentResponse(code: .handleInApp, userActivity: nil)
    }
}
