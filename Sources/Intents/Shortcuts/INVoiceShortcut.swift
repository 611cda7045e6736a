import ExthostABI
import CExthost
import Foundation

/// A phrase the user attached to a shortcut ("Add to Siri").
///
/// Voice shortcuts are made and edited by the user, with
/// `exthost shortcuts add|edit|delete`; the SDK describes them.
open class INVoiceShortcut: @unchecked Sendable {
    /// The voice shortcut's identifier.
    public let identifier: UUID
    /// What the user says.
    public let invocationPhrase: String
    /// What runs.
    public let shortcut: INShortcut

    /// Describes a voice shortcut.
    ///
    /// - Parameters:
    ///   - identifier: Its identifier.
    ///   - invocationPhrase: The phrase.
    ///   - shortcut: What the phrase runs.
    public init(identifier: UUID = UUID(), invocationPhrase: String, shortcut: INShortcut) {
        self.identifier = identifier
        self.invocationPhrase = invocationPhrase
        self.shortcut = shortcut
    }
}

/// The app's voice shortcuts and suggestions (`INVoiceShortcutCenter`).
public final class INVoiceShortcutCenter: @unchecked Sendable {
    /// The center.
    public static let shared = INVoiceShortcutCenter()

    private init() {}

    /// Tells the system which shortcuts to suggest for "Add to Siri" even
    /// before they are donated; replaces the app's earlier suggestions.
    /// They count in `exthost suggest`'s ranking (see the README).
    ///
    /// - Parameter suggestions: The shortcuts.
    public func setShortcutSuggestions(_ suggestions: [INShortcut]) {
        let request: [String: Any] = ["shortcuts": suggestions.map(\.donationObject)]
        if let error = INInteraction.send(.setShortcutSuggestions, request, .donatingInteraction,
                                          "Error setting shortcut suggestions") {
            ExtensionHost.log(error.description, level: .error)
        }
    }
}

/// When a relevant shortcut is relevant (`INRelevanceProvider`).
open class INRelevanceProvider: @unchecked Sendable {
    init() {}
}

/// Relevant during a date interval (`INDateRelevanceProvider`).
public final class INDateRelevanceProvider: INRelevanceProvider, @unchecked Sendable {
    /// The start.
    public let startDate: Date
    /// The end, or `nil` for an open end.
    public let endDate: Date?

    /// Relevant from `startDate` to `endDate`.
    public init(start startDate: Date, end endDate: Date?) {
        self.startDate = startDate
        self.endDate = endDate
    }
}

/// A shortcut the app says is relevant, optionally when (`INRelevantShortcut`).
open class INRelevantShortcut: @unchecked Sendable {
    /// The shortcut.
    public let shortcut: INShortcut
    /// When it is relevant; a date relevance counts in `exthost suggest`.
    public var relevanceProviders: [INRelevanceProvider] = []

    /// A relevant shortcut.
    public init(shortcut: INShortcut) {
        self.shortcut = shortcut
    }
}

/// Where relevant shortcuts go (`INRelevantShortcutStore`).
public final class INRelevantShortcutStore: @unchecked Sendable {
    /// The store.
    public static let `default` = INRelevantShortcutStore()

    private init() {}

    /// Replaces the app's relevant shortcuts.
    ///
    /// - Parameters:
    ///   - shortcuts: The shortcuts.
    ///   - completionHandler: Called before the call returns, with `nil` or an ``INIntentError`` 1901.
    public func setRelevantShortcuts(_ shortcuts: [INRelevantShortcut], completionHandler: ((Error?) -> Void)? = nil) {
        let items = shortcuts.map { item -> [String: Any] in
            var object = item.shortcut.donationObject
            if let date = item.relevanceProviders.compactMap({ $0 as? INDateRelevanceProvider }).first {
                object["startDate"] = date.startDate.timeIntervalSince1970
                if let end = date.endDate { object["endDate"] = end.timeIntervalSince1970 }
            }
            return object
        }
        let error = INInteraction.send(.setRelevantShortcuts, ["shortcuts": items], .donatingInteraction,
                                       "Error setting relevant shortcuts")
        completionHandler?(error)
    }
}

extension INShortcut {
    /// The shortcut as the JSON the donation store takes.
    var donationObject: [String: Any] {
        switch self {
        case .intent(let intent):
            var object: [String: Any] = ["intent": type(of: intent).intentName, "parameters": IntentParameters.jsonObject(of: intent)]
            if let phrase = intent.suggestedInvocationPhrase { object["suggestedInvocationPhrase"] = phrase }
            return object
        case .userActivity(let activity):
            var object: [String: Any] = ["activityType": activity.activityType, "userInfo": activity.userInfo.map(PropertyListJSON.object(from:)) ?? [:]]
            if let title = activity.title { object["title"] = title }
            if let identifier = activity.persistentIdentifier { object["persistentIdentifier"] = identifier }
            if let phrase = activity.suggestedInvocationPhrase { object["suggestedInvocationPhrase"] = phrase }
            return object
        }
    }
}
