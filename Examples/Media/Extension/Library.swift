import Foundation
import Intents

/// The media app's catalogue, and what the person did with it — the
/// library, the playlists, likes and dislikes — kept in the app group's
/// container (`library.json`), which the app reads too.
struct Library {
    /// One item of the catalogue.
    struct Entry {
        var identifier: String
        var title: String
        var type: INMediaItemType
        var artist: String?
        var explicit = false

        var item: INMediaItem {
            INMediaItem(identifier: identifier, title: title, type: type, artwork: nil, artist: artist)
        }
    }

    static let catalogue = [
        Entry(identifier: "song-blue-train", title: "Blue Train", type: .song, artist: "John Coltrane"),
        Entry(identifier: "song-blue-in-green", title: "Blue in Green", type: .song, artist: "Miles Davis"),
        Entry(identifier: "album-kind-of-blue", title: "Kind of Blue", type: .album, artist: "Miles Davis"),
        Entry(identifier: "song-parental-advisory", title: "Parental Advisory", type: .song, artist: "The Examples", explicit: true),
        Entry(identifier: "podcast-swift-talk", title: "Swift Talk", type: .podcastShow),
    ]

    /// Playlists the person made (editable), and ones the app makes (not).
    static let appPlaylists = ["Top 25"]

    /// What is kept in the container.
    struct State: Codable, Equatable {
        var library: [String] = []
        var playlists: [String: [String]] = ["Road Trip": []]
        var affinities: [String: String] = [:]
    }

    let file: URL?

    /// The app group the app and its extension share.
    static let appGroup = "group.com.example.media"

    /// The library of the app group's container, found as iOS code finds
    /// it, or one that keeps nothing when the app declares no group.
    init() {
        file = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: Self.appGroup)?
            .appendingPathComponent("library.json")
    }

    func state() -> State {
        guard let file, let data = try? Data(contentsOf: file) else { return State() }
        return (try? JSONDecoder().decode(State.self, from: data)) ?? State()
    }

    func save(_ state: State) throws {
        guard let file else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(state).write(to: file, options: .atomic)
    }

    /// The entries an intent means: the items it names, else those whose
    /// title (or artist) contains the search's name, else none.
    static func entries(items: [INMediaItem]?, search: INMediaSearch?) -> [Entry] {
        if let items, !items.isEmpty {
            return items.compactMap { item in catalogue.first { $0.identifier == item.identifier || $0.title == item.title } }
        }
        guard let name = (search?.mediaName ?? search?.artistName)?.lowercased(), !name.isEmpty else { return [] }
        let exact = catalogue.filter { $0.title.lowercased() == name }
        if !exact.isEmpty { return exact }
        return catalogue.filter { $0.title.lowercased().contains(name) || ($0.artist?.lowercased().contains(name) ?? false) }
    }
}
