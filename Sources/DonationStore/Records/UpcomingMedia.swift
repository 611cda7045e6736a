import Foundation
import GRDB

/// What a media app tells Siri about the person (`INMediaUserContext`, iOS
/// 13), as the system keeps it per app: the app's latest
/// `becomeCurrent()`.
public struct MediaUserContext: Sendable, Equatable {
    /// `INMediaUserContext.SubscriptionStatus`, Apple's cases and raw values.
    public enum SubscriptionStatus: Int, CaseIterable, Sendable {
        case unknown = 0
        case notSubscribed = 1
        case subscribed = 2

        /// The case's name, as Apple's Swift enum spells it.
        public var name: String {
            switch self {
            case .unknown: "unknown"
            case .notSubscribed: "notSubscribed"
            case .subscribed: "subscribed"
            }
        }
    }

    public var app: String
    public var subscriptionStatus: SubscriptionStatus
    /// How many items the person has in the app's library, when the app said.
    public var numberOfLibraryItems: Int?
    /// When the app last made it current.
    public var changed: Date

    public init(app: String, subscriptionStatus: SubscriptionStatus, numberOfLibraryItems: Int?, changed: Date = Date()) {
        self.app = app
        self.subscriptionStatus = subscriptionStatus
        self.numberOfLibraryItems = numberOfLibraryItems
        self.changed = changed
    }
}

/// `INUpcomingMediaPredictionMode`, Apple's cases and raw values.
public enum MediaPredictionMode: Int, CaseIterable, Sendable {
    /// Donated and suggested media intents are both predicted.
    case `default` = 0
    /// Only the app's suggested media intents are (a podcast app's new
    /// episodes, not what the person already heard).
    case onlyPredictSuggestedIntents = 1

    /// The case's name, as Apple's Swift enum spells it.
    public var name: String {
        switch self {
        case .default: "default"
        case .onlyPredictSuggestedIntents: "onlyPredictSuggestedIntents"
        }
    }
}

/// The media intents an app may suggest (`INUpcomingMediaManager`), and
/// what media type one is about.
public enum UpcomingMedia {
    /// The intents `setSuggestedMediaIntents(_:)` takes: the media domain's.
    public static let intents: Set<String> = ["INPlayMediaIntent", "INAddMediaIntent", "INSearchForMediaIntent", "INUpdateMediaAffinityIntent"]

    /// The `INMediaItemType` case name a media intent is about: its first
    /// media item's type, else its container's, else its search's media
    /// type; `nil` for another intent or one that says none.
    public static func mediaType(of shortcut: Shortcut) -> String? {
        guard let intent = shortcut.intent, intents.contains(intent), let text = shortcut.parameters,
              let parameters = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else { return nil }
        func type(_ object: Any?, _ key: String) -> String? {
            ((object as? [String: Any])?["properties"] as? [String: Any])?[key] as? String
        }
        return type((parameters["mediaItems"] as? [Any])?.first, "type") ?? type(parameters["mediaContainer"], "type")
            ?? type(parameters["mediaSearch"], "mediaType")
    }
}

extension DonationStore {
    // MARK: Media user context

    /// Replaces `app`'s media user context (`INUserContext.becomeCurrent()`).
    public func setMediaUserContext(_ context: MediaUserContext) throws(DonationStoreError) {
        try write(.donatingInteraction, "cannot keep the media user context of \(context.app)") { db in
            try db.execute(sql: """
                INSERT OR REPLACE INTO mediaUserContext (app, subscriptionStatus, numberOfLibraryItems, changed) VALUES (?, ?, ?, ?)
                """, arguments: [context.app, context.subscriptionStatus.rawValue, context.numberOfLibraryItems,
                                 context.changed.timeIntervalSince1970])
        }
    }

