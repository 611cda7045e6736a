import Foundation
import GRDB

/// One donation: an interaction (`INInteraction.donate`, or recorded by the
/// system after a request it handled) or a user activity (`becomeCurrent()`).
public struct Donation: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    /// How the donation reached the store.
    public enum Source: String, Codable, Sendable {
        /// `INInteraction.donate` or `NSUserActivity.becomeCurrent()`.
        case donated
        /// Recorded by the system after a request it handled.
        case system
    }

    public static let databaseTableName = "donation"

    /// `INInteraction.identifier`, or a new UUID for an activity.
    public var identifier: String
    /// What was done.
    public var shortcut: Shortcut
    /// `INInteraction.groupIdentifier`.
    public var groupIdentifier: String?
    /// `INIntentHandlingStatus` by name (`success`, `failure`, …); nil for activities.
    public var intentHandlingStatus: String?
    /// Whether the request ended in an error response (handling status
    /// `failure`): not suggested (``SuggestionRanker``).
    public var failed: Bool { intentHandlingStatus == "failure" }
    /// `isEligibleForPrediction` (always true for interactions).
    public var eligibleForPrediction: Bool
    public var source: Source
    /// When it took place (`dateInterval`).
    public var startDate: Date
    public var endDate: Date

    /// Creates a donation.
    public init(identifier: String = UUID().uuidString, shortcut: Shortcut, groupIdentifier: String? = nil,
                intentHandlingStatus: String? = nil, eligibleForPrediction: Bool = true, source: Source = .donated,
                startDate: Date = Date(), endDate: Date? = nil) {
        self.identifier = identifier
        self.shortcut = shortcut
        self.groupIdentifier = groupIdentifier
        self.intentHandlingStatus = intentHandlingStatus
        self.eligibleForPrediction = eligibleForPrediction
        self.source = source
        self.startDate = startDate
        self.endDate = endDate ?? startDate
    }

    enum Field: String, ColumnExpression {
        case identifier, app, kind, intent, parameters, activityType, title, userInfo, persistentIdentifier
        case suggestedInvocationPhrase, shortcutKey, groupIdentifier, intentHandlingStatus, eligibleForPrediction
        case source, startDate, endDate
    }

    public init(row: Row) throws {
        identifier = row[Field.identifier]
        shortcut = Shortcut(
            kind: Shortcut.Kind(rawValue: row[Field.kind]) ?? .intent,
            app: row[Field.app], intent: row[Field.intent], parameters: row[Field.parameters],
            activityType: row[Field.activityType], title: row[Field.title], userInfo: row[Field.userInfo],
            persistentIdentifier: row[Field.persistentIdentifier],
            suggestedInvocationPhrase: row[Field.suggestedInvocationPhrase]
        )
        groupIdentifier = row[Field.groupIdentifier]
        intentHandlingStatus = row[Field.intentHandlingStatus]
        eligibleForPrediction = row[Field.eligibleForPrediction]
        source = Source(rawValue: row[Field.source]) ?? .donated
        startDate = Date(timeIntervalSince1970: row[Field.startDate])
        endDate = Date(timeIntervalSince1970: row[Field.endDate])
    }

    public func encode(to container: inout PersistenceContainer) throws {
        container[Field.identifier] = identifier
        container[Field.app] = shortcut.app
        container[Field.kind] = shortcut.kind.rawValue
        container[Field.intent] = shortcut.intent
        container[Field.parameters] = shortcut.parameters
        container[Field.activityType] = shortcut.activityType
        container[Field.title] = shortcut.title
        container[Field.userInfo] = shortcut.userInfo
        container[Field.persistentIdentifier] = shortcut.persistentIdentifier
        container[Field.suggestedInvocationPhrase] = shortcut.suggestedInvocationPhrase
        container[Field.shortcutKey] = shortcut.key
        container[Field.groupIdentifier] = groupIdentifier
        container[Field.intentHandlingStatus] = intentHandlingStatus
        container[Field.eligibleForPrediction] = eligibleForPrediction
        container[Field.source] = source.rawValue
        container[Field.startDate] = startDate.timeIntervalSince1970
        container[Field.endDate] = endDate.timeIntervalSince1970
    }

    /// The donation as JSON, for `--json` output.
    public var jsonObject: [String: Any] {
        var object: [String: Any] = [
            "identifier": identifier, "shortcut": shortcut.jsonObject, "source": source.rawValue,
            "eligibleForPrediction": eligibleForPrediction,
            "date": ISO8601DateFormatter().string(from: startDate),
        ]
        if let groupIdentifier { object["groupIdentifier"] = groupIdentifier }
        if let intentHandlingStatus { object["intentHandlingStatus"] = intentHandlingStatus }
        return object
    }
}
