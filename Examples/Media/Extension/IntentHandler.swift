import Intents

/// The media app's Intents extension, shaped as media extensions are on
/// iOS: each intent's items are found from the request's `mediaSearch`
/// (one match succeeds, several are offered, an explicit one is refused
/// while explicit content is off), then added to the library or a
/// playlist, listed, or liked.
class IntentHandler: INExtension, INAddMediaIntentHandling, INSearchForMediaIntentHandling, INUpdateMediaAffinityIntentHandling {
    override func handler(for intent: INIntent) -> Any { self }

    /// How the items of any media intent resolve: nothing asked for is a
    /// question, nothing found is unsupported, an explicit item is refused
    /// for the settings, several are offered.
    private enum Found {
        case items([INMediaItem])
        case several([INMediaItem])
        case nothingAskedFor
        case nothingFound
        case explicit
    }

    private func find(_ items: [INMediaItem]?, _ search: INMediaSearch?) -> Found {
        if (items ?? []).isEmpty, search == nil { return .nothingAskedFor }
        let entries = Library.entries(items: items, search: search)
        if entries.isEmpty { return .nothingFound }
        if entries.contains(where: \.explicit) { return .explicit }
        return entries.count == 1 || !(items ?? []).isEmpty ? .items(entries.map(\.item)) : .several(entries.map(\.item))
    }

    /// The results of any media intent's `resolveMediaItems`.
    ///
    /// - Parameters:
    ///   - successes: The intent's own `successes(with:)`.
    ///   - explicit: Its result refusing explicit content for the settings.
    private func resolve<Result: INMediaItemResolutionResult>(_ items: [INMediaItem]?, _ search: INMediaSearch?,
                                                              successes: ([INMediaItem]) -> [Result],
                                                              explicit: () -> Result) -> [Result] {
        switch find(items, search) {
        case .items(let found): successes(found)
        case .several(let found): [.disambiguation(with: found)]
        case .nothingAskedFor: [.needsValue()]
        case .nothingFound: [.unsupported()]
        case .explicit: [explicit()]
        }
    }

    // MARK: Add

    func resolveMediaItems(for intent: INAddMediaIntent, with completion: @escaping ([INAddMediaMediaItemResolutionResult]) -> Void) {
        completion(resolve(intent.mediaItems, intent.mediaSearch, successes: INAddMediaMediaItemResolutionResult.successes(with:),
                           explicit: { .unsupported(forReason: .explicitContentSettings) }))
    }

    func resolveMediaDestination(for intent: INAddMediaIntent, with completion: @escaping (INAddMediaMediaDestinationResolutionResult) -> Void) {
        guard case .playlist(let name)? = intent.mediaDestination else {
            completion(.success(with: .library))
            return
        }
        if Library.appPlaylists.contains(name) {
            completion(.unsupported(forReason: .playlistNotEditable))
        } else if Library().state().playlists[name] == nil {
            completion(.unsupported(forReason: .playlistNameNotFound))
        } else {
            completion(.success(with: .playlist(name)))
        }
    }

    func handle(intent: INAddMediaIntent, completion: @escaping (INAddMediaIntentResponse) -> Void) {
        let library = Library()
        var state = library.state()
        let identifiers = (intent.mediaItems ?? []).compactMap(\.identifier)
        if case .playlist(let name)? = intent.mediaDestination {
            state.playlists[name, default: []].append(contentsOf: identifiers)
        } else {
            state.library.append(contentsOf: identifiers.filter { !state.library.contains($0) })
        }
        do {
            try library.save(state)
            completion(INAddMediaIntentResponse(code: .success, userActivity: nil))
        } catch {
            ExtensionHost.log("the library could not be saved: \(error)", level: .error)
            completion(INAddMediaIntentResponse(code: .failure, userActivity: nil))
        }
    }

    // MARK: Search

    func resolveMediaItems(for intent: INSearchForMediaIntent, with completion: @escaping ([INSearchForMediaMediaItemResolutionResult]) -> Void) {
        completion(resolve(intent.mediaItems, intent.mediaSearch, successes: INSearchForMediaMediaItemResolutionResult.successes(with:),
                           explicit: { .unsupported(forReason: .explicitContentSettings) }))
    }

    func handle(intent: INSearchForMediaIntent, completion: @escaping (INSearchForMediaIntentResponse) -> Void) {
        let response = INSearchForMediaIntentResponse(code: .success, userActivity: nil)
        response.mediaItems = intent.mediaItems
        completion(response)
    }

    // MARK: Like and dislike

    func resolveMediaItems(for intent: INUpdateMediaAffinityIntent,
                           with completion: @escaping ([INUpdateMediaAffinityMediaItemResolutionResult]) -> Void) {
        completion(resolve(intent.mediaItems, intent.mediaSearch, successes: INUpdateMediaAffinityMediaItemResolutionResult.successes(with:),
                           explicit: { .unsupported(forReason: .explicitContentSettings) }))
    }

    func resolveAffinityType(for intent: INUpdateMediaAffinityIntent, with completion: @escaping (INMediaAffinityTypeResolutionResult) -> Void) {
        completion(intent.affinityType == .unknown ? .needsValue() : .success(with: intent.affinityType))
    }

    func handle(intent: INUpdateMediaAffinityIntent, completion: @escaping (INUpdateMediaAffinityIntentResponse) -> Void) {
        let library = Library()
        var state = library.state()
        for identifier in (intent.mediaItems ?? []).compactMap(\.identifier) {
            state.affinities[identifier] = intent.affinityType == .like ? "like" : "dislike"
        }
        do {
            try library.save(state)
            completion(INUpdateMediaAffinityIntentResponse(code: .success, userActivity: nil))
        } catch {
            ExtensionHost.log("the likes could not be saved: \(error)", level: .error)
            completion(INUpdateMediaAffinityIntentResponse(code: .failure, userActivity: nil))
        }
    }
}