    /// The media user contexts kept, by app; `app`'s alone when given.
    public func mediaUserContexts(app: String? = nil) throws(DonationStoreError) -> [MediaUserContext] {
        try read { db in
            let filter = app == nil ? "" : " WHERE app = ?"
            let arguments: StatementArguments = app.map { [$0] } ?? []
            return try Row.fetchAll(db, sql: "SELECT * FROM mediaUserContext\(filter) ORDER BY app",
                                    arguments: arguments).map { row in
                MediaUserContext(app: row["app"], subscriptionStatus: MediaUserContext.SubscriptionStatus(rawValue: row["subscriptionStatus"]) ?? .unknown,
                                 numberOfLibraryItems: row["numberOfLibraryItems"],
                                 changed: Date(timeIntervalSince1970: row["changed"]))
            }
        }
    }

    // MARK: Upcoming media

    /// Replaces `app`'s suggested media intents, most important first
    /// (`INUpcomingMediaManager.setSuggestedMediaIntents(_:)`); an empty
    /// list removes them. A shortcut given twice is kept at its first place.
    ///
    /// - Returns: How many were kept.
    @discardableResult
    public func setSuggestedMediaIntents(app: String, _ shortcuts: [Shortcut]) throws(DonationStoreError) -> Int {
        try write(.donatingInteraction, "cannot set the suggested media intents of \(app)") { db in
            try db.execute(sql: "DELETE FROM upcomingMedia WHERE app = ?", arguments: [app])
            var seen = Set<String>()
            for shortcut in shortcuts where seen.insert(shortcut.key).inserted {
                try db.execute(sql: "INSERT INTO upcomingMedia (app, position, shortcutKey, shortcut) VALUES (?, ?, ?, ?)",
                               arguments: [app, seen.count - 1, shortcut.key, Self.encode(shortcut)])
            }
            return seen.count
        }
    }

    /// The suggested media intents kept, each app's in its order; `app`'s
    /// alone when given.
    public func suggestedMediaIntents(app: String? = nil) throws(DonationStoreError) -> [Shortcut] {
        try read { db in
            let filter = app == nil ? "" : " WHERE app = ?"
            let arguments: StatementArguments = app.map { [$0] } ?? []
            return try String.fetchAll(db, sql: "SELECT shortcut FROM upcomingMedia\(filter) ORDER BY app, position",
                                       arguments: arguments).compactMap { Self.decode($0) }
        }
    }

    /// Sets how `app`'s media intents of `mediaType` (an `INMediaItemType`
    /// case name) are predicted (`setPredictionMode(_:for:)`); `default`
    /// forgets an earlier mode.
    public func setMediaPredictionMode(_ mode: MediaPredictionMode, app: String, mediaType: String, date: Date = Date()) throws(DonationStoreError) {
        try write(.donatingInteraction, "cannot set the media prediction mode of \(app)") { db in
            if mode == .default {
                try db.execute(sql: "DELETE FROM mediaPredictionMode WHERE app = ? AND mediaType = ?", arguments: [app, mediaType])
            } else {
                try db.execute(sql: "INSERT OR REPLACE INTO mediaPredictionMode (app, mediaType, mode, changed) VALUES (?, ?, ?, ?)",
                               arguments: [app, mediaType, mode.rawValue, date.timeIntervalSince1970])
            }
        }
    }

    /// The prediction modes other than `default`, by app and media type.
    public func mediaPredictionModes(app: String? = nil) throws(DonationStoreError) -> [(app: String, mediaType: String, mode: MediaPredictionMode)] {
        try read { db in
            let filter = app == nil ? "" : " WHERE app = ?"
            let arguments: StatementArguments = app.map { [$0] } ?? []
            return try Row.fetchAll(db, sql: "SELECT app, mediaType, mode FROM mediaPredictionMode\(filter) ORDER BY app, mediaType",
                                    arguments: arguments).map { row in
                (row["app"], row["mediaType"], MediaPredictionMode(rawValue: row["mode"]) ?? .default)
            }
        }
    }
}
